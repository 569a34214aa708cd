import Foundation

/// `fav edit` on PostgreSQL: a favorite's words, author and note changed in place, under the
/// same id, as ``QuoteDatabase`` changes them.
extension PostgresStore {
  /// Gives the favorite `id` this text, author and note, as one undoable change.
  ///
  /// Its keys and author search column are computed again, and the unique index decides
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
    do {
      return try writeChange(.edit, at: date, summary: QuoteDatabase.editSummary) {
        let rows = try execute(
          """
          UPDATE favorite
          SET quote = $1, author = $2, quote_key = $3, author_key = $4, author_folded = $5,
            note = $6
          WHERE id = $7::bigint
          RETURNING \(Self.favoriteColumns)
          """,
          [
            quote.text, quote.author, key.quote, key.author, QuoteKey.searchFolded(quote.author),
            note, String(id),
          ])
        guard let row = rows.values.first else { throw StorageError.noSuchFavorite(id: id) }
        return Self.favorite(row)
      }
    } catch PostgresError.statementFailed(_, let sqlState, _) where sqlState == "23505" {
      // The unique index of the keys (the only one an UPDATE of favorite can break); the
      // transaction was rolled back.
      throw StorageError.duplicateFavorite(id: id)
    }
  }
}
