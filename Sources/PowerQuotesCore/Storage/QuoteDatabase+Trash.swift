import Foundation
import GRDB

/// The trash: `fav rm` moves favorites here whole, `fav restore` brings them back under their
/// ids, and emptying it deletes them for good (``LibraryStore``'s trash).
extension QuoteDatabase {
  /// Moves the favorites with these ids to the trash, as one undoable change, all or none: an
  /// unknown id moves nothing.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` for the first id that is not a favorite.
  public func trashFavorites(ids: [Int64], at date: Date) throws -> [Favorite] {
    try writeChange(.remove, at: date, facts: StoredChange.favorites) { db in
      var removed: [Favorite] = []
      for id in ids where !removed.contains(where: { $0.id == id }) {
        try db.execute(
          sql: """
            INSERT INTO trashed_favorite (id, quote, author, source, source_id, saved_at,
              quote_key, author_key, author_folded, note, tags, trashed_at, work)
            SELECT id, quote, author, source, source_id, saved_at, quote_key, author_key,
              author_folded, note, tags, ?, work
            FROM favorite WHERE id = ?
            """,
          arguments: [StoredTime.text(date), id]
        )
        let row = try Row.fetchOne(
          db, sql: "DELETE FROM favorite WHERE id = ? RETURNING *", arguments: [id])
        // Throwing rolls back what this transaction moved so far.
        guard let row else { throw StorageError.noSuchFavorite(id: id) }
        removed.append(try FavoriteRecord(row: row).favorite)
      }
      return removed
    }
  }

  /// Brings the favorites with these ids back from the trash, under their ids, with their note,
  /// tags and work, as one undoable change: all of them, or none.
  ///
  /// - Throws: ``StorageError/noSuchTrashedFavorite(id:)`` for the first id the trash does not hold, and
  ///   ``StorageError/duplicateFavorite(id:)`` when an equal favorite was saved meanwhile.
  public func restoreFavorites(ids: [Int64], at date: Date) throws -> [Favorite] {
    try writeChange(.restore, at: date, facts: StoredChange.favorites) { db in
      var restored: [Favorite] = []
      for id in ids where !restored.contains(where: { $0.id == id }) {
        guard
          let row = try Row.fetchOne(
            db, sql: "DELETE FROM trashed_favorite WHERE id = ? RETURNING *", arguments: [id])
        else { throw StorageError.noSuchTrashedFavorite(id: id) }
        do {
          try db.execute(
            sql: """
              INSERT INTO favorite (id, quote, author, source, source_id, saved_at, quote_key,
                author_key, author_folded, note, tags, key_hash, work)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              row["id"], row["quote"], row["author"], row["source"], row["source_id"],
              row["saved_at"], row["quote_key"], row["author_key"], row["author_folded"],
              row["note"], row["tags"],
              QuoteKey(
                quote: try row.decode(forColumn: "quote_key"),
                author: try row.decode(forColumn: "author_key")
              ).keyHash, row["work"],
            ]
          )
        } catch let error as DatabaseError where Self.isDuplicateFavorite(error) {
          throw StorageError.duplicateFavorite(id: id)
        }
        let tags: String = try row.decode(forColumn: "tags")
        for tag in tags.split(separator: " ") {
          try db.execute(
            sql: "INSERT OR IGNORE INTO favorite_tag (favorite_id, tag) VALUES (?, ?)",
            arguments: [id, String(tag)]
          )
        }
        restored.append(try FavoriteRecord(row: row).favorite)
      }
      return restored
    }
  }

  /// The favorites in the trash, in the order they were removed.
  public func trashedFavorites() throws -> [TrashedFavorite] {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM trashed_favorite ORDER BY trashed_at, id").map {
          row in
          // The trash keeps `note` and `tags` as `favorite` does: the record reads them too.
          TrashedFavorite(
            favorite: try FavoriteRecord(row: row).favorite,
            trashedAt: try StoredTime.date(row, Column("trashed_at"))
          )
        }
      }
    }
  }

  /// Deletes for good the favorites with these ids that are still in the trash, and forgets
  /// the changes whose undoing would bring one of them back.
  ///
  /// Those are the change that last moved one of them to the trash and every older one, which
  /// `fav undo` could only reach through it; newer changes stay undoable. An id no longer in
  /// the trash (restored, or deleted by another process meanwhile) is left alone, and so is
  /// whatever entered the trash since the ids were read.
  ///
  /// - Returns: how many favorites were deleted.
  public func emptyTrash(ids: [Int64]) throws -> Int {
    try translatingErrors {
      try writer.write { db in
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let deleted = try Int64.fetchAll(
          db,
          sql: """
            DELETE FROM trashed_favorite WHERE id IN (SELECT value FROM json_each(?))
            RETURNING id
            """,
          arguments: [list])
        guard !deleted.isEmpty else { return 0 }
        // The step the triggers of 0006 log when a favorite enters the trash is the one that
        // takes it out again.
        try db.execute(
          sql: """
            DELETE FROM library_change WHERE id <= (
              SELECT max(change_id) FROM library_undo_step
              WHERE sql IN (
                SELECT 'DELETE FROM trashed_favorite WHERE id = ' || value FROM json_each(?)))
            """,
          arguments: ["[" + deleted.map(String.init).joined(separator: ",") + "]"])
        return deleted.count
      }
    }
  }
}
