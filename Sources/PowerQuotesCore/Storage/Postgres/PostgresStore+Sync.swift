import Foundation

extension PostgresStore {
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
}
