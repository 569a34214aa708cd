import Foundation

extension PostgresStore {
  /// The library's stats, with months in `localTime`'s calendar, as ``QuoteDatabase`` counts
  /// them.
  ///
  /// A handful of grouped queries over one snapshot: the authors grouped by their folded form
  /// (named as first saved), the tags from their index, and one pass over the favorites grouped
  /// by source and by the minute they were saved, which ``StatsTally`` folds into local months.
  /// Names are ordered by their bytes, as SQLite orders text.
  public func favoriteStats(localTime: LocalTime) throws -> FavoriteStats {
    try inTransaction {
      try execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
      let totals = try execute(
        "SELECT count(*), count(DISTINCT author_folded) FROM favorite"
      ).values.first
      let total = Int(totals?[0] ?? "") ?? 0
      guard total > 0 else { return .empty }
      let topAuthors = try execute(
        """
        SELECT
          (SELECT author FROM favorite WHERE author_folded = a.folded ORDER BY id LIMIT 1),
          a.n
        FROM (
          SELECT author_folded AS folded, count(*) AS n FROM favorite GROUP BY author_folded
          ORDER BY n DESC, author_folded COLLATE "C" LIMIT $1::bigint
        ) AS a
        ORDER BY a.n DESC, a.folded COLLATE "C"
        """,
        [String(FavoriteStats.topAuthorLimit)]
      ).values.map(Self.count)
      let tags = try execute(
        """
        SELECT tag, count(*) AS n FROM favorite_tag GROUP BY tag ORDER BY n DESC, tag COLLATE "C"
        """
      ).values.map(Self.count)
      let tagged =
        try execute("SELECT count(DISTINCT favorite_id) FROM favorite_tag")
        .values.first.flatMap { Int($0[0] ?? "") } ?? 0

      var tally = StatsTally(localTime: localTime)
      let rows = try execute(
        """
        SELECT source, substr(saved_at, 1, 16) AS minute, count(*)
        FROM favorite GROUP BY source, minute
        """)
      for row in rows.values {
        tally.add(source: row[0] ?? "", minute: row[1] ?? "", count: Int(row[2] ?? "") ?? 0)
      }
      return FavoriteStats(
        total: total,
        authors: Int(totals?[1] ?? "") ?? 0,
        topAuthors: topAuthors,
        sources: tally.sources,
        tags: tags,
        untagged: total - tagged,
        months: tally.months
      )
    }
  }

  /// A name and its count, from a row of two columns.
  private static func count(_ row: [String?]) -> FavoriteStats.Count {
    FavoriteStats.Count(row[0] ?? "", Int(row[1] ?? "") ?? 0)
  }
}
