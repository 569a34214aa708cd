import CSQLite
import Foundation
import GRDB

extension QuoteDatabase {
  /// The library's stats, with months in `localTime`'s calendar.
  ///
  /// A handful of grouped queries, one read transaction: the authors come from the table of
  /// distinct authors the triggers keep counted, the tags from the tag index, and one pass over
  /// the favorites reads each one's source and the minute it was saved (a month's edge in any
  /// time zone falls on a whole minute), which ``StatsCounter`` folds into local months.
  public func favoriteStats(localTime: LocalTime) throws -> FavoriteStats {
    try translatingErrors {
      try writer.read { db in
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite") ?? 0
        guard total > 0 else { return .empty }
        let authors = try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite_author") ?? 0
        // The author as first saved names each folded author.
        let topAuthors = try Row.fetchAll(
          db,
          sql: """
            SELECT
              (SELECT author FROM favorite WHERE author_folded = a.folded ORDER BY id LIMIT 1),
              a.favorite_count
            FROM favorite_author AS a
            WHERE a.favorite_count > 0
            ORDER BY a.favorite_count DESC, a.folded
            LIMIT ?
            """,
          arguments: [FavoriteStats.topAuthorLimit]
        ).map { FavoriteStats.Count($0[0], $0[1]) }
        let tags = try Row.fetchAll(
          db,
          sql: """
            SELECT tag, count(*) AS n FROM favorite_tag GROUP BY tag ORDER BY n DESC, tag
            """
        ).map { FavoriteStats.Count($0[0], $0[1]) }
        let tagged =
          try Int.fetchOne(db, sql: "SELECT count(DISTINCT favorite_id) FROM favorite_tag") ?? 0

        // One pass in the table's order, folded in Swift: a GROUP BY would sort every row
        // first (a library saved over years has nearly a group per favorite).
        let statement = try db.makeStatement(
          sql: "SELECT source, substr(saved_at, 1, 16) AS minute, 1 FROM favorite")
        var counter = StatsCounter(localTime: localTime)
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
          let handle = statement.sqliteStatement
          guard sqlite3_column_type(handle, 0) == SQLITE_TEXT,
            sqlite3_column_type(handle, 1) == SQLITE_TEXT
          else {
            counter.add(
              source: try row.decode(atIndex: 0), minute: try row.decode(atIndex: 1),
              count: try row.decode(atIndex: 2))
            continue
          }
          counter.add(
            source: FavoriteRecord.text(handle, column: 0),
            minute: FavoriteRecord.text(handle, column: 1),
            count: Int(sqlite3_column_int64(handle, 2)))
        }
        let (sources, months) = counter.counts()
        let works = try Int.fetchOne(db, sql: FavoriteStats.workCountSQL) ?? 0
        let topWorks =
          works == 0
          ? []
          : try Row.fetchAll(db, sql: FavoriteStats.topWorksSQL(collate: "")).map {
            FavoriteStats.Count($0[0], $0[1])
          }
        return FavoriteStats(
          total: total,
          authors: authors,
          topAuthors: topAuthors,
          sources: sources,
          tags: tags,
          untagged: total - tagged,
          months: months,
          works: works,
          topWorks: topWorks
        )
      }
    }
  }

}
