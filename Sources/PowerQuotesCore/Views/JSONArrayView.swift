/// A JSON array of favorites written an element at a time, so a long list is never all in memory:
/// `[`, then each element on its own lines, then `]`, as ``JSONView/render(_:)`` lays out arrays.
public struct JSONArrayView: Sendable {
  private var count = 0

  /// An array with nothing written yet.
  public init() {}

  /// The text that opens the array.
  public let opening = "["

  /// `favorite` as the next element, after the separator it needs.
  public mutating func element(_ favorite: Favorite) -> String {
    defer { count += 1 }
    return (count == 0 ? "\n" : ",\n") + JSONView.arrayElement(favorite)
  }

  /// Appends ``element(_:)`` of `row`'s favorite: from the row's bytes when they are clean
  /// UTF-8 (see ``FavoriteJSON``), the decoded favorite otherwise.
  public mutating func appendElement(_ row: FavoriteRow, to out: inout [UInt8]) {
    let separator = count == 0 ? "\n" : ",\n"
    if case .raw(let raw) = row,
      FavoriteJSON.appendArrayElement(raw, dates: .seconds, after: separator, to: &out)
    {
      count += 1
      return
    }
    out.append(contentsOf: element(row.favorite).utf8)
  }

  /// The text that closes the array, with a trailing newline.
  public var closing: String { count == 0 ? "]\n" : "\n]\n" }
}
