import Foundation

extension PostgresStore {
  /// The library's stats, with months in `localTime`'s calendar, as ``QuoteDatabase`` counts
  /// them.
  ///
  /// One pass over the favorites, over one snapshot, groups them both by folded author (how
  /// many, and the first saved, which names the author) and by source and the minute they were
  /// saved, which ``StatsCounter`` folds into local months; the top authors' names come by their
  /// ids, and the tags from their own table. Names are ordered by their bytes, as SQLite orders
  /// text.
  public func favoriteStats(localTime: LocalTime) throws -> FavoriteStats {
    try inTransaction {
      try execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
      let groups = try execute(
        """
        SELECT GROUPING(author_folded), author_folded, min(id), source,
          substr(saved_at, 1, 16), count(*)
        FROM favorite
        GROUP BY GROUPING SETS ((author_folded), (source, substr(saved_at, 1, 16)))
        """)
      var authors: [(folded: String, firstID: String, count: Int)] = []
      var tally = StatsCounter(localTime: localTime)
      for row in groups.values {
        let count = Int(row[5] ?? "") ?? 0
        if row[0] == "0" {
          authors.append((row[1] ?? "", row[2] ?? "0", count))
        } else {
          tally.add(source: row[3] ?? "", minute: row[4] ?? "", count: count)
        }
      }
      let (sources, months) = tally.counts()
      let total = authors.reduce(0) { $0 + $1.count }
      guard total > 0 else { return .empty }
      let top = authors.sorted {
        $0.count != $1.count
          ? $0.count > $1.count : $0.folded.utf8.lexicographicallyPrecedes($1.folded.utf8)
      }.prefix(FavoriteStats.topAuthorLimit)
      // Ids are digits: the array's text needs no quoting.
      let names = try execute(
        "SELECT id, author FROM favorite WHERE id = ANY($1::bigint[])",
        ["{" + top.map(\.firstID).joined(separator: ",") + "}"]
      ).values.reduce(into: [String: String]()) { $0[$1[0] ?? ""] = $1[1] ?? "" }

      let tags = try execute(
        """
        SELECT tag, count(*) AS n FROM favorite_tag GROUP BY tag ORDER BY n DESC, tag COLLATE "C"
        """
      ).values.map(Self.count)
      let tagged =
        try execute("SELECT count(DISTINCT favorite_id) FROM favorite_tag")
        .values.first.flatMap { Int($0[0] ?? "") } ?? 0
      let works =
        try execute(FavoriteStats.workCountSQL).values.first.flatMap { Int($0[0] ?? "") } ?? 0
      let topWorks =
        works == 0
        ? []
        : try execute(FavoriteStats.topWorksSQL(collate: " COLLATE \"C\"")).values.map(Self.count)
      return FavoriteStats(
        total: total,
        authors: authors.count,
        topAuthors: top.map { FavoriteStats.Count(names[$0.firstID] ?? $0.folded, $0.count) },
        sources: sources,
        tags: tags,
        untagged: total - tagged,
        months: months,
        works: works,
        topWorks: topWorks
      )
    }
  }

  /// A name and its count, from a row of two columns.
  private static func count(_ row: [String?]) -> FavoriteStats.Count {
    FavoriteStats.Count(row[0] ?? "", Int(row[1] ?? "") ?? 0)
  }
}
