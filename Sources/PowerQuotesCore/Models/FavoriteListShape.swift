/// The size of a list of favorites, for laying out its table.
public struct FavoriteListShape: Sendable, Equatable {
  /// How many favorites.
  public var count: Int
  /// The largest id.
  public var largestID: Int64
  /// The widest author, in terminal columns, after sanitizing.
  public var widestAuthor: Int

  /// Makes a shape.
  public init(count: Int, largestID: Int64, widestAuthor: Int) {
    self.count = count
    self.largestID = largestID
    self.widestAuthor = widestAuthor
  }
}
