/// PostgreSQL's text form of an array, for sending a batch of values as one parameter
/// (`$1::text[]`, `$2::bigint[]`) that `unnest` turns back into rows.
enum PostgresArray {
  /// `{"a","b \"c\"",NULL}`: each value in double quotes with `"` and `\` escaped by a
  /// backslash, which is the whole of the quoting an element needs; nil is NULL.
  static func literal(_ values: [String?]) -> String {
    var text = "{"
    text.reserveCapacity(values.count * 16)
    for (index, value) in values.enumerated() {
      if index > 0 { text.append(",") }
      guard let value else {
        text.append("NULL")
        continue
      }
      text.append("\"")
      if value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
        for character in value.unicodeScalars {
          if character == "\"" || character == "\\" { text.append("\\") }
          text.unicodeScalars.append(character)
        }
      } else {
        text.append(value)
      }
      text.append("\"")
    }
    text.append("}")
    return text
  }

  /// ``literal(_:)`` of values that are never NULL.
  static func literal(_ values: [String]) -> String {
    literal(values.map(Optional.some))
  }
}
