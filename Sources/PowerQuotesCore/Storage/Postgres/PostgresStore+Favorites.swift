import Foundation

extension PostgresStore: FavoriteStore {
  /// The columns a favorite is read from, in the order ``favorite(_:)`` reads them.
  static let favoriteColumns = "id, quote, author, source, source_id, saved_at, note, tags, work"

  /// How many favorites one statement of a listing reads: libpq holds a whole result in
  /// memory, so a long list goes by pages of ids.
  static let pageSize = 5000

  /// The INSERT of one favorite, returning it.
  ///
  /// `$1`...`$9` are the quote, author, source, source id, saved time, quote key, author key,
  /// folded author and work.
  /// The server decides what is a duplicate. `WHERE NOT EXISTS` skips a known favorite before
  /// the identity is drawn, so a duplicate uses up no id; `ON CONFLICT` on the unique index
  /// catches the one another machine saved at the same moment.
  static let insertFavoriteSQL = """
    INSERT INTO favorite
      (quote, author, source, source_id, saved_at, quote_key, author_key, author_folded, work)
    SELECT $1, $2, $3, $4::bigint, $5, $6, $7, $8, $9
    WHERE NOT EXISTS (SELECT 1 FROM favorite WHERE \(sameKey(quoteKey: "$6", authorKey: "$7")))
    ON CONFLICT \(conflictTarget) DO NOTHING
    RETURNING \(favoriteColumns)
    """

  /// The favorite whose keys are `$1` and `$2`.
  static let favoriteByKeySQL = """
    SELECT \(favoriteColumns) FROM favorite WHERE \(sameKey(quoteKey: "$1", authorKey: "$2"))
    """

  /// The parameters of ``insertFavoriteSQL`` for `quote` from `work` saved at `date`.
  static func insertParameters(_ quote: Quote, work: String, savedAt date: Date) -> [String?] {
    let key = quote.key
    return parameters(quote) + [
      StoredTime.text(date), key.quote, key.author, QuoteKey.searchFolded(quote.author), work,
    ]
  }

  /// Saves `quote` from `work` unless an equal favorite exists, as one undoable change; the
  /// unique index decides.
  public func addFavorite(_ quote: Quote, work: String, at date: Date) throws
    -> AddFavoriteResult
  {
    let key = quote.key
    return try writeChange(.add, at: date, facts: StoredChange.addition) {
      // A duplicate saved by another machine after this statement's snapshot is neither
      // inserted nor seen by it: the next try sees it.
      for _ in 0..<5 {
        let inserted = try execute(
          Self.insertFavoriteSQL, Self.insertParameters(quote, work: work, savedAt: date))
        if let row = inserted.values.first { return .added(Self.favorite(row)) }
        let existing = try execute(Self.favoriteByKeySQL, [key.quote, key.author])
        if let row = existing.values.first { return .alreadyFavorite(Self.favorite(row)) }
      }
      throw PostgresError.statementFailed(
        server: url.server, sqlState: "40001",
        message: "the favorite was neither saved nor found after five tries")
    }
  }

  /// Calls `body` with each favorite above `afterID` in id order, a page of ids at a time.
  public func forEachFavorite(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws {
    try forEachListed(
      matching: authorText, tag: tag, work: work, after: afterID, limit: limit,
      columns: Self.favoriteColumns
    ) { try body(Self.favorite($0.values($1))) }
  }

  /// ``forEachFavorite(matching:tag:work:after:limit:_:)`` with each row's bytes as libpq
  /// received them, and with `columns` ``FavoriteColumns/table`` only the columns a table
  /// shows.
  public func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    var raw = RawFavorite()
    try forEachListed(
      matching: authorText, tag: tag, work: work, after: afterID, limit: limit,
      columns: Self.columnSQL(columns)
    ) { try body(Self.favoriteRow($0, $1, columns: columns, into: &raw)) }
  }

  /// Calls `body` with each row of `columns` (the id first) of the favorites above `afterID`
  /// that match, in id order, a page of ids at a time: libpq holds a whole result in memory.
  ///
  /// The server reads the next page while `body` is given this one.
  ///
  /// Paging by id rather than by offset stays correct when a favorite is removed between pages.
  private func forEachListed(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    columns: String,
    _ body: (PostgresResult, Int) throws -> Void
  ) throws {
    guard let filter = Self.filter(matching: authorText, tag: tag, work: work, parameter: 3)
    else { return }
    let sql =
      "SELECT \(columns) FROM favorite WHERE id > $1::bigint\(filter.sql) "
      + "ORDER BY id LIMIT $2::bigint"
    var left = limit ?? Int.max
    var asked = min(left, Self.pageSize)
    guard asked > 0 else { return }
    try forEachPage(sql, [String(afterID), String(asked)] + filter.parameters) { page in
      left -= page.rowCount
      guard page.rowCount == asked, left > 0, let last = page.integer(page.rowCount - 1, 0)
      else { return nil }
      asked = min(left, Self.pageSize)
      return [String(last), String(asked)] + filter.parameters
    } _: { page in
      for row in 0..<page.rowCount { try body(page, row) }
    }
  }

