import GRDB

/// Bulk writes of favorites (`Migrations/0007_bulk_favorite_writes.sql`): while
/// `favorite_bulk_write` holds a range of ids, the per-row triggers of the favorites in it step
/// aside, and these statements do their work for the whole range at once, in the same
/// transaction.
extension QuoteDatabase {
  /// The ids of the favorites an import adds from now on, in the transaction of `db`: all of
  /// them, and no favorite saved before, are at or above the returned id.
  ///
  /// Until ``finishBulkImport(_:from:added:)``, the favorites it adds are not counted by author,
  /// not in the full-text index and not logged for undo; their `tags` column is written with
  /// them (see ``tagsColumn(_:)``).
  static func startBulkImport(_ db: Database) throws -> Int64 {
    // AUTOINCREMENT gives a new favorite an id above every id there is and ever was.
    let firstID = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM favorite") ?? 0) + 1
    try db.execute(
      sql: "INSERT INTO favorite_bulk_write (singleton, first_id, last_id) VALUES (1, ?, ?)",
      arguments: [firstID, Int64.max])
    return firstID
  }

  /// Does for the favorites added since ``startBulkImport(_:)`` returned `firstID` what their
  /// triggers did not, and ends the bulk write: one undo step for the range `added` (nil when
  /// none was added) if a change is being recorded, the author counts, the full-text index.
  static func finishBulkImport(
    _ db: Database, from firstID: Int64, added: ClosedRange<Int64>?
  ) throws {
    if let added {
      try db.execute(
        sql: """
          INSERT INTO library_undo_step (change_id, first_added_id, last_added_id)
          SELECT change_id, ?, ? FROM library_recording
          """,
        arguments: [added.lowerBound, added.upperBound])
      try db.execute(
        sql: """
          INSERT OR IGNORE INTO favorite_author (folded, favorite_count)
          SELECT DISTINCT author_folded, 0 FROM favorite WHERE id >= ?;
          UPDATE favorite_author SET favorite_count = favorite_count + added.count
          FROM (
            SELECT author_folded AS folded, count(*) AS count FROM favorite WHERE id >= ?
            GROUP BY author_folded
          ) AS added
          WHERE favorite_author.folded = added.folded;
          """,
        arguments: [firstID, firstID])
      try forEachChunk(of: added) { chunk in
        try db.execute(
          sql: """
            INSERT INTO favorite_search (rowid, quote, author, note, tags, work)
            SELECT id, quote, author, note, tags, work FROM favorite WHERE id BETWEEN ? AND ?
            """,
          arguments: [chunk.lowerBound, chunk.upperBound])
      }
    }
    try db.execute(sql: "DELETE FROM favorite_bulk_write")
  }

  /// The per-row INSERT triggers of `favorite`, in the order migration 8 created them.
  ///
  /// Each but the first steps aside for a favorite that a bulk write adds; the first looks for
  /// an equal favorite, which the import does itself (see ``ImportedRowWriter``).
  private static let rowInsertTriggers = [
    "favorite_unique_before_insert", "favorite_after_insert", "favorite_search_after_insert",
    "favorite_undo_after_insert",
  ]

  /// Drops, in the transaction of `db`, the triggers on `favorite` that step aside for every
  /// favorite a bulk import adds, and returns the statements that create them again, for
  /// ``restoreInsertTriggers(_:_:)`` before the transaction ends.
  ///
  /// While a table has a trigger for INSERT, SQLite keeps a statement journal for each row
  /// inserted into it, even when the trigger's WHEN clause sets it aside: a third of an
  /// import's time in SQLite at 100,000 rows. Between the two calls the import inserts nothing
  /// into `favorite` but its own favorites, which those triggers would have set aside, each
  /// once it has found no equal favorite in the same transaction. Other
  /// connections never see the triggers gone (the transaction holds them back, and a rollback
  /// brings them back).
  static func setAsideInsertTriggers(_ db: Database) throws -> [String] {
    let names = rowInsertTriggers.map { "'\($0)'" }.joined(separator: ", ")
    let triggers = try Row.fetchAll(
      db,
      sql: """
        SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'favorite'
        AND name IN (\(names)) ORDER BY rowid
        """)
    var statements: [String] = []
    for trigger in triggers {
      let name: String = trigger["name"]
      try db.execute(sql: "DROP TRIGGER \(name)")
      statements.append(trigger["sql"])
    }
    return statements
  }

