import Foundation
import GRDB

/// `fav edit`: a favorite's words, author, note and work changed in place, under the same id.
extension QuoteDatabase {
  /// Gives favorite `old.id` this text, author, note and work, as one undoable change, if it
  /// still holds `old`'s text, author, note and work.
  ///
  /// Its keys, their hash and author search columns are computed again, and the schema decides
  /// whether the result equals another favorite. The old values are compared in the UPDATE's
  /// WHERE, so no write of another process can slip between the comparison and the write.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)``, ``StorageError/favoriteChanged(id:)`` or
  ///   ``StorageError/duplicateFavorite(id:)`` (nothing changed).
  public func editFavorite(
    _ old: Favorite,
    quote: Quote,
    note: String,
    work: String,
    at date: Date
  ) throws -> Favorite {
    let key = quote.key
    let id = old.id
    return try writeChange(.edit, at: date, facts: StoredChange.edit) { db in
      do {
        let row = try Row.fetchOne(
          db,
          sql: """
            UPDATE favorite
            SET quote = ?, author = ?, quote_key = ?, author_key = ?, author_folded = ?, note = ?,
              key_hash = ?, work = ?
            WHERE id = ? AND quote = ? AND author = ? AND note = ? AND work = ?
            RETURNING *
            """,
          arguments: [
            quote.text, quote.author, key.quote, key.author, QuoteKey.searchFolded(quote.author),
            note, key.keyHash, work, id, old.quote.text, old.quote.author, old.note, old.work,
          ]
        )
        guard let row else {
          let exists = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM favorite WHERE id = ?)", arguments: [id])
          throw exists == true
            ? StorageError.favoriteChanged(id: id) : StorageError.noSuchFavorite(id: id)
        }
        return try FavoriteRecord(row: row).favorite
      } catch let error as DatabaseError where Self.isDuplicateFavorite(error) {
        throw StorageError.duplicateFavorite(id: id)
      }
    }
  }

}
