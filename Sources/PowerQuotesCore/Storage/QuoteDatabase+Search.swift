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
    let columns = FavoriteRecord.listedColumns.map { "favorite." + $0.name }
      .joined(separator: ", ")
    var sql = "SELECT \(columns)"
    var arguments: StatementArguments = []
    if matches {
      sql += """
        , highlight(favorite_search, 0, ?, ?), highlight(favorite_search, 1, ?, ?)
        """
      let marks = [String(SearchHit.matchStart), String(SearchHit.matchEnd)]
      arguments += StatementArguments(marks + marks)
    }
    sql += """
       FROM favorite_search JOIN favorite ON favorite.id = favorite_search.rowid
      WHERE favorite_search MATCH ?
      """
    arguments += [query.fts5]
    if let tag {
      sql += " AND favorite.id IN (SELECT favorite_id FROM favorite_tag WHERE tag = ?)"
      arguments += [tag.name]
    }
    sql += " ORDER BY favorite_search.rank"
    try translatingErrors {
      try writer.read { db in
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
          let favorite = FavoriteRecord.listed(row)
          var hit = SearchHit(favorite: favorite)
          if matches {
            hit.quoteMatches = SearchHit.pieces(row[8], original: favorite.quote.text)
            hit.authorMatches = SearchHit.pieces(row[9], original: favorite.quote.author)
          }
          try body(hit)
        }
      }
    }
  }
}
