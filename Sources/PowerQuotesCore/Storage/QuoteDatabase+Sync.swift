import Foundation
import GRDB

extension QuoteDatabase {
  /// Saves one page of a sync: its quotes into the pool and how far the sync has got, together,
  /// so a stopped sync never skips or repeats a page.
  ///
  /// - Returns: how many quotes were new to the pool.
  public func saveSyncPage(
    _ quotes: [Quote],
    source: QuoteSource,
    nextSkip: Int,
    total: Int,
    at date: Date
  ) throws -> Int {
    try translatingErrors {
      try writeUnflushed { db in
        let added = try insertIntoPool(quotes, at: date, db: db)
        try SyncStateRecord.filter(SyncStateRecord.Columns.source == source.rawValue)
          .updateAll(
            db,
            SyncStateRecord.Columns.nextSkip.set(to: nextSkip),
            SyncStateRecord.Columns.total.set(to: total),
            SyncStateRecord.Columns.updatedAt.set(to: StoredTime.text(date))
          )
        return added
      }
    }
  }

  /// Where the last sync of `source` got to, if one was ever started.
  public func syncState(source: QuoteSource) throws -> SyncState? {
    try translatingErrors {
      try writer.read { db in
        try SyncStateRecord.filter(SyncStateRecord.Columns.source == source.rawValue)
          .fetchOne(db)?.state
      }
    }
  }

  /// Starts a sync of `source` from the beginning.
  public func startSync(source: QuoteSource, at date: Date) throws {
    let state = SyncState(nextSkip: 0, total: nil, startedAt: date, finishedAt: nil)
    try translatingErrors {
      try writeUnflushed { db in
        try SyncStateRecord(source: source, state: state, updatedAt: date)
          .insert(db, onConflict: .replace)
      }
    }
  }

  /// Marks the sync of `source` complete.
  public func finishSync(source: QuoteSource, at date: Date) throws {
    try translatingErrors {
      try writeUnflushed { db in
        // The count of rows changed (one, or none before the first page) is not needed.
        _ = try SyncStateRecord.filter(SyncStateRecord.Columns.source == source.rawValue)
          .updateAll(
            db,
            SyncStateRecord.Columns.finishedAt.set(to: StoredTime.text(date)),
            SyncStateRecord.Columns.updatedAt.set(to: StoredTime.text(date))
          )
      }
    }
  }
}
