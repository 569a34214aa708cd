import Foundation

/// The trash on PostgreSQL, with the meaning of ``QuoteDatabase``'s: `fav rm` moves favorites
/// here whole, `fav restore` brings them back under their ids with their note, tags and work, each
/// as one undoable change, and emptying it deletes them for good.
extension PostgresStore {
  /// Moves the favorites with these ids to the trash, as one undoable change, all or none: an
  /// unknown id moves nothing.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` for the first id that is not a favorite.
  public func trashFavorites(ids: [Int64], at date: Date) throws -> [Favorite] {
    try writeChange(.remove, at: date, facts: StoredChange.favorites) {
      var removed: [Favorite] = []
      for id in ids where !removed.contains(where: { $0.id == id }) {
        let rows = try execute(
          """
          WITH gone AS (DELETE FROM favorite WHERE id = $1::bigint RETURNING *)
          INSERT INTO trashed_favorite (id, quote, author, source, source_id, saved_at,
            quote_key, author_key, author_folded, note, tags, trashed_at, work)
          SELECT id, quote, author, source, source_id, saved_at, quote_key, author_key,
            author_folded, note, tags, $2, work FROM gone
          RETURNING \(Self.favoriteColumns)
          """,
          [String(id), StoredTime.text(date)])
        // Throwing rolls back what this transaction moved so far.
        guard let row = rows.values.first else { throw StorageError.noSuchFavorite(id: id) }
        removed.append(Self.favorite(row))
      }
      return removed
    }
  }

  /// Brings the favorites with these ids back from the trash, under their ids, with their note,
  /// tags and work, as one undoable change: all of them, or none.
  ///
  /// - Throws: ``StorageError/noSuchTrashedFavorite(id:)`` for the first id the trash does not
  ///   hold, and ``StorageError/duplicateFavorite(id:)`` when an equal favorite was saved
  ///   meanwhile.
  public func restoreFavorites(ids: [Int64], at date: Date) throws -> [Favorite] {
    try writeChange(.restore, at: date, facts: StoredChange.favorites) {
      var restored: [Favorite] = []
      for id in ids where !restored.contains(where: { $0.id == id }) {
        // One statement: the trash row leaves, and the favorite comes back unless the unique
        // index finds an equal one; throwing rolls both back.
        let moved = try execute(
          """
          WITH back AS (DELETE FROM trashed_favorite WHERE id = $1::bigint RETURNING *),
          put AS (
            INSERT INTO favorite (id, quote, author, source, source_id, saved_at, quote_key,
              author_key, author_folded, note, work)
            OVERRIDING SYSTEM VALUE
            SELECT id, quote, author, source, source_id, saved_at, quote_key, author_key,
              author_folded, note, work FROM back
            ON CONFLICT \(Self.conflictTarget) DO NOTHING
            RETURNING id)
          SELECT (SELECT count(*) FROM back), (SELECT count(*) FROM put), (SELECT tags FROM back)
          """,
          [String(id)])
        let row = moved.values.first ?? []
        guard row.count == 3, row[0] == "1" else {
          throw StorageError.noSuchTrashedFavorite(id: id)
        }
        guard row[1] == "1" else { throw StorageError.duplicateFavorite(id: id) }
        try execute(
          """
          INSERT INTO favorite_tag (favorite_id, tag)
          SELECT $1::bigint, tag FROM unnest(string_to_array($2, ' ')) AS tag WHERE tag <> ''
          ON CONFLICT DO NOTHING
          """,
          [String(id), row[2] ?? ""])
        let favorite = try execute(
          "SELECT \(Self.favoriteColumns) FROM favorite WHERE id = $1::bigint", [String(id)])
        guard let back = favorite.values.first else {
          throw StorageError.noSuchTrashedFavorite(id: id)
        }
        restored.append(Self.favorite(back))
      }
      return restored
    }
  }

  /// The favorites in the trash, in the order they were removed.
  public func trashedFavorites() throws -> [TrashedFavorite] {
    try execute(
      "SELECT \(Self.favoriteColumns), trashed_at FROM trashed_favorite ORDER BY trashed_at, id"
    ).values.map { row in
      TrashedFavorite(favorite: Self.favorite(row), trashedAt: Self.time(row[9]))
    }
  }

  /// Deletes for good the favorites with these ids that are still in the trash, and forgets
  /// the changes whose undoing would bring one of them back, as ``QuoteDatabase`` does.
  ///
  /// - Returns: how many favorites were deleted.
  public func emptyTrash(ids: [Int64]) throws -> Int {
    try inTransaction {
      // After a change in progress on another machine, which may be moving one of them.
      try takeTurn()
      let deleted = try execute(
        """
        WITH gone AS (
          DELETE FROM trashed_favorite WHERE id = ANY ($1::bigint[]) RETURNING id),
        last_moved AS (
          SELECT max(change_id) AS id FROM library_undo_step
          WHERE sql IN (SELECT 'DELETE FROM trashed_favorite WHERE id = ' || id FROM gone)),
        forgotten AS (
          DELETE FROM library_change WHERE id <= (SELECT id FROM last_moved))
        SELECT count(*) FROM gone
        """,
        [PostgresArray.literal(ids.map(String.init))])
      return Int(deleted.values.first?[0] ?? "") ?? 0
    }
  }
}
