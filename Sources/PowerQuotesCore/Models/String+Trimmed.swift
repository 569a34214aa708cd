extension String {
  /// Without white space at either end: what `trimmingCharacters(in: .whitespacesAndNewlines)`
  /// gives, found without Foundation's character sets (an import trims several fields a row).
  var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isWhitespaceOrNewline($0) }),
      let last = scalars.lastIndex(where: { !Self.isWhitespaceOrNewline($0) })
    else { return "" }
    if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) {
      return self
    }
    return String(scalars[first...last])
  }

  /// Whether the scalar is in `CharacterSet.whitespacesAndNewlines` as Foundation on Linux has
  /// it: general category Z*, tab, the line breaks U+000A-U+000D and U+0085, and also the zero
  /// width space U+200B (a test holds the list against Foundation's set).
  static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      true
    default:
      false
    }
  }

  /// The text of UTF-8 `bytes`, or nil when they are not valid UTF-8: what
  /// `String(validating:as: UTF8.self)` gives.
  ///
  /// That initializer is generic over the encoding and not specialized for callers, so each
  /// call looks up type metadata at run time: 2.5% of a 100,000-row JSON import, whose every
  /// string it made. ASCII, nearly every field of an import, is valid UTF-8 as it is.
  init?(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    if UntrustedText.isASCII(bytes) {
      self.init(decoding: bytes, as: UTF8.self)
      return
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    self = text
  }

  /// ``init(validatingUTF8:)`` of the bytes of an array.
  init?(validatingUTF8 bytes: [UInt8]) {
    guard let text = bytes.withUnsafeBufferPointer({ String(validatingUTF8: $0) }) else {
      return nil
    }
    self = text
  }
}
