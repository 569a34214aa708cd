/// What `fav stats` tells about the library: how many favorites, by whom, from where, with
/// which tags, and when they were saved.
public struct FavoriteStats: Codable, Sendable, Equatable {
  /// A name (an author, a source, a tag, a month) and how many favorites it has.
  public struct Count: Codable, Sendable, Equatable {
    /// The author as first saved, the source's name, the tag, or the month as `2026-01`.
    public var name: String
    /// How many favorites.
    public var count: Int

    /// Makes a count.
    public init(_ name: String, _ count: Int) {
      self.name = name
      self.count = count
    }
  }

  /// How many authors ``topAuthors`` lists at most.
  public static let topAuthorLimit = 10

  /// How many favorites there are.
  public var total: Int
  /// How many different authors (ignoring case and diacritics, as `fav search` does).
  public var authors: Int
  /// The authors with the most favorites, most first (ties by name), at most
  /// ``topAuthorLimit``.
  public var topAuthors: [Count]
  /// Favorites by source (`dummyjson`, `zenquotes`, `manual`, ...), most first.
  public var sources: [Count]
  /// Favorites by tag, most first (ties by name).
  public var tags: [Count]
  /// Favorites with no tag.
  public var untagged: Int
  /// Favorites saved in each month of the local calendar, oldest first; months with none are
  /// left out.
  public var months: [Count]

  /// Makes stats.
  public init(
    total: Int,
    authors: Int,
    topAuthors: [Count],
    sources: [Count],
    tags: [Count],
    untagged: Int,
    months: [Count]
  ) {
    self.total = total
    self.authors = authors
    self.topAuthors = topAuthors
    self.sources = sources
    self.tags = tags
    self.untagged = untagged
    self.months = months
  }

  /// The stats of an empty library.
  public static let empty = FavoriteStats(
    total: 0, authors: 0, topAuthors: [], sources: [], tags: [], untagged: 0, months: [])
}
