/// Small pieces that the row writers (`fav list`, `fav export`, JSON) append to a byte buffer.
enum RowBytes {
  /// Appends `value` in decimal.
  static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
    ByteCursor.appending(capacity: 20, to: &out) { $0.writeDecimal(value) }
  }

  /// How many digits `value` has in decimal.
  static func decimalCount(_ value: Int64) -> Int {
    decimalCount(value.magnitude)
  }

  /// How many digits `value` has in decimal.
  static func decimalCount(_ value: UInt64) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }

  /// Writes simple text cut to `width` columns as ``TerminalText/fitted(_:width:)`` cuts it,
  /// and returns the columns shown: at most `bytes.count` + 3 bytes.
  ///
  /// `length` is what ``UntrustedText/simpleLength(_:)`` gave for the bytes; `width` is 1 or
  /// more.
  static func writeFitted(
    _ bytes: UnsafeBufferPointer<UInt8>, length: Int, width: Int, to out: inout ByteCursor
  ) -> Int {
    if length <= width {
      out.write(bytes)
      return length
    }
    // Keep width - 1 scalars, then drop spaces and no-break spaces before the ellipsis.
    var end = 0
    var kept = 0
    if length == bytes.count {
      (end, kept) = (width - 1, width - 1)
    } else {
      while kept < width - 1 {
        let lead = bytes[end]
        end += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3
        kept += 1
      }
    }
    while end > 0 {
      if bytes[end - 1] == 0x20 {
        end -= 1
      } else if end >= 2 && bytes[end - 2] == 0xC2 && bytes[end - 1] == 0xA0 {
        end -= 2
      } else {
        break
      }
      kept -= 1
    }
    out.write(UnsafeBufferPointer(rebasing: bytes[..<end]))
    out.write(0xE2)  // …
    out.write(0x80)
    out.write(0xA6)
    return kept + 1
  }

  /// Whether a `tags` column's bytes split at their spaces as `String.split(separator: " ")`
  /// splits the text: no space sits next to a byte of a multi-byte character, with which it
  /// could form one grapheme cluster.
  static func splitsAtSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in bytes.indices where bytes[index] == 0x20 {
      if index > 0 && bytes[index - 1] >= 0x80 { return false }
      if index + 1 < bytes.count && bytes[index + 1] >= 0x80 { return false }
    }
    return true
  }

  /// Whether a `tags` column's bytes are printable ASCII names one space apart, with no space
  /// before the first or after the last: exactly `tags.joined(separator: " ")`.
  static func arePlainTags(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else {
      return bytes.isEmpty
    }
    var previous: UInt8 = 0
    for byte in bytes {
      guard byte >= 0x20 && byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
      previous = byte
    }
    return true
  }
}
