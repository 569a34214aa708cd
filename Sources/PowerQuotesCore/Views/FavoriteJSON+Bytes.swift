extension FavoriteJSON {
  /// Appends ``arrayElement(_:dates:after:)`` of a row read as bytes, after `separator`, and
  /// returns true; returns false, appending nothing, when a column is not clean UTF-8
  /// (``UntrustedText/isCleanUTF8(_:)``) or its tags would not split at their bytes, for the
  /// caller to write the decoded favorite instead.
  static func appendArrayElement(
    _ row: RawFavorite, dates: DateStyle, after separator: String, to out: inout [UInt8]
  ) -> Bool {
    guard UntrustedText.isCleanUTF8(row.quote), UntrustedText.isCleanUTF8(row.author),
      UntrustedText.isCleanUTF8(row.source), UntrustedText.isCleanUTF8(row.note),
      UntrustedText.isCleanUTF8(row.tags), RowBytes.splitsAtSpaces(row.tags)
    else { return false }
    out.append(contentsOf: separator.utf8)
    out.append(contentsOf: "  {\n    \"author\" : ".utf8)
    appendString(row.author, to: &out)
    out.append(contentsOf: ",\n    \"id\" : ".utf8)
    RowBytes.appendDecimal(row.id, to: &out)
    if !row.note.isEmpty {
      out.append(contentsOf: ",\n    \"note\" : ".utf8)
      appendString(row.note, to: &out)
    }
    out.append(contentsOf: ",\n    \"quote\" : ".utf8)
    appendString(row.quote, to: &out)
    out.append(contentsOf: ",\n    \"savedAt\" : \"".utf8)
    switch dates {
    case .seconds: Timestamp.appendISOSeconds(stored: row.savedAt, to: &out)
    case .milliseconds: Timestamp.appendExported(stored: row.savedAt, to: &out)
    }
    out.append(contentsOf: "\",\n    \"source\" : ".utf8)
    appendString(row.source, to: &out)
    if let sourceID = row.sourceID {
      out.append(contentsOf: ",\n    \"sourceId\" : ".utf8)
      RowBytes.appendDecimal(Int64(sourceID), to: &out)
    }
    var tagCount = 0
    for tag in row.tags.split(separator: 0x20) {
      out.append(contentsOf: (tagCount == 0 ? ",\n    \"tags\" : [\n      " : ",\n      ").utf8)
      appendString(UnsafeBufferPointer(rebasing: tag), to: &out)
      tagCount += 1
    }
    if tagCount > 0 { out.append(contentsOf: "\n    ]".utf8) }
    out.append(contentsOf: "\n  }".utf8)
    return true
  }

  /// Appends clean UTF-8 `bytes` as a JSON string literal, escaped as ``string(_:)`` escapes
  /// the same text.
  static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most text is printable ASCII with nothing to escape: copy it whole.
    var plain: UInt8 = 0
    for byte in bytes {
      plain |= (byte &- 0x20 >= 0x5F || byte == 0x22 || byte == 0x5C) ? 1 : 0
    }
    if plain == 0 {
      out.append(contentsOf: bytes)
      out.append(UInt8(ascii: "\""))
      return
    }
    var plainStart = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
        index += 1
        continue
      }
      // The scalar to escape and its length in bytes, if this byte starts one.
      var scalar: UInt32 = UInt32(byte)
      var length = 1
      let next = index + 1 < count ? bytes[index + 1] : 0
      let third = index + 2 < count ? bytes[index + 2] : 0
      switch byte {
      case 0x00...0x7F:
        break
      case 0xC2 where (0x80...0x9F).contains(next):
        (scalar, length) = (UInt32(next), 2)
      case 0xD8 where next == 0x9C:
        (scalar, length) = (0x061C, 2)
      case 0xE2
      where next == 0x80 && ((0x8E...0x8F).contains(third) || (0xAA...0xAE).contains(third)):
        (scalar, length) = (0x2000 | UInt32(third & 0x3F), 3)
      case 0xE2 where next == 0x81 && (0xA6...0xA9).contains(third):
        (scalar, length) = (0x2040 | UInt32(third & 0x3F), 3)
      default:
        // Any other byte of a multi-byte character is written as it is.
        index += 1
        continue
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
      appendEscape(scalar, to: &out)
      index += length
      plainStart = index
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<count]))
    out.append(UInt8(ascii: "\""))
  }

  /// Appends the escape ``escape(_:)`` writes for `scalar`, one that has one.
  private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\\"))
    switch scalar {
    case 0x22: out.append(UInt8(ascii: "\""))
    case 0x5C: out.append(UInt8(ascii: "\\"))
    case 0x08: out.append(UInt8(ascii: "b"))
    case 0x0C: out.append(UInt8(ascii: "f"))
    case 0x0A: out.append(UInt8(ascii: "n"))
    case 0x0D: out.append(UInt8(ascii: "r"))
    case 0x09: out.append(UInt8(ascii: "t"))
    default:
      // C0 controls in lower-case hex (as JSONEncoder writes them), the others in upper case.
      let digits: [UInt8] = Array((scalar < 0x20 ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
      out.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(digits[Int(scalar >> UInt32(shift) & 0xF)])
      }
    }
  }
}
