import Foundation

extension PostgresStore {
  /// Saves the quotes `feed` hands to the function it is given, in one transaction.
  ///
  /// They are inserted as they come, so a large file is never all in memory. A process killed
  /// before the commit leaves nothing: the server rolls back a transaction whose connection
  /// is gone. After an insert fails, the quotes that follow are not inserted; the failure is
  /// thrown once `feed` returns, and nothing is saved.
  public func importFavorites(
    count: Int,
    at date: Date,
    dryRun: Bool,
    feed: ((ImportedQuote) -> Void) throws -> Void
  ) throws -> (added: Int, alreadyFavorites: Int) {
    try inTransaction(rollback: dryRun) {
      var counts = (added: 0, alreadyFavorites: 0)
      var failure: (any Error)?
      try feed { imported in
        guard failure == nil else { return }
        do {
          let rows = try execute(
            Self.insertFavoriteSQL,
            Self.insertParameters(imported.quote, savedAt: imported.savedAt ?? date))
          if rows.count > 0 {
            counts.added += 1
          } else {
            counts.alreadyFavorites += 1
          }
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
      return counts
    }
  }
}
