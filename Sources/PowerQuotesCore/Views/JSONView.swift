import Foundation

/// `--format json`: models as pretty, key-sorted JSON with ISO 8601 dates.
public enum JSONView {
  /// `value` as JSON with a trailing newline.
  public static func render(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // As `.iso8601` writes them, but in the proleptic Gregorian calendar of stored times.
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Timestamp.isoSeconds(date) ?? date.ISO8601Format())
    }
    // Encoding these models cannot fail: they hold only strings, numbers and dates.
    let data = (try? encoder.encode(value)) ?? Data("null".utf8)
    return escapingInvisibleControls(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// `value` as one element of a pretty-printed JSON array, indented to sit inside `[` and `]`,
  /// without a separator: for streaming an array too long to build in memory.
  public static func arrayElement(_ value: some Encodable) -> String {
    encodedArrayElement(value)
  }

  /// A favorite as an array element, as ``arrayElement(_:)`` writes any value, but without an
  /// encoder: a list of 100,000 favorites is written at the speed it is read.
  public static func arrayElement(_ favorite: Favorite) -> String {
    FavoriteJSON.arrayElement(favorite, dates: .seconds) ?? encodedArrayElement(favorite)
  }

  /// ``arrayElement(_:)`` through `JSONEncoder`, for any value.
  static func encodedArrayElement(_ value: some Encodable) -> String {
    var element = render(value)
    element.removeLast()  // the newline
    return element.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
      .joined(separator: "\n")
  }

  /// `json` with DEL, C1 controls and bidi overrides written as `\\uXXXX` escapes.
  ///
  /// JSONEncoder escapes C0 controls but passes the others through raw, and U+009B is a CSI on
  /// some terminals; escaped, JSON on a terminal is inert. They can only occur inside strings,
  /// where the escape means the same character.
  static func escapingInvisibleControls(_ json: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      switch scalar.value {
      case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        result.append(contentsOf: escape.unicodeScalars)
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
