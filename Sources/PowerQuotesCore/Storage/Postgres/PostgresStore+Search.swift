import Foundation

/// `fav find` on PostgreSQL, with the answers of ``QuoteDatabase``'s FTS5 search: the `search`
/// column of `Migrations/postgres/0005_notes_tags_search.sql` (quote, author, note and tags,
/// through `unaccent`, indexed by GIN) finds the favorites, and ``SearchRanking`` ranks them by
/// FTS5's bm25 and marks their matches as FTS5's `highlight` does.
extension PostgresStore {
  /// How many favorites, at most, are read to learn the library's average length in words;
  /// a larger library is sampled (by pages, the same ones each time for the same table).
  static let averageLengthSample = 4000

  /// Calls `body` with each favorite matching `query`, best match first (bm25 over quote,
  /// author, note and tags; ties by id, as FTS5 orders them), one at a time; with `tag`, only
  /// favorites that have it.
  public func forEachSearchHit(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    matches: Bool,
    _ body: (SearchHit) throws -> Void
  ) throws {
    let ranking = SearchRanking(query)
    var hits: [(favorite: Favorite, score: Double)] = []
    try inTransaction {
      // One snapshot for the hits and the numbers that rank them.
      try execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
      let terms = try termQueries(query)
      guard !terms.isEmpty else { return }
      let each = terms.indices.map { "$\($0 + 1)::tsquery" }
      let rows = try execute(
        "SELECT \(Self.favoriteColumns) FROM favorite"
          + Self.matching(terms: terms.count, tag: tag),
        terms + (tag.map { [$0.name] } ?? []))
      guard rows.count > 0 else { return }
      let total = Int(try execute("SELECT count(*) FROM favorite").values.first?[0] ?? "") ?? 0
      let inverse = try inverseFrequencies(each, terms, total: total)
      let averageLength = try averageLength(total: total)
      hits.reserveCapacity(rows.count)
      for row in rows.values {
        let favorite = Self.favorite(row)
        let columns = [
          favorite.quote.text, favorite.quote.author, favorite.note,
          favorite.tags.joined(separator: " "),
        ].map(SearchRanking.words)
        hits.append(
          (
            favorite,
            ranking.score(columns: columns, inverse: inverse, averageLength: averageLength)
          ))
      }
    }
    hits.sort { ($0.score, $1.favorite.id) > ($1.score, $0.favorite.id) }
    for (favorite, _) in hits {
      var hit = SearchHit(favorite: favorite)
      if matches {
        hit.quoteMatches = ranking.pieces(favorite.quote.text)
        hit.authorMatches = ranking.pieces(favorite.quote.author)
      }
      try body(hit)
    }
  }

  /// Each term of `query` as a text-search query, in the server's own writing of one (which it
  /// reads again as it is); none when no term has a word.
  ///
  /// One column per term, here and in ``inverseFrequencies(_:_:total:)``: a query has at most
  /// ``SearchQuery/maxWords`` terms, well under the server's 1,664 columns of a target list.
  ///
  /// The user's words reach the server only as parameters, and each term becomes a query
  /// through functions that read any text (`phraseto_tsquery`, and `to_tsquery` of a lexeme
  /// quoted on the server for a prefix), so no query is ever an SQL error. Made once, the
  /// queries are then constants for the statements that compare every favorite with them,
  /// rather than a call of `unaccent` for each.
  private func termQueries(_ query: SearchQuery) throws -> [String?] {
    var parameters: [String?] = []
    func parameter(_ value: String) -> String {
      parameters.append(value)
      return "$\(parameters.count)"
    }
    var termQueries: [String] = []
    for term in query.terms {
      let words = SearchRanking.runs(term.text).map { String(term.text[$0]) }
      guard let last = words.last else { continue }
      if term.isPrefix {
        let head = parameter(words.dropLast().joined(separator: " "))
        let prefix = parameter(last)
        termQueries.append(
          "tsquery_phrase(phraseto_tsquery('simple', unaccent(\(head))), "
            + "to_tsquery('simple', '''' || replace(replace(unaccent(\(prefix)), '\\', '\\\\'), "
            + "'''', '''''') || ''':*'))")
      } else {
        // The words as FTS5 splits them ("well-known" is "well known"), or the text as the
        // server's parser reads it (which keeps "3.14" whole).
        termQueries.append(
          "(phraseto_tsquery('simple', unaccent(\(parameter(words.joined(separator: " "))))) || "
            + "phraseto_tsquery('simple', unaccent(\(parameter(term.text)))))")
      }
    }
    guard !termQueries.isEmpty else { return [] }
    return try execute(
      "SELECT " + termQueries.map { "(\($0))::text" }.joined(separator: ", "), parameters
    ).values.first ?? []
  }

  /// The WHERE clause keeping the favorites that match every one of `terms` queries (given as
  /// parameters `$1`...) and, with `tag`, have the tag given after them.
  private static func matching(terms: Int, tag: FavoriteTag?) -> String {
    let each = (1...terms).map { "$\($0)::tsquery" }.joined(separator: " && ")
    return " WHERE search @@ (\(each))"
      + (tag == nil ? "" : tagCondition(parameter: terms + 1))
  }

  /// FTS5's inverse document frequency of each term, from how many of the `total` favorites
  /// match it alone (counted in one pass over those that match any).
  ///
  /// With one term it weighs every favorite alike and orders nothing: it is not counted.
  private func inverseFrequencies(
    _ termQueries: [String], _ parameters: [String?], total: Int
  ) throws -> [Double] {
    guard termQueries.count > 1 else { return [1] }
    let counts = termQueries.map { "count(*) FILTER (WHERE search @@ \($0))" }
    let row =
      try execute(
        "SELECT \(counts.joined(separator: ", ")) FROM favorite "
          + "WHERE search @@ (\(termQueries.joined(separator: " || ")))",
        parameters
      ).values.first ?? []
    return SearchRanking.inverseFrequencies(rows: total, hits: row.map { Int($0 ?? "") ?? 0 })
  }

  /// The library's average number of words per favorite (quote, author, note and tags), as
  /// FTS5 keeps it: counted over all `total` favorites up to ``averageLengthSample`` of them,
  /// else over a sample of that size.
  private func averageLength(total: Int) throws -> Double {
    guard total > 0 else { return 1 }
    let sample =
      total <= Self.averageLengthSample
      ? ""
      : " TABLESAMPLE SYSTEM ($1::float8) REPEATABLE (0)"
    let percent = 100 * Double(Self.averageLengthSample) / Double(total)
    let rows = try execute(
      "SELECT quote, author, note, tags FROM favorite\(sample)",
      sample.isEmpty ? [] : [String(percent)])
    var words = 0
    for row in rows.values {
      for column in row { words += SearchRanking.wordCount(column ?? "") }
    }
    return rows.count > 0 && words > 0 ? Double(words) / Double(rows.count) : 1
  }
}
