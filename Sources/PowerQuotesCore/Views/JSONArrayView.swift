/// A JSON array of favorites written an element at a time, so a long list is never all in memory:
/// `[`, then each element on its own lines (``FavoriteJSON``), then `]`, as
/// ``JSONView/render(_:)`` lays out arrays.
public struct JSONArrayView: Sendable {
  private var count = 0

  /// An array with nothing written yet.
  public init() {}

  /// The text that opens the array.
  public let opening = "["

  /// Appends `row`'s favorite as the next element, after the separator it needs.
  public mutating func appendElement(_ row: FavoriteRow, to out: inout [UInt8]) {
    FavoriteJSON.appendArrayElement(
      row, dates: .seconds, after: count == 0 ? "\n" : ",\n", to: &out)
    count += 1
  }

  /// The text that closes the array, with a trailing newline.
  public var closing: String { count == 0 ? "]\n" : "\n]\n" }
}
