import GRDB

/// The hash of a favorite's keys that SQLite finds duplicates by
/// (`Migrations/0008_favorite_key_hash.sql`, ``QuoteKey/keyHash``).
extension QuoteDatabase {
  /// The message of a duplicate favorite: SQLite's own for the UNIQUE constraint of the keys
  /// before migration 8, and that of the triggers that stand for it since.
  static let duplicateMessage = "UNIQUE constraint failed: favorite.quote_key, favorite.author_key"

  /// Whether `error` is SQLite refusing a favorite whose keys another favorite has.
  static func isDuplicateFavorite(_ error: DatabaseError) -> Bool {
    switch error.extendedResultCode {
    case .SQLITE_CONSTRAINT_UNIQUE: true
    case .SQLITE_CONSTRAINT_TRIGGER: error.message == duplicateMessage
    default: false
    }
  }

  /// Gives every favorite whose `key_hash` is NULL (rows written by SQL that does not know it:
  /// migration 8, and an undo step logged before it) its hash, in the transaction of `db`.
  ///
  /// One look at the index when there is none. Changing the hash alone changes no favorite's
  /// keys, so the triggers check nothing.
  static func hashKeys(_ db: Database) throws {
    var after: Int64 = 0
    while true {
      // A thousand at a time: the rows read are updated before the next are read.
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, quote_key, author_key FROM favorite
          WHERE key_hash IS NULL AND id > ? ORDER BY id LIMIT 1000
          """,
        arguments: [after])
      guard let last = rows.last else { return }
      let update = try db.cachedStatement(sql: "UPDATE favorite SET key_hash = ? WHERE id = ?")
      for row in rows {
        let key = QuoteKey(quote: row[1], author: row[2])
        try update.execute(arguments: [key.keyHash, row[0] as Int64])
      }
      after = last[0]
    }
  }
}