  /// Creates again, in the same order, the triggers ``setAsideInsertTriggers(_:)`` dropped.
  static func restoreInsertTriggers(_ statements: [String], _ db: Database) throws {
    for statement in statements {
      try db.execute(sql: statement)
    }
  }

  /// Deletes the favorites with ids in `range`, with their tags, as one bulk write.
  ///
  /// For the undo step of favorites added one after another, such as an import: the work of
  /// their per-row triggers is done once for the whole range. Nothing is logged for undo.
  static func deleteFavorites(in range: ClosedRange<Int64>, _ db: Database) throws {
    let arguments: StatementArguments = [range.lowerBound, range.upperBound]
    // Deleting an import of 100,000 favorites rewrites most pages of the file: with the 512 KiB
    // cache of a read command, SQLite wrote each to the log and read it back several times
    // (290,000 reads and 210,000 writes). For the transaction, a cache of 4 MiB: since the keys'
    // index is one of hashes (migration 8), undoing a 100,000-row import took 1.5 s of CPU and
    // peaked at 24.5 MiB with it, 1.7 s and 34.9 MiB with 14 MiB, 1.6 s and 21.6 MiB with 2 MiB.
    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
    if range.count > 1000 {
      try db.execute(sql: "PRAGMA cache_size = -4096")
    }
    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    try db.execute(
      sql: "INSERT INTO favorite_bulk_write (singleton, first_id, last_id) VALUES (1, ?, ?)",
      arguments: arguments)
    // The index forgets each row by the words it was given, so this comes before the delete.
    try forEachChunk(of: range) { chunk in
      try db.execute(
        sql: """
          INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags, work)
          SELECT 'delete', id, quote, author, note, tags, work FROM favorite
          WHERE id BETWEEN ? AND ?
          """,
        arguments: [chunk.lowerBound, chunk.upperBound])
    }
    try db.execute(
      sql: """
        UPDATE favorite_author SET favorite_count = favorite_count - gone.count
        FROM (
          SELECT author_folded AS folded, count(*) AS count FROM favorite
          WHERE id BETWEEN ? AND ? GROUP BY author_folded
        ) AS gone
        WHERE favorite_author.folded = gone.folded
        """,
      arguments: arguments)
    // The triggers keep no author with no favorite; only those just counted down can be one.
    try db.execute(sql: "DELETE FROM favorite_author WHERE favorite_count = 0")
    try db.execute(
      sql: "DELETE FROM favorite_tag WHERE favorite_id BETWEEN ? AND ?", arguments: arguments)
    try db.execute(sql: "DELETE FROM favorite WHERE id BETWEEN ? AND ?", arguments: arguments)
    try db.execute(sql: "DELETE FROM favorite_bulk_write")
  }

  /// Calls `body` with consecutive parts of `range`, each of at most 2,000 ids.
  ///
  /// One statement that changes the full-text index for 100,000 favorites keeps a statement
  /// journal of the index pages it rewrites, in memory (the import's temp_store): 10 MB more
  /// peak memory for the import than statements of a few thousand favorites each, which cost
  /// the same time.
  private static func forEachChunk(
    of range: ClosedRange<Int64>, _ body: (ClosedRange<Int64>) throws -> Void
  ) throws {
    var start = range.lowerBound
    while true {
      let (end, overflow) = start.addingReportingOverflow(1_999)
      let chunk = start...(overflow ? range.upperBound : min(end, range.upperBound))
      try body(chunk)
      guard chunk.upperBound < range.upperBound else { return }
      start = chunk.upperBound + 1
    }
  }

  /// The `tags` column of a favorite with `tags` (distinct, folded): the names one space apart
  /// in the order SQLite's `ORDER BY tag` gives, by their UTF-8 bytes, as the triggers of
  /// migration 5 write it.
  static func tagsColumn(_ tags: [String]) -> String {
    switch tags.count {
    case 0: ""
    case 1: tags[0]
    default: tags.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: " ")
    }
  }
}
