import Foundation

/// `fav find` on PostgreSQL, by the server's own text search: the `search` column of
/// `Migrations/postgres/0005_notes_tags_search.sql` (quote, author, note and tags, through
/// `unaccent`, indexed by GIN) finds the favorites, `ts_rank_cd` ranks them, and
/// ``SearchHighlight`` marks their matches as FTS5's `highlight` does.
///
/// The favorites found are FTS5's; their order is near bm25's but not always the same: a term
/// that occurs more often ranks higher and a longer favorite lower in both, but `ts_rank_cd`
/// weighs every term alike where bm25 weighs rarer ones more, so hits of about equal worth may
/// come in another order (README says so).
extension PostgresStore {
  /// Calls `body` with each favorite matching `query`, best match first (ties by id), one at a
  /// time; with `tag`, only favorites that have it.
  public func forEachSearchHit(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    matches: Bool,
    _ body: (SearchHit) throws -> Void
  ) throws {
    let highlight = matches ? SearchHighlight(query) : nil
    try forEachRanked(query, tag: tag, columns: Self.favoriteColumns) { result, row in
      var hit = SearchHit(favorite: Self.favorite(result.values(row)))
      if let highlight {
        hit.quoteMatches = highlight.pieces(hit.favorite.quote.text)
        hit.authorMatches = highlight.pieces(hit.favorite.quote.author)
      }
      try body(hit)
    }
  }

  /// The hits of ``forEachSearchHit(_:tag:matches:_:)`` in the same order, each row's bytes
  /// as libpq received them, and only the `columns` asked for.
  public func forEachSearchRow(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    var raw = RawFavorite()
    try forEachRanked(query, tag: tag, columns: Self.columnSQL(columns)) { result, row in
      try body(Self.favoriteRow(result, row, columns: columns, into: &raw))
    }
  }

  /// Calls `body` with each row of `columns` of the favorites matching `query` (and having
  /// `tag`), best first: one statement, ranked by the server.
  ///
  /// `ts_rank_cd` of any term (`||`), normalized by the log of the favorite's length (1): of
  /// the server's rankings the nearest to bm25's order; ranked by all terms at once (`&&`) a
  /// favorite would count only the stretches holding every term.
  private func forEachRanked(
    _ query: SearchQuery, tag: FavoriteTag?, columns: String,
    _ body: (PostgresResult, Int) throws -> Void
  ) throws {
    guard let search = Self.search(query, tag: tag) else { return }
    let result = try self.query(
      "SELECT \(columns) FROM favorite\(search.condition) "
        + "ORDER BY ts_rank_cd(search, (SELECT \(search.terms.joined(separator: " || "))), 1) "
        + "DESC, id",
      search.parameters)
    for row in 0..<result.rowCount { try body(result, row) }
  }

  /// The search for `query` among favorites with `tag`: each term as a text-search query, the
  /// WHERE clause keeping the favorites that match every term, and their parameters; nil when
  /// no term has a word.
  ///
  /// The user's words reach the server only as parameters, and each term becomes a query
  /// through functions that read any text (`phraseto_tsquery`, and `to_tsquery` of a lexeme
  /// quoted on the server for a prefix), so no query is ever an SQL error. Each use of the
  /// terms is a subquery of its own, which the server computes once for the statement rather
  /// than a call of `unaccent` for each favorite.
  private static func search(
    _ query: SearchQuery, tag: FavoriteTag?
  ) -> (terms: [String], condition: String, parameters: [String?])? {
    var parameters: [String?] = []
    func parameter(_ value: String) -> String {
      parameters.append(value)
      return "$\(parameters.count)"
    }
    var terms: [String] = []
    for term in query.terms {
      let words = SearchHighlight.runs(term.text).map { String(term.text[$0]) }
      guard let last = words.last else { continue }
      if term.isPrefix {
        let head = parameter(words.dropLast().joined(separator: " "))
        let prefix = parameter(last)
        terms.append(
          "tsquery_phrase(phraseto_tsquery('simple', unaccent(\(head))), "
            + "to_tsquery('simple', '''' || replace(replace(unaccent(\(prefix)), '\\', '\\\\'), "
            + "'''', '''''') || ''':*'))")
      } else {
        // The words as FTS5 splits them ("well-known" is "well known"), or the text as the
        // server's parser reads it (which keeps "3.14" whole); once when they are the same, as
        // the server would compare every hit with both.
        let spaced = words.joined(separator: " ")
        let phrase = "phraseto_tsquery('simple', unaccent(\(parameter(spaced))))"
        terms.append(
          spaced == term.text
            ? phrase
            : "(\(phrase) || phraseto_tsquery('simple', unaccent(\(parameter(term.text)))))")
      }
    }
    guard !terms.isEmpty else { return nil }
    var condition = " WHERE search @@ (SELECT \(terms.joined(separator: " && ")))"
    if let tag {
      parameters.append(tag.name)
      condition += tagCondition(parameter: parameters.count)
    }
    return (terms, condition, parameters)
  }
}
