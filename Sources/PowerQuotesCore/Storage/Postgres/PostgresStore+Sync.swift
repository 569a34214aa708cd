import Foundation

extension PostgresStore {
  /// Saves one page of a sync: its quotes into the pool and how far the sync has got, in one
  /// transaction, so a stopped sync never skips or repeats a page.
  ///
  /// - Returns: how many quotes were new to the pool.
  public func saveSyncPage(
    _ quotes: [Quote],
    source: QuoteSource,
    nextSkip: Int,
    total: Int,
    at date: Date
  ) throws -> Int {
    try inTransaction(flushed: false) {
      let added = try insertIntoPool(quotes, at: date)
      try execute(
        "UPDATE sync_state SET next_skip = $2::bigint, total = $3::bigint, updated_at = $4 "
          + "WHERE source = $1",
        [source.rawValue, String(nextSkip), String(total), StoredTime.text(date)])
      return added
    }
  }

  /// Where the last sync of `source` got to, if one was ever started.
  public func syncState(source: QuoteSource) throws -> SyncState? {
    try execute(
      "SELECT next_skip, total, started_at, finished_at FROM sync_state WHERE source = $1",
      [source.rawValue]
    ).values.first.map { row in
      SyncState(
        nextSkip: Int(row[0] ?? "") ?? 0,
        total: row[1].flatMap { Int($0) },
        startedAt: Self.time(row[2]),
        finishedAt: row[3].map { Self.time($0) })
    }
  }

  /// Starts a sync of `source` from the beginning.
  public func startSync(source: QuoteSource, at date: Date) throws {
    try inTransaction(flushed: false) {
      try execute(
        """
        INSERT INTO sync_state (source, next_skip, total, started_at, updated_at, finished_at)
        VALUES ($1, 0, NULL, $2, $2, NULL)
        ON CONFLICT (source) DO UPDATE SET next_skip = 0, total = NULL,
          started_at = excluded.started_at, updated_at = excluded.updated_at, finished_at = NULL
        """, [source.rawValue, StoredTime.text(date)])
    }
  }

  /// Marks the sync of `source` complete.
  public func finishSync(source: QuoteSource, at date: Date) throws {
    try inTransaction(flushed: false) {
      try execute(
        "UPDATE sync_state SET finished_at = $2, updated_at = $2 WHERE source = $1",
        [source.rawValue, StoredTime.text(date)])
    }
  }
}
