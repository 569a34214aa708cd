import Foundation
import GRDB

/// `fav edit`: a favorite's words, author and note changed in place, under the same id.
extension QuoteDatabase {
  /// Gives the favorite `id` this text, author and note, as one undoable change.
  ///
  /// Its keys, their hash and author search columns are computed again, and the schema decides
  /// whether the result equals another favorite.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)``, or ``StorageError/duplicateFavorite(id:)``
  ///   (nothing changed).
  public func editFavorite(
    id: Int64,
    quote: Quote,
    note: String,
    at date: Date
  ) throws -> Favorite {
    let key = quote.key
    return try writeChange(.edit, at: date, summary: Self.editSummary) { db in
      do {
        let row = try Row.fetchOne(
          db,
          sql: """
            UPDATE favorite
            SET quote = ?, author = ?, quote_key = ?, author_key = ?, author_folded = ?, note = ?,
              key_hash = ?
            WHERE id = ?
            RETURNING *
            """,
          arguments: [
            quote.text, quote.author, key.quote, key.author, QuoteKey.searchFolded(quote.author),
            note, key.keyHash, id,
          ]
        )
        guard let row else { throw StorageError.noSuchFavorite(id: id) }
        return try FavoriteRecord(row: row).favorite
      } catch let error as DatabaseError where Self.isDuplicateFavorite(error) {
        throw StorageError.duplicateFavorite(id: id)
      }
    }
  }

  /// What `fav undo` says it undid after `fav edit`: "editing favorite 12".
  static func editSummary(_ edited: Favorite) -> String {
    "editing favorite \(edited.id)"
  }

}
