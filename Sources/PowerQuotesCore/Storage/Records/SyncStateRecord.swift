import Foundation
import GRDB

/// A row of the `sync_state` table: how far a sync of one source's catalogue has got.
struct SyncStateRecord: FetchableRecord, PersistableRecord {
  static let databaseTableName = "sync_state"

  /// The table's columns.
  enum Columns {
    static let source = Column("source")
    static let nextSkip = Column("next_skip")
    static let total = Column("total")
    static let startedAt = Column("started_at")
    static let updatedAt = Column("updated_at")
    static let finishedAt = Column("finished_at")
  }

  /// The source synced.
  var source: QuoteSource
  /// The state the controller reads.
  var state: SyncState
  /// When the row last changed.
  var updatedAt: Date

  init(source: QuoteSource, state: SyncState, updatedAt: Date) {
    self.source = source
    self.state = state
    self.updatedAt = updatedAt
  }

  init(row: Row) {
    source = QuoteSource(rawValue: row[Columns.source])
    state = SyncState(
      nextSkip: row[Columns.nextSkip],
      total: row[Columns.total],
      startedAt: StoredTime.date(row, Columns.startedAt),
      finishedAt: StoredTime.optionalDate(row, Columns.finishedAt)
    )
    updatedAt = StoredTime.date(row, Columns.updatedAt)
  }

  func encode(to container: inout PersistenceContainer) {
    container[Columns.source] = source.rawValue
    container[Columns.nextSkip] = state.nextSkip
    container[Columns.total] = state.total
    container[Columns.startedAt] = StoredTime.text(state.startedAt)
    container[Columns.updatedAt] = StoredTime.text(updatedAt)
    container[Columns.finishedAt] = state.finishedAt.map(StoredTime.text)
  }
}
