import Foundation

/// A favorite as one element of a pretty-printed JSON array, written directly rather than through
/// `JSONEncoder`: `fav list --format json` and `fav export` write one per favorite, and an
/// encoder per row costs more than reading the row.
///
/// The bytes are exactly those of ``JSONView/arrayElement(_:)`` (or the export's element, with
/// milliseconds): keys sorted, `"key" : value`, two spaces per level, the same escapes, and
/// ``JSONView`` 's escapes of DEL, C1 controls and bidi controls. Tests hold the two side by side.
enum FavoriteJSON {
  /// How `savedAt` is written.
  enum DateStyle {
    /// `2026-11-22T10:00:00Z`, as `JSONEncoder`'s `.iso8601` writes it.
    case seconds
    /// `2026-11-22T10:00:00.250Z`, as ``ExportView/timestamp(_:)`` writes it.
    case milliseconds
  }

  /// The favorite as an array element indented by two spaces, after `separator`; nil for a
  /// time this writer does not format (outside the years 0000 through 9999, or none: see
  /// ``Favorite/savedAt``), which the caller then encodes the slow way.
  ///
  /// The separator (`,\n` between elements) starts the same string, so that the element is not
  /// copied again to put one before it.
  static func arrayElement(
    _ favorite: Favorite, dates: DateStyle, after separator: String = ""
  ) -> String? {
    let savedAt: String
    switch dates {
    case .seconds:
      guard let date = favorite.savedAt, let seconds = Timestamp.isoSeconds(date) else {
        return nil
      }
      savedAt = seconds
    case .milliseconds:
      guard let date = favorite.savedAt, let milliseconds = Timestamp.fastUTC(date, separator: "T")
      else {
        return nil
      }
      savedAt = milliseconds + "Z"
    }
    let quote = favorite.quote
    var json = separator
    json.reserveCapacity(quote.text.utf8.count + quote.author.utf8.count + 160)
    json += "  {\n    \"author\" : "
    appendString(quote.author, to: &json)
    json += ",\n    \"id\" : "
    json += String(favorite.id)
    if !favorite.note.isEmpty {
      json += ",\n    \"note\" : "
      appendString(favorite.note, to: &json)
    }
    json += ",\n    \"quote\" : "
    appendString(quote.text, to: &json)
    json += ",\n    \"savedAt\" : \""
    json += savedAt
    json += "\",\n    \"source\" : "
    appendString(quote.source.rawValue, to: &json)
    if let sourceID = quote.sourceID {
      json += ",\n    \"sourceId\" : "
      json += String(sourceID)
    }
    if !favorite.tags.isEmpty {
      json += ",\n    \"tags\" : ["
      for (index, tag) in favorite.tags.enumerated() {
        json += index == 0 ? "\n      " : ",\n      "
        appendString(tag, to: &json)
      }
      json += "\n    ]"
    }
    json += "\n  }"
    return json
  }

  /// `text` as a JSON string literal, quotes included.
  static func string(_ text: String) -> String {
    var json = ""
    appendString(text, to: &json)
    return json
  }

  /// Appends `text` as a JSON string literal, escaped as `JSONEncoder` (without escaping
  /// slashes) and then ``JSONView/escapingInvisibleControls(_:)`` escape it.
  private static func appendString(_ text: String, to json: inout String) {
    json += "\""
    // Most text is printable ASCII with nothing to escape: copy it whole.
    var plain = text
    let isPlain = plain.withUTF8 { bytes in
      var isPlain = true
      for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
        isPlain = false
      }
      return isPlain
    }
    if isPlain {
      json += text
      json += "\""
      return
    }
    var plainStart = text.unicodeScalars.startIndex
    var index = plainStart
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if let escape = escape(scalar) {
        json.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
        json += escape
        plainStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    json.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
    json += "\""
  }

  /// The escape that stands for `scalar` inside a string, or nil when it is written as it is.
  private static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x22: return "\\\""
    case 0x5C: return "\\\\"
    case 0x08: return "\\b"
    case 0x0C: return "\\f"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x00...0x1F: return "\\u00" + hex(scalar.value, digits: 2, uppercase: false)
    case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
      return "\\u" + hex(scalar.value, digits: 4, uppercase: true)
    default: return nil
    }
  }

  private static func hex(_ value: UInt32, digits: Int, uppercase: Bool) -> String {
    let text = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
