/// A favorite as one element of a pretty-printed JSON array: the one writer of a favorite in
/// `fav list --format json`, `fav find --format json` and `fav export --format json`.
///
/// Written byte by byte rather than through `JSONEncoder` (an encoder per row costs more than
/// reading the row), in `JSONEncoder`'s layout (see ``JSONView/render(_:)``): keys sorted,
/// `"key" : value`, two spaces per level, its escapes, and ``JSONView`` 's escapes of DEL, C1
/// controls and bidi controls.
enum FavoriteJSON {
  /// How `savedAt` is written.
  enum DateStyle {
    /// `2026-11-22T10:00:00Z`, as `JSONEncoder`'s `.iso8601` writes it.
    case seconds
    /// `2026-11-22T10:00:00.250Z`, as ``ExportView/timestamp(_:)`` writes it.
    case milliseconds
  }

  /// Appends `row`'s favorite as an array element indented by two spaces, after `separator`.
  ///
  /// From the row's bytes when every column is valid UTF-8 without a NUL
  /// (``UntrustedText/isCleanUTF8(_:)``) and its tags split at their bytes as text splits
  /// them; from the favorite the store decodes otherwise.
  static func appendArrayElement(
    _ row: FavoriteRow, dates: DateStyle, after separator: String, to out: inout [UInt8]
  ) {
    if case .raw(let raw) = row,
      raw.withColumns({ appendElement(raw, $0, dates: dates, after: separator, to: &out) })
    {
      return
    }
    let decoded = RawFavorite(row.favorite)
    _ = decoded.withColumns {
      appendElement(decoded, $0, dates: dates, after: separator, to: &out, checked: true)
    }
  }

  /// Appends the element of `row`, whose text columns are `columns`, and returns true; false,
  /// appending nothing, when a column is not clean UTF-8 and `checked` is false.
  private static func appendElement(
    _ row: RawFavorite, _ columns: RawFavorite.Columns, dates: DateStyle,
    after separator: String, to out: inout [UInt8], checked: Bool = false
  ) -> Bool {
    guard
      checked
        || (UntrustedText.isCleanUTF8(columns.quote) && UntrustedText.isCleanUTF8(columns.author)
          && UntrustedText.isCleanUTF8(columns.source) && UntrustedText.isCleanUTF8(columns.note)
          && UntrustedText.isCleanUTF8(columns.tags) && RowBytes.splitsAtSpaces(columns.tags)
          && UntrustedText.isCleanUTF8(columns.work))
    else { return false }
    out.append(contentsOf: separator.utf8)
    out.append(contentsOf: "  {\n    \"author\" : ".utf8)
    appendString(columns.author, to: &out)
    out.append(contentsOf: ",\n    \"id\" : ".utf8)
    RowBytes.appendDecimal(row.id, to: &out)
    if !columns.note.isEmpty {
      out.append(contentsOf: ",\n    \"note\" : ".utf8)
      appendString(columns.note, to: &out)
    }
    out.append(contentsOf: ",\n    \"quote\" : ".utf8)
    appendString(columns.quote, to: &out)
    // A favorite with no time (none is listed in full) has no `savedAt`, as JSONEncoder
    // leaves out a nil. A store hands over a time of the stored shape, or none.
    if columns.savedAt.count == Timestamp.storedCount {
      out.append(contentsOf: ",\n    \"savedAt\" : \"".utf8)
      switch dates {
      case .seconds: Timestamp.appendISOSeconds(stored: columns.savedAt, to: &out)
      case .milliseconds: Timestamp.appendExported(stored: columns.savedAt, to: &out)
      }
      out.append(UInt8(ascii: "\""))
    }
    out.append(contentsOf: ",\n    \"source\" : ".utf8)
    appendString(columns.source, to: &out)
    if let sourceID = row.sourceID {
      out.append(contentsOf: ",\n    \"sourceId\" : ".utf8)
      RowBytes.appendDecimal(Int64(sourceID), to: &out)
    }
    var tagCount = 0
    for tag in columns.tags.split(separator: row.tagSeparator) {
      out.append(contentsOf: (tagCount == 0 ? ",\n    \"tags\" : [\n      " : ",\n      ").utf8)
      appendString(UnsafeBufferPointer(rebasing: tag), to: &out)
      tagCount += 1
    }
    if tagCount > 0 { out.append(contentsOf: "\n    ]".utf8) }
    if !columns.work.isEmpty {
      out.append(contentsOf: ",\n    \"work\" : ".utf8)
      appendString(columns.work, to: &out)
    }
    out.append(contentsOf: "\n  }".utf8)
    return true
  }

  /// Appends clean UTF-8 `bytes` as a JSON string literal, quotes included, escaped as
  /// `JSONEncoder` escapes it (without escaping slashes), and DEL, C1 controls and bidi
  /// controls as ``JSONView/escapingInvisibleControls(_:)`` escapes them.
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

  /// Appends the escape of `scalar`, one that ``appendString(_:to:)`` escapes.
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
