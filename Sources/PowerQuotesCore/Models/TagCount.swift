/// A tag and how many favorites have it.
public struct TagCount: Codable, Equatable, Sendable {
  /// The tag.
  public var tag: FavoriteTag
  /// How many favorites have it.
  public var count: Int

  /// Makes a count.
  public init(tag: FavoriteTag, count: Int) {
    self.tag = tag
    self.count = count
  }
}
