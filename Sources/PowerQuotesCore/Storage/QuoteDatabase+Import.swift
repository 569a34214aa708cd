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
        // Each row looks for an equal favorite in the index of key hashes (migration 8), at
        // random, and adds itself there; the other indexes and the table grow at a few places
        // only. What the page cache does not hold, SQLite writes to the log and reads back. At
        // 100,000 rows the hash index is 1.8 MB: a cache of 1 MiB took 1.79 s of CPU and a peak
        // RSS of 18.8 MiB for a CSV file, 2 MiB 1.57 s and 20.1 MiB, 8 MiB 1.57 s and 26.1 MiB
        // (the index of the whole keys it replaced, 12 MB, needed 8 MiB for 1.94 s and 26.7
        // MiB). Most of the rest of the peak is code: importing two rows peaks at 17.8 MiB.
        // 1.25 MiB, measured beside 1 and 1.5 (`/usr/bin/time`, two runs each, 100,000 rows):
        // fortune 2.0 / 1.9 / 1.8 s at 19.3 / 19.6 / 19.9 MiB, CSV 1.9 / 1.87 / 1.8 s at 19.2 /
        // 19.5 / 19.7 MiB: over 50,000 rows a second with a margin, under 20 MiB with one.
        // And each INSERT (a tag's triggers change other rows) keeps a statement journal,
        // which SQLite writes to a temporary file unless told to keep it in memory: about
        // 760,000 writes for 100,000 rows. A statement journal holds a few pages and is
        // dropped when its INSERT ends. Both settings go back as they were afterwards.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        if count > 1000 {
          try db.execute(sql: "PRAGMA cache_size = -1280")
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
          // Its result, the number added, is for the change's facts only.
          _ = try recordingChange(.importFile, in: db, at: date, facts: StoredChange.importing) {
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
                switch try rows.insert(imported, keys: keys, tags: Self.tagsColumn(imported.tags)) {
                case .added(let id):
                  counts.added += 1
                  added = (added?.lowerBound ?? id)...id
                  try tagWriter.addTags(of: imported, to: id)
                case .existing(let id):
                  counts.alreadyFavorites += 1
                  try tagWriter.merge(imported, into: id)
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
