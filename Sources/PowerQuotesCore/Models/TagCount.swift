/// A tag and how many favorites have it.
public struct TagCount: Codable, Equatable, Sendable {
  /// The tag.
  public var tag: Tag
  /// How many favorites have it.
  public var count: Int

  /// Makes a count.
  public init(tag: Tag, count: Int) {
    self.tag = tag
    self.count = count
  }
}
