import Foundation
import GRDB

extension QuoteDatabase {
  /// Saves the quotes `feed` hands to the function it is given, in one transaction.
  ///
  /// They are inserted as they come, so a large file is never all in memory; `count` is about
  /// how many there will be. Times are stored to the millisecond, rounded, so an exported time
  /// comes back exactly.
  ///
  /// After an insert fails, the quotes that follow are not inserted; the failure is thrown once
  /// `feed` returns, and nothing is saved.
  ///
  /// A quote's note and tags are saved with it. A quote that is already a favorite adds its tags
  /// to the favorite's, and its note when the favorite has none (see ``ImportedTagWriter``).
  public func importFavorites(
    count: Int,
    at date: Date,
    dryRun: Bool,
    feed: ((ImportedQuote) -> Void) throws -> Void
  ) throws -> (added: Int, alreadyFavorites: Int) {
    try translatingErrors {
      try writer.writeWithoutTransaction { db in
        var counts = (added: 0, alreadyFavorites: 0)
        // A large import touches the whole UNIQUE index of quote keys at random (11.5 MiB at
        // 100,000 favorites): what the page cache does not hold, SQLite writes to the WAL and
        // reads back. The cache is most of an import's memory, so it holds part of the index:
        // at 100,000 rows a cache of 14 MiB took 0.25 s of system time and a peak RSS of
        // 37 MiB, 8 MiB 0.36 s and 31 MiB, SQLite's default 2 MB 0.74 s and 24 MiB. And each
        // INSERT (a duplicate aborts it, and a tag's triggers change other rows) keeps a
        // statement journal, which SQLite writes to a temporary file unless told to keep it in
        // memory: about 760,000 writes for 100,000 rows. A statement journal holds a few pages
        // and is dropped when its INSERT ends. Both settings go back as they were afterwards.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        if count > 1000 {
          try db.execute(sql: "PRAGMA cache_size = -8192")
          try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        defer {
          try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
          try? db.execute(sql: "PRAGMA temp_store = \(tempStore)")
        }
        try db.inTransaction(.immediate) {
          var tagWriter = ImportedTagWriter(db: db)
          var failure: (any Error)?
          // One undoable change: the favorites it adds are one step, a range of ids, and the
          // tags and notes it gives favorites saved before are their own steps. The favorites
          // it adds are a bulk write (see QuoteDatabase+BulkWrite.swift): indexed, counted and
          // logged at the end, as a whole.
          // Its result, the number added, is for the change's summary only.
          _ = try recordingChange(.importFile, in: db, at: date, summary: Self.importSummary) {
            let firstID = try Self.startBulkImport(db)
            let insertTriggers = try Self.setAsideInsertTriggers(db)
            // Prepared once the triggers are gone, so SQLite need not prepare it again.
            var rows = try ImportedRowWriter(db: db, date: date)
            tagWriter.firstNewID = firstID
            var added: ClosedRange<Int64>?
            try feed { imported in
              guard failure == nil else { return }
              let keys = rows.keys(of: imported.quote)
              do {
                if let id = try rows.insert(
                  imported, keys: keys, tags: Self.tagsColumn(imported.tags))
                {
                  counts.added += 1
                  added = (added?.lowerBound ?? id)...id
                  try tagWriter.addTags(of: imported, to: id)
                } else {
                  // Only this row failed; the transaction and the rows before it stand.
                  counts.alreadyFavorites += 1
                  try tagWriter.merge(imported, key: keys.key)
                }
              } catch {
                failure = error
              }
            }
            if let failure { throw failure }
            try Self.restoreInsertTriggers(insertTriggers, db)
            try Self.finishBulkImport(db, from: firstID, added: added)
            return counts.added
          }
          return dryRun ? .rollback : .commit
        }
        return counts
      }
    }
  }
}
