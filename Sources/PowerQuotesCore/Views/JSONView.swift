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
