import Foundation

extension PostgresStore: FavoriteStore {
  /// The columns a favorite is read from, in the order ``favorite(_:)`` reads them.
  static let favoriteColumns = "id, quote, author, source, source_id, saved_at, note, tags"

  /// How many favorites one statement of a listing reads: libpq holds a whole result in
  /// memory, so a long list goes by pages of ids.
  static let pageSize = 2000

  /// The INSERT of one favorite, returning it.
  ///
  /// `$1`...`$8` are the quote, author, source, source id, saved time, quote key, author key
  /// and folded author.
  /// The server decides what is a duplicate. `WHERE NOT EXISTS` skips a known favorite before
  /// the identity is drawn, so a duplicate uses up no id; `ON CONFLICT` on the unique index
  /// catches the one another machine saved at the same moment.
  static let insertFavoriteSQL = """
    INSERT INTO favorite
      (quote, author, source, source_id, saved_at, quote_key, author_key, author_folded)
    SELECT $1, $2, $3, $4::bigint, $5, $6, $7, $8
    WHERE NOT EXISTS (SELECT 1 FROM favorite WHERE \(sameKey(quoteKey: "$6", authorKey: "$7")))
    ON CONFLICT \(conflictTarget) DO NOTHING
    RETURNING \(favoriteColumns)
    """

  /// The favorite whose keys are `$1` and `$2`.
  static let favoriteByKeySQL = """
    SELECT \(favoriteColumns) FROM favorite WHERE \(sameKey(quoteKey: "$1", authorKey: "$2"))
    """

  /// The parameters of ``insertFavoriteSQL`` for `quote` saved at `date`.
  static func insertParameters(_ quote: Quote, savedAt date: Date) -> [String?] {
    let key = quote.key
    return parameters(quote) + [
      StoredTime.text(date), key.quote, key.author, QuoteKey.searchFolded(quote.author),
    ]
  }

  /// Saves `quote` unless an equal favorite exists, as one undoable change; the unique index
  /// decides.
  public func addFavorite(_ quote: Quote, at date: Date) throws -> AddFavoriteResult {
    let key = quote.key
    return try writeChange(.add, at: date, summary: QuoteDatabase.additionSummary) {
      // A duplicate saved by another machine after this statement's snapshot is neither
      // inserted nor seen by it: the next try sees it.
      for _ in 0..<5 {
        let inserted = try execute(
          Self.insertFavoriteSQL, Self.insertParameters(quote, savedAt: date))
        if let row = inserted.values.first { return .added(Self.favorite(row)) }
        let existing = try execute(Self.favoriteByKeySQL, [key.quote, key.author])
        if let row = existing.values.first { return .alreadyFavorite(Self.favorite(row)) }
      }
      throw PostgresError.statementFailed(
        server: url.server, sqlState: "40001",
        message: "the favorite was neither saved nor found after five tries")
    }
  }

  /// How many favorites there are.
  public func favoriteCount() throws -> Int {
    Int(try execute("SELECT count(*) FROM favorite").values.first?[0] ?? "") ?? 0
  }

