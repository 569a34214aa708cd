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

  /// The text that closes the array, with a trailing newline.
  public var closing: String { count == 0 ? "]\n" : "\n]\n" }
}
