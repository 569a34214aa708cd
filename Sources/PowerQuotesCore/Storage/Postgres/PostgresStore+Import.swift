import Foundation

extension PostgresStore {
  /// Saves the quotes `feed` hands to the function it is given, in one transaction.
  ///
  /// They are inserted as they come, so a large file is never all in memory. A process killed
  /// before the commit leaves nothing: the server rolls back a transaction whose connection
  /// is gone. After an insert fails, the quotes that follow are not inserted; the failure is
  /// thrown once `feed` returns, and nothing is saved.
  ///
  /// A dry run inserts nothing: an identity value drawn by an INSERT stays used after a
  /// rollback, and a dry run must not leave a gap in the ids. It asks the unique index about
  /// each quote instead, and remembers the keys it would have added (about 100 bytes a
  /// quote), so a quote repeated in the file counts as already a favorite as an insert would.
  public func importFavorites(
    count: Int,
    at date: Date,
    dryRun: Bool,
    feed: ((ImportedQuote) -> Void) throws -> Void
  ) throws -> (added: Int, alreadyFavorites: Int) {
    try inTransaction(rollback: dryRun) {
      var counts = (added: 0, alreadyFavorites: 0)
      var failure: (any Error)?
      var wouldAdd: Set<[UInt8]> = []
      try feed { imported in
        guard failure == nil else { return }
        do {
          if dryRun {
            let key = imported.quote.key
            let known = try execute(Self.favoriteByKeySQL, [key.quote, key.author]).count > 0
            if known || !wouldAdd.insert(Array((key.quote + "\u{0}" + key.author).utf8)).inserted {
              counts.alreadyFavorites += 1
            } else {
              counts.added += 1
            }
            return
          }
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
