import Foundation

/// `fav edit` on PostgreSQL: a favorite's words, author, note and work changed in place, under
/// the same id, as ``QuoteDatabase`` changes them.
extension PostgresStore {
  /// Gives favorite `old.id` this text, author, note and work, as one undoable change, if it
  /// still holds `old`'s text, author, note and work.
  ///
  /// Its keys and author search column are computed again, and the unique index decides
  /// whether the result equals another favorite. The old values are compared in the UPDATE's
  /// WHERE, which PostgreSQL evaluates again on the newest row after waiting for a concurrent
  /// writer, so no write can slip between the comparison and the write.
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
    do {
      return try writeChange(.edit, at: date, facts: StoredChange.edit) {
        let rows = try execute(
          """
          UPDATE favorite
          SET quote = $1, author = $2, quote_key = $3, author_key = $4, author_folded = $5,
            note = $6, work = $11
          WHERE id = $7::bigint AND quote = $8 AND author = $9 AND note = $10 AND work = $12
          RETURNING \(Self.favoriteColumns)
          """,
          [
            quote.text, quote.author, key.quote, key.author, QuoteKey.searchFolded(quote.author),
            note, String(id), old.quote.text, old.quote.author, old.note, work, old.work,
          ])
        guard let row = rows.values.first else {
          let exists = try execute("SELECT 1 FROM favorite WHERE id = $1::bigint", [String(id)])
          throw exists.values.isEmpty
            ? StorageError.noSuchFavorite(id: id) : StorageError.favoriteChanged(id: id)
        }
        return Self.favorite(row)
      }
    } catch PostgresError.statementFailed(_, let sqlState, _) where sqlState == "23505" {
      // The unique index of the keys (the only one an UPDATE of favorite can break); the
      // transaction was rolled back.
      throw StorageError.duplicateFavorite(id: id)
    }
  }
}
