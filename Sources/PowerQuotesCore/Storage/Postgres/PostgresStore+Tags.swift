import Foundation

/// Tags on PostgreSQL, with the meaning of ``QuoteDatabase``'s: `fav tag` and `fav untag` are one
/// undoable change each (the triggers of `Migrations/postgres/0006_trash_undo.sql` log it), and
/// the `tags` column follows `favorite_tag` through the trigger of 0005.
extension PostgresStore {
  /// The SQL condition, after a WHERE clause on `favorite`, that keeps favorites with the tag
  /// given as parameter `$parameter`.
  static func tagCondition(parameter: Int) -> String {
    " AND id IN (SELECT favorite_id FROM favorite_tag WHERE tag = $\(parameter))"
  }

  /// Puts `tags` on the favorite with `id`, as one undoable change; a tag it has already is
  /// left as it is.
  ///
  /// - Returns: the favorite as it is now, and the tags it did not have before.
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  public func tag(id: Int64, with tags: [FavoriteTag], at date: Date) throws -> (
    favorite: Favorite, added: [FavoriteTag]
  ) {
    try changeTags(.tag, id: id, at: date, facts: StoredChange.tagging) {
      var added: [FavoriteTag] = []
      for tag in Set(tags).sorted() {
        let rows = try execute(
          """
          INSERT INTO favorite_tag (favorite_id, tag) VALUES ($1::bigint, $2)
          ON CONFLICT DO NOTHING
          """,
          [String(id), tag.name])
        if rows.affectedRows > 0 { added.append(tag) }
      }
      return added
    }
  }

  /// Takes `tags` off the favorite with `id`, as one undoable change; a tag it does not have
  /// is not an error.
  ///
  /// - Returns: the favorite as it is now, and the tags it had and no longer has.
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  public func untag(id: Int64, tags: [FavoriteTag], at date: Date) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  ) {
    try changeTags(.untag, id: id, at: date, facts: StoredChange.tagging) {
      var removed: [FavoriteTag] = []
      for tag in Set(tags).sorted() {
        let rows = try execute(
          "DELETE FROM favorite_tag WHERE favorite_id = $1::bigint AND tag = $2",
          [String(id), tag.name])
        if rows.affectedRows > 0 { removed.append(tag) }
      }
      return removed
    }
  }

  /// Every tag with how many favorites have it, most used first, then by name (by its bytes,
  /// as SQLite orders text).
  public func tagCounts() throws -> [TagCount] {
    try execute(
      """
      SELECT tag, count(*) FROM favorite_tag GROUP BY tag ORDER BY count(*) DESC, tag COLLATE "C"
      """
    ).values.map { TagCount(tag: FavoriteTag(stored: $0[0] ?? ""), count: Int($0[1] ?? "") ?? 0) }
  }

  /// Runs `change` on the favorite with `id` as one undoable change of `kind`, in a transaction
  /// of its own, and reads the favorite back.
  ///
  /// The change takes its turn on `library_recording` first (``recordingChange(_:at:facts:_:)``),
  /// then locks the favorite's row, in the order every change takes them, so that a machine
  /// removing it meanwhile either waits or leaves this one to find it gone (noSuchFavorite, not
  /// a foreign key's error), and the `tags` column the trigger rewrites from `favorite_tag` never
  /// misses another machine's tag. A change that adds or takes off no tag is not kept.
  private func changeTags(
    _ kind: LibraryChange.Kind,
    id: Int64,
    at date: Date,
    facts: ((Favorite, [FavoriteTag])) -> LibraryChange.Facts,
    _ change: () throws -> [FavoriteTag]
  ) throws -> (Favorite, [FavoriteTag]) {
    try writeChange(kind, at: date, facts: facts) {
      let locked = try execute(
        "SELECT 1 FROM favorite WHERE id = $1::bigint FOR UPDATE", [String(id)])
      guard locked.count > 0 else { throw StorageError.noSuchFavorite(id: id) }
      let changed = try change()
      let rows = try execute(
        "SELECT \(Self.favoriteColumns) FROM favorite WHERE id = $1::bigint", [String(id)])
      guard let row = rows.values.first else { throw StorageError.noSuchFavorite(id: id) }
      return (Self.favorite(row), changed)
    }
  }
}

extension PostgresStore {
  /// ``QuoteDatabase/normalizeTags(_:)`` on PostgreSQL, on the connection that migrates, in its
  /// transaction.
  static func normalizeTags(_ connection: PostgresConnection) throws {
    let names = try connection.execute(
      "SELECT DISTINCT tag FROM favorite_tag WHERE tag ~ '[^ -~]'")
    for row in names.values {
      guard let name = row[0], let renamed = StoredTagNames.renamed(name) else { continue }
      // The trigger of favorite_tag rewrites each favorite's tags column and search words.
      try connection.execute(
        """
        INSERT INTO favorite_tag (favorite_id, tag)
        SELECT favorite_id, $1 FROM favorite_tag WHERE tag = $2 ON CONFLICT DO NOTHING
        """, [renamed, name])
      try connection.execute("DELETE FROM favorite_tag WHERE tag = $1", [name])
    }
    let trashed = try connection.execute(
      "SELECT id, tags FROM trashed_favorite WHERE tags ~ '[^ -~]'")
    for row in trashed.values {
      guard let id = row[0], let tags = row[1].flatMap(StoredTagNames.renamedList) else {
        continue
      }
      try connection.execute("UPDATE trashed_favorite SET tags = $1 WHERE id = $2", [tags, id])
    }
  }
}
