import GRDB

extension QuoteDatabase {
  /// How many favorites pass `filter`'s author and tag (its length is not looked at), counted
  /// through indexes.
  public func favoriteCount(matching filter: FavoriteFilter) throws -> Int {
    guard let query = Self.candidates(filter) else { return 0 }
    return try translatingErrors {
      try readOneStatement { db in
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM (\(query.sql))", arguments: query.arguments) ?? 0
      }
    }
  }

  /// The id of the favorite at `index` (0 ..< ``favoriteCount(matching:)``) in id order among
  /// those that pass `filter`'s author and tag, if there is one.
  ///
  /// Counted through an index of ids alone: `favorite_by_id`, the author index, or the tag
  /// index; never through the quotes.
  public func favoriteID(atIndex index: Int, matching filter: FavoriteFilter) throws -> Int64? {
    guard let query = Self.candidates(filter) else { return nil }
    return try translatingErrors {
      try readOneStatement { db in
        try Int64.fetchOne(
          db,
          sql: query.sql + " ORDER BY id LIMIT 1 OFFSET ?",
          arguments: query.arguments + [index]
        )
      }
    }
  }

  /// Calls `body` with the index (as ``poolQuote(at:)`` takes it) and text of each pool quote
  /// with at least `minimumScalars` scalars, in the order they were first seen.
  public func forEachPoolText(
    minimumScalars: Int,
    _ body: (Int, String) throws -> Void
  ) throws {
    try translatingErrors {
      try writer.read { db in
        let rows = try Row.fetchCursor(
          db,
          sql: "SELECT id, quote FROM pool_quote WHERE length(quote) >= ? ORDER BY id",
          arguments: [minimumScalars]
        )
        while let row = try rows.next() {
          let id: Int = try row.decode(atIndex: 0)
          try body(id - 1, try row.decode(atIndex: 1))
        }
      }
    }
  }

  /// A query of the ids of the favorites that pass `filter`'s author and tag, and its
  /// arguments; nil when none can.
  private static func candidates(
    _ filter: FavoriteFilter
  ) -> (sql: String, arguments: StatementArguments)? {
    if filter.work != nil {
      // Through the full-text index: the conditions of a listing.
      guard let all = Self.filter(matching: filter.author, tag: filter.tag, work: filter.work)
      else { return nil }
      return ("SELECT id FROM favorite WHERE 1" + all.sql, all.arguments)
    }
    guard let author = Self.filter(matching: filter.author) else { return nil }
    guard let tag = filter.tag else {
      if filter.author == nil {
        // Every favorite: the index of ids alone is a fraction of the table.
        return ("SELECT id FROM favorite INDEXED BY favorite_by_id WHERE 1", [])
      }
      return ("SELECT id FROM favorite WHERE 1" + author.sql, author.arguments)
    }
    if filter.author == nil {
      // The tag index holds (tag, favorite_id): it answers alone.
      return ("SELECT favorite_id AS id FROM favorite_tag WHERE tag = ?", [tag.name])
    }
    return (
      "SELECT id FROM favorite WHERE id IN (SELECT favorite_id FROM favorite_tag WHERE tag = ?)"
        + author.sql,
      [tag.name] + author.arguments
    )
  }
}
