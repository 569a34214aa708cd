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

  /// How many authors ``topAuthors`` lists at most, and works ``topWorks``.
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
  /// How many different works the favorites name (as written); favorites without one are not
  /// counted.
  public var works: Int
  /// The works with the most favorites, most first (ties by name), at most
  /// ``topAuthorLimit``.
  public var topWorks: [Count]

  /// Makes stats.
  public init(
    total: Int,
    authors: Int,
    topAuthors: [Count],
    sources: [Count],
    tags: [Count],
    untagged: Int,
    months: [Count],
    works: Int = 0,
    topWorks: [Count] = []
  ) {
    self.total = total
    self.authors = authors
    self.topAuthors = topAuthors
    self.sources = sources
    self.tags = tags
    self.untagged = untagged
    self.months = months
    self.works = works
    self.topWorks = topWorks
  }

  /// The stats' keys; `works` and `topWorks` are written only for a library that names a
  /// work, so the stats of one that names none read as they always did.
  enum CodingKeys: String, CodingKey {
    case total, authors, topAuthors, sources, tags, untagged, months, works, topWorks
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    total = try container.decode(Int.self, forKey: .total)
    authors = try container.decode(Int.self, forKey: .authors)
    topAuthors = try container.decode([Count].self, forKey: .topAuthors)
    sources = try container.decode([Count].self, forKey: .sources)
    tags = try container.decode([Count].self, forKey: .tags)
    untagged = try container.decode(Int.self, forKey: .untagged)
    months = try container.decode([Count].self, forKey: .months)
    works = try container.decodeIfPresent(Int.self, forKey: .works) ?? 0
    topWorks = try container.decodeIfPresent([Count].self, forKey: .topWorks) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(total, forKey: .total)
    try container.encode(authors, forKey: .authors)
    try container.encode(topAuthors, forKey: .topAuthors)
    try container.encode(sources, forKey: .sources)
    try container.encode(tags, forKey: .tags)
    try container.encode(untagged, forKey: .untagged)
    try container.encode(months, forKey: .months)
    if works > 0 {
      try container.encode(works, forKey: .works)
      try container.encode(topWorks, forKey: .topWorks)
    }
  }

  /// The SQL of ``topWorks``, the same on both stores: works compared by their bytes.
  static func topWorksSQL(collate: String) -> String {
    """
    SELECT work, count(*) AS n FROM favorite WHERE work <> ''
    GROUP BY work ORDER BY n DESC, work\(collate) LIMIT \(topAuthorLimit)
    """
  }

  /// The SQL of ``works``.
  static let workCountSQL = "SELECT count(DISTINCT work) FROM favorite WHERE work <> ''"

  /// The stats of an empty library.
  public static let empty = FavoriteStats(
    total: 0, authors: 0, topAuthors: [], sources: [], tags: [], untagged: 0, months: [])
}
