import Foundation
import GRDB

extension QuoteDatabase {
  /// Where the last sync of `source` got to, if one was ever started.
  public func syncState(source: QuoteSource) throws -> SyncState? {
    try translatingErrors {
      try writer.read { db in
        try SyncStateRecord.filter(SyncStateRecord.Columns.source == source.rawValue)
          .fetchOne(db)?.state
      }
    }
  }
}
