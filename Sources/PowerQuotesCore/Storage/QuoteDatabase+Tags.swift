import GRDB

extension QuoteDatabase {
  /// The SQL condition, after a WHERE clause on `favorite`, that keeps favorites with a tag
  /// given as its argument.
  static let tagCondition = " AND id IN (SELECT favorite_id FROM favorite_tag WHERE tag = ?)"

  /// Puts `tags` on the favorite with `id`, in one transaction; a tag it has already is left as
  /// it is.
  ///
  /// - Returns: the favorite as it is now, and the tags it did not have before.
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  public func tag(id: Int64, with tags: [FavoriteTag]) throws -> (
    favorite: Favorite, added: [FavoriteTag]
  ) {
    try changeTags(id: id) { db in
      var added: [FavoriteTag] = []
      for tag in Set(tags).sorted() {
        try db.execute(
          sql: "INSERT OR IGNORE INTO favorite_tag (favorite_id, tag) VALUES (?, ?)",
          arguments: [id, tag.name]
        )
        if db.changesCount > 0 { added.append(tag) }
      }
      return added
    }
  }

  /// Takes `tags` off the favorite with `id`, in one transaction; a tag it does not have is
  /// not an error.
  ///
  /// - Returns: the favorite as it is now, and the tags it had and no longer has.
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  public func untag(id: Int64, tags: [FavoriteTag]) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  ) {
    let (favorite, removed) = try changeTags(id: id) { db in
      var removed: [FavoriteTag] = []
      for tag in Set(tags).sorted() {
        try db.execute(
          sql: "DELETE FROM favorite_tag WHERE favorite_id = ? AND tag = ?",
          arguments: [id, tag.name]
        )
        if db.changesCount > 0 { removed.append(tag) }
      }
      return removed
    }
    return (favorite, removed)
  }

  /// Every tag with how many favorites have it, most used first, then by name.
  public func tagCounts() throws -> [TagCount] {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT tag, count(*) FROM favorite_tag INDEXED BY favorite_tag_by_tag
            GROUP BY tag ORDER BY count(*) DESC, tag
            """
        ).map { TagCount(tag: FavoriteTag(stored: $0[0]), count: $0[1]) }
      }
    }
  }

  /// Runs `change` on the favorite with `id` in one transaction, and reads the favorite back.
  private func changeTags(
    id: Int64,
    _ change: (Database) throws -> [FavoriteTag]
  ) throws -> (Favorite, [FavoriteTag]) {
    try translatingErrors {
      try writer.write { db in
        guard
          try Bool.fetchOne(db, sql: "SELECT 1 FROM favorite WHERE id = ?", arguments: [id])
            != nil
        else { throw StorageError.noSuchFavorite(id: id) }
        let changed = try change(db)
        let row = try Row.fetchOne(db, sql: "SELECT * FROM favorite WHERE id = ?", arguments: [id])
        guard let row else { throw StorageError.noSuchFavorite(id: id) }
        return (FavoriteRecord(row: row).favorite, changed)
      }
    }
  }
}
