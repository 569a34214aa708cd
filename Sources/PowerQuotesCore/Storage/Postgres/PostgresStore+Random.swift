import Foundation

/// `random --favorites` and the length filters on PostgreSQL, with the meaning of
/// ``QuoteDatabase``'s: counts and picks by index go through the author and tag filters and the
/// indexes (the primary key, the trigram index of authors, `favorite_tag_by_tag`), and a length
/// is only narrowed in SQL, by scalars, for Swift to decide.
extension PostgresStore {
  /// How many favorites pass `filter`'s author and tag (its length is not looked at).
  public func favoriteCount(matching filter: FavoriteFilter) throws -> Int {
    guard
      let condition = Self.filter(
        matching: filter.author, tag: filter.tag, work: filter.work, parameter: 1)
    else { return 0 }
    let rows = try execute(Self.sizeSQL(condition.sql), condition.parameters)
    return Int(rows.values.first?[0] ?? "") ?? 0
  }

  /// The id of the favorite at `index` (0 ..< ``favoriteCount(matching:)``) in id order among
  /// those that pass `filter`'s author and tag, if there is one.
  public func favoriteID(atIndex index: Int, matching filter: FavoriteFilter) throws -> Int64? {
    guard index >= 0,
      let condition = Self.filter(
        matching: filter.author, tag: filter.tag, work: filter.work, parameter: 2)
    else { return nil }
    let rows = try execute(
      "SELECT id FROM favorite WHERE true\(condition.sql) ORDER BY id LIMIT 1 OFFSET $1::bigint",
      [String(index)] + condition.parameters)
    return rows.values.first.flatMap { Int64($0[0] ?? "") }
  }

  /// Calls `body` with the index (as ``poolQuote(at:)`` takes it) and text of each pool quote
  /// with at least `minimumScalars` scalars, in the order they were first seen.
  ///
  /// The pool's ids may have gaps, so the index is counted here: each page brings every id and
  /// only the texts long enough.
  public func forEachPoolText(
    minimumScalars: Int,
    _ body: (Int, String) throws -> Void
  ) throws {
    let sql = """
      SELECT id, CASE WHEN length(quote) >= $2::bigint THEN quote END FROM pool_quote
      WHERE id > $1::bigint ORDER BY id LIMIT $3::bigint
      """
    var last: Int64 = 0
    var index = 0
    while true {
      let rows = try execute(
        sql, [String(last), String(minimumScalars), String(Self.pageSize)])
      for row in rows.values {
        last = Int64(row[0] ?? "") ?? last
        if let text = row[1] { try body(index, text) }
        index += 1
      }
      if rows.count < Self.pageSize { return }
    }
  }
}