  /// Calls `body` with each favorite above `afterID` in id order, a page of ids at a time.
  ///
  /// Paging by id rather than by offset stays correct when a favorite is removed between pages.
  public func forEachFavorite(
    matching authorText: String?,
    tag: FavoriteTag?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws {
    guard let filter = Self.filter(matching: authorText, tag: tag, parameter: 3) else { return }
    let sql =
      "SELECT \(Self.favoriteColumns) FROM favorite WHERE id > $1::bigint\(filter.sql) "
      + "ORDER BY id LIMIT $2::bigint"
    var last = afterID
    var left = limit ?? Int.max
    while left > 0 {
      let page = min(left, Self.pageSize)
      let rows = try execute(sql, [String(last), String(page)] + filter.parameters)
      for row in rows.values {
        let favorite = Self.favorite(row)
        try body(favorite)
        last = favorite.id
      }
      left -= rows.count
      if rows.count < page { return }
    }
  }

  /// How many favorites match and the largest id among them.
  public func favoriteListSize(matching authorText: String?, tag: FavoriteTag?) throws -> (
    count: Int, largestID: Int64
  ) {
    guard let filter = Self.filter(matching: authorText, tag: tag, parameter: 1) else {
      return (0, 0)
    }
    let rows = try execute(
      "SELECT count(*), coalesce(max(id), 0) FROM favorite WHERE true\(filter.sql)",
      filter.parameters)
    let row = rows.values.first
    return (Int(row?[0] ?? "") ?? 0, Int64(row?[1] ?? "") ?? 0)
  }

  /// Calls `body` with each distinct author of the matching favorites, until it returns false.
  public func forEachFavoriteAuthor(
    matching authorText: String?,
    tag: FavoriteTag?,
    _ body: (Span<UInt8>) throws -> Bool
  ) throws {
    guard let filter = Self.filter(matching: authorText, tag: tag, parameter: 1) else { return }
    let rows = try execute(
      "SELECT DISTINCT author FROM favorite WHERE true\(filter.sql)", filter.parameters)
    for row in rows.values {
      let author = row[0] ?? ""
      if try !body(author.utf8.span) { break }
    }
  }

  /// Distinct authors of favorites, sorted by their bytes as SQLite sorts them.
  public func favoriteAuthors() throws -> [String] {
    try execute(
      "SELECT author FROM (SELECT DISTINCT ON (author_folded) author FROM favorite "
        + "ORDER BY author_folded, id) AS first ORDER BY author COLLATE \"C\""
    )
    .values.map { $0[0] ?? "" }
  }

  /// The favorite with `id`, if there is one.
  public func favorite(id: Int64) throws -> Favorite? {
    try execute(
      "SELECT \(Self.favoriteColumns) FROM favorite WHERE id = $1::bigint", [String(id)]
    ).values.first.map(Self.favorite)
  }

  /// The favorite at `index` in id order, counted through the primary key.
  public func favorite(atIndex index: Int) throws -> Favorite? {
    guard index >= 0 else { return nil }
    return try execute(
      "SELECT \(Self.favoriteColumns) FROM favorite ORDER BY id LIMIT 1 OFFSET $1::bigint",
      [String(index)]
    ).values.first.map(Self.favorite)
  }

  /// Deletes the favorites with these ids in one transaction: an unknown id deletes nothing.
  ///
  /// `fav rm` moves favorites to the trash instead (``trashFavorites(ids:at:)``); this delete is
  /// recorded all the same, so the undo history stays true.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` for the first id that is not a favorite.
  public func removeFavorites(ids: [Int64]) throws -> [Favorite] {
    try writeChange(.remove, at: Date(), summary: QuoteDatabase.removalSummary) {
      var removed: [Favorite] = []
      for id in ids {
        let rows = try execute(
          "DELETE FROM favorite WHERE id = $1::bigint RETURNING \(Self.favoriteColumns)",
          [String(id)])
        guard let row = rows.values.first else {
          if removed.contains(where: { $0.id == id }) { continue }
          // Throwing rolls back the deletions made so far.
          throw StorageError.noSuchFavorite(id: id)
        }
        removed.append(Self.favorite(row))
      }
      return removed
    }
  }

  /// The favorite in a row of ``favoriteColumns``.
  static func favorite(_ row: [String?]) -> Favorite {
    Favorite(
      id: Int64(row[0] ?? "") ?? 0, quote: quote(row, from: 1), savedAt: savedTime(row[5]),
      note: row[6] ?? "", tags: (row[7] ?? "").split(separator: " ").map(String.init))
  }

  /// The SQL condition (to follow a WHERE clause, starting with AND) keeping favorites whose
  /// folded author contains `authorText` and that have `tag`, with its parameters numbered from
  /// `parameter`: empty for every favorite, nil when no favorite can match.
  static func filter(
    matching authorText: String?, tag: FavoriteTag?, parameter: Int
  ) -> (sql: String, parameters: [String?])? {
    guard var filter = filter(matching: authorText, parameter: parameter) else { return nil }
    if let tag {
      filter.sql += tagCondition(parameter: parameter + filter.parameters.count)
      filter.parameters.append(tag.name)
    }
    return filter
  }

  /// The SQL condition (to follow a WHERE clause, starting with AND) keeping favorites whose
  /// folded author contains `authorText`, with its parameter numbered `parameter`: empty for
  /// every favorite, nil when no favorite can match.
  ///
  /// LIKE over `author_folded`, which the trigram index answers for three characters or more;
  /// LIKE's own wildcards in the text are made literal.
  private static func filter(
    matching authorText: String?, parameter: Int
  ) -> (sql: String, parameters: [String?])? {
    guard let authorText else { return ("", []) }
    let folded = QuoteKey.searchFolded(authorText)
    guard !folded.isEmpty else { return nil }
    var pattern = "%"
    for character in folded {
      if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
      pattern.append(character)
    }
    pattern.append("%")
    return (" AND author_folded LIKE $\(parameter) ESCAPE '\\'", [pattern])
  }
}
