import GRDB

extension QuoteDatabase: LibraryStore {
  /// Calls `body` with each favorite matching `query`, best match first (FTS5's bm25 rank over
  /// quote, author, note and tags), one at a time; with `tag`, only favorites that have it.
  ///
  /// With `matches`, each hit says where its quote and author matched (FTS5's `highlight`);
  /// without, the rows are read as the sqlite3 shell would read them.
  public func forEachSearchHit(
    _ query: SearchQuery,
    tag: FavoriteTag? = nil,
    matches: Bool = false,
    _ body: (SearchHit) throws -> Void
  ) throws {
    var sql = "SELECT \(Self.searchColumns(.all))"
    var arguments: StatementArguments = []
    if matches {
      sql += """
        , highlight(favorite_search, 0, ?, ?), highlight(favorite_search, 1, ?, ?)
        """
      let marks = [String(SearchHit.matchStart), String(SearchHit.matchEnd)]
      arguments += StatementArguments(marks + marks)
    }
    sql += Self.searchJoin(query, tag: tag, arguments: &arguments)
    sql += Self.searchOrder
    try translatingErrors {
      try writer.read { db in
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
          let favorite = try FavoriteRecord.listed(row)
          var hit = SearchHit(favorite: favorite)
          if matches {
            hit.quoteMatches = SearchHit.pieces(
              try row.decode(atIndex: 9), original: favorite.quote.text)
            hit.authorMatches = SearchHit.pieces(
              try row.decode(atIndex: 10), original: favorite.quote.author)
          }
          try body(hit)
        }
      }
    }
  }

  /// The hits of ``forEachSearchHit(_:tag:matches:_:)`` in the same order, each row's bytes
  /// as they are (``FavoriteRecord/fill(_:from:)``), or decoded when a column is not of its
  /// kind: the query the sqlite3 shell would run, read without a `String` per column, and only
  /// the `columns` asked for.
  public func forEachSearchRow(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    var arguments: StatementArguments = []
    let sql =
      "SELECT \(Self.searchColumns(columns))"
      + Self.searchJoin(query, tag: tag, arguments: &arguments) + Self.searchOrder
    try translatingErrors {
      try writer.read { db in
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        try Self.forEachRow(of: statement, columns: columns, body)
      }
    }
  }

  /// The count and the largest id from the full-text index alone, and the authors of the hits
  /// in id order, their bytes as SQLite holds them, until `authors` returns false.
  public func searchSize(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    authors: (Span<UInt8>) throws -> Bool
  ) throws -> (count: Int, largestID: Int64)? {
    var tagSQL = ""
    var arguments: StatementArguments = [query.fts5]
    if let tag {
      tagSQL = " AND rowid IN (SELECT favorite_id FROM favorite_tag WHERE tag = ?)"
      arguments += [tag.name]
    }
    return try translatingErrors {
      try writer.read { db in
        let size = try Row.fetchOne(
          db,
          sql: "SELECT count(*), max(rowid) FROM favorite_search WHERE favorite_search MATCH ?"
            + tagSQL,
          arguments: arguments)
        let (count, largestID): (Int, Int64) = (size?[0] ?? 0, size?[1] ?? 0)
        guard count > 0 else { return (count, largestID) }
        var authorArguments: StatementArguments = []
        let statement = try db.makeStatement(
          sql: "SELECT favorite.author"
            + Self.searchJoin(query, tag: tag, arguments: &authorArguments))
        try statement.setArguments(authorArguments)
        let handle = statement.sqliteStatement
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil {
          if try !authors(FavoriteRecord.text(handle, column: 0).span) { break }
        }
        return (count, largestID)
      }
    }
  }

  /// Best match first, ties in id order.
  ///
  /// Ordered by `rank`, FTS5 ranks the hits itself and hands them over in that order (ties in
  /// rowid order), so each hit's favorite is looked up at a random place in the table: a read
  /// per hit when the table is larger than the page cache. By `+rank`, an expression FTS5 is
  /// not asked to order by, SQLite reads the hits in rowid order, their favorites in table
  /// order (each page once), and sorts the rows itself. `fav find love` on 100,000 favorites:
  /// 5,913 reads -> 4,326, and 12% less CPU for the sqlite3 shell running either query.
  private static let searchOrder = " ORDER BY +favorite_search.rank, favorite.id"

  /// The columns a hit of `columns` is read from, of `favorite`.
  private static func searchColumns(_ columns: FavoriteColumns) -> String {
    FavoriteRecord.columnNames(columns).map { "favorite." + $0 }.joined(separator: ", ")
  }

  /// ` FROM ... WHERE ...` of a search for `query` among favorites with `tag`, its arguments
  /// added to `arguments`.
  private static func searchJoin(
    _ query: SearchQuery, tag: FavoriteTag?, arguments: inout StatementArguments
  ) -> String {
    var sql = """
       FROM favorite_search JOIN favorite ON favorite.id = favorite_search.rowid
      WHERE favorite_search MATCH ?
      """
    arguments += [query.fts5]
    if let tag {
      sql += " AND favorite.id IN (SELECT favorite_id FROM favorite_tag WHERE tag = ?)"
      arguments += [tag.name]
    }
    return sql
  }
}