  /// How many favorites match and the largest id among them.
  public func favoriteListSize(
    matching authorText: String?, tag: FavoriteTag?, work: String?
  ) throws -> (count: Int, largestID: Int64) {
    guard let filter = Self.filter(matching: authorText, tag: tag, work: work, parameter: 1)
    else {
      return (0, 0)
    }
    let rows = try execute(Self.sizeSQL(filter.sql), filter.parameters)
    let row = rows.values.first
    return (Int(row?[0] ?? "") ?? 0, Int64(row?[1] ?? "") ?? 0)
  }

  /// The SELECT of how many favorites pass `condition` (a filter's SQL) and the largest id
  /// among them (0 when none).
  ///
  /// For every favorite, the count the server keeps (`0013_favorite_count.sql`) rather than
  /// count(*) over all of them, and the largest id from the primary key's end.
  static func sizeSQL(_ condition: String) -> String {
    condition.isEmpty
      ? "SELECT favorites, (SELECT coalesce(max(id), 0) FROM favorite) FROM favorite_count"
      : "SELECT count(*), coalesce(max(id), 0) FROM favorite WHERE true\(condition)"
  }

  /// Each distinct author of every favorite, each found by one probe of `favorite_by_author`
  /// after the last (a loose index scan), rather than by DISTINCT over every favorite.
  static let everyAuthorSQL = """
    WITH RECURSIVE next(author) AS (
      (SELECT author COLLATE "C" FROM favorite ORDER BY author COLLATE "C" LIMIT 1)
      UNION ALL
      SELECT (SELECT f.author COLLATE "C" FROM favorite f
        WHERE f.author COLLATE "C" > next.author ORDER BY f.author COLLATE "C" LIMIT 1)
      FROM next WHERE next.author IS NOT NULL)
    SELECT author FROM next WHERE author IS NOT NULL
    """

  /// Calls `body` with each distinct author of the matching favorites, until it returns false.
  public func forEachFavoriteAuthor(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    _ body: (Span<UInt8>) throws -> Bool
  ) throws {
    guard let filter = Self.filter(matching: authorText, tag: tag, work: work, parameter: 1)
    else { return }
    let sql =
      filter.sql.isEmpty
      ? Self.everyAuthorSQL : "SELECT DISTINCT author FROM favorite WHERE true\(filter.sql)"
    let rows = try execute(sql, filter.parameters)
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

  /// The columns a favorite of `columns` is read from: ``favoriteColumns``, or the id, quote,
  /// author and tags a table shows.
  static func columnSQL(_ columns: FavoriteColumns) -> String {
    switch columns {
    case .all: favoriteColumns
    case .table: "id, quote, author, tags"
    }
  }

  /// Row `row` of `result`, a SELECT of ``columnSQL(_:)`` of `columns`: its bytes, copied into
  /// `raw` (reused from row to row); decoded when a column is not of its kind (a `saved_at` that
  /// is not a stored time).
  static func favoriteRow(
    _ result: PostgresResult, _ row: Int, columns: FavoriteColumns, into raw: inout RawFavorite
  ) -> FavoriteRow {
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    func text(_ column: Int) -> UnsafeBufferPointer<UInt8> { result.bytes(row, column) ?? none }
    let id = result.integer(row, 0) ?? 0
    switch columns {
    case .table:
      raw.fill(
        id: id, quote: text(1).span, author: text(2).span, source: none.span, sourceID: nil,
        savedAt: none.span, note: none.span, tags: text(3).span, work: none.span)
    case .all:
      let savedAt = text(5)
      guard Timestamp.isStoredTime(savedAt) else {
        return .decoded(favorite(result.values(row)))
      }
      raw.fill(
        id: id, quote: text(1).span, author: text(2).span, source: text(3).span,
        sourceID: result.integer(row, 4).map { Int($0) }, savedAt: savedAt.span,
        note: text(6).span, tags: text(7).span, work: text(8).span)
    }
    return .raw(raw)
  }

  /// The favorite in a row of ``favoriteColumns``.
  static func favorite(_ row: [String?]) -> Favorite {
    Favorite(
      id: Int64(row[0] ?? "") ?? 0, quote: quote(row, from: 1), savedAt: savedTime(row[5]),
      note: row[6] ?? "", tags: (row[7] ?? "").split(separator: " ").map(String.init),
      work: row[8] ?? "")
  }

  /// The SQL condition (to follow a WHERE clause, starting with AND) keeping favorites whose
  /// folded author contains `authorText` and that have `tag`, with its parameters numbered from
  /// `parameter`: empty for every favorite, nil when no favorite can match.
  static func filter(
    matching authorText: String?, tag: FavoriteTag?, work: String? = nil, parameter: Int
  ) -> (sql: String, parameters: [String?])? {
    guard var filter = filter(matching: authorText, parameter: parameter) else { return nil }
    if let tag {
      filter.sql += tagCondition(parameter: parameter + filter.parameters.count)
      filter.parameters.append(tag.name)
    }
    if let work {
      // Words in that order, as a phrase of `fav find`: the `work` column's words as the
      // `search` column folds them (without an index of its own: a filter beside others).
      guard !QuoteKey.searchFolded(work).isEmpty else { return nil }
      let number = parameter + filter.parameters.count
      filter.sql +=
        " AND to_tsvector('simple', unaccent(work))"
        + " @@ phraseto_tsquery('simple', unaccent($\(number)))"
      filter.parameters.append(work)
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
