import Foundation
import GRDB

extension QuoteDatabase {
  /// The SQL condition, after a WHERE clause on `favorite`, that keeps favorites with a tag
  /// given as its argument.
  static let tagCondition = " AND id IN (SELECT favorite_id FROM favorite_tag WHERE tag = ?)"

  /// Puts `tags` on the favorite with `id`, as one undoable change; a tag it has already is
  /// left as it is.
  ///
  /// - Returns: the favorite as it is now, and the tags it did not have before.
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  public func tag(id: Int64, with tags: [FavoriteTag], at date: Date) throws -> (
    favorite: Favorite, added: [FavoriteTag]
  ) {
    try changeTags(.tag, id: id, at: date, facts: StoredChange.tagging) { db in
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

  /// Takes `tags` off the favorite with `id`, as one undoable change; a tag it does not have
  /// is not an error.
  ///
  /// - Returns: the favorite as it is now, and the tags it had and no longer has.
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  public func untag(id: Int64, tags: [FavoriteTag], at date: Date) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  ) {
    let (favorite, removed) = try changeTags(
      .untag, id: id, at: date, facts: StoredChange.tagging
    ) { db in
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

  /// Runs `change` on the favorite with `id` as one undoable change of `kind`, and reads it back.
  ///
  /// A change that adds or takes off no tag is not kept.
  private func changeTags(
    _ kind: LibraryChange.Kind,
    id: Int64,
    at date: Date,
    facts: ((Favorite, [FavoriteTag])) -> LibraryChange.Facts,
    _ change: (Database) throws -> [FavoriteTag]
  ) throws -> (Favorite, [FavoriteTag]) {
    try writeChange(kind, at: date, facts: facts) { db in
      guard
        try Bool.fetchOne(db, sql: "SELECT 1 FROM favorite WHERE id = ?", arguments: [id])
          != nil
      else { throw StorageError.noSuchFavorite(id: id) }
      let changed = try change(db)
      let row = try Row.fetchOne(db, sql: "SELECT * FROM favorite WHERE id = ?", arguments: [id])
      guard let row else { throw StorageError.noSuchFavorite(id: id) }
      return (try FavoriteRecord(row: row).favorite, changed)
    }
  }
}

extension QuoteDatabase {
  /// What SQL cannot do for the data once the schema is the latest, in the transaction of the
  /// last migration: hash the keys (0008), name the tags as they are named now (0009).
  static func finishMigrations(_ db: Database) throws {
    try hashKeys(db)
    try normalizeTags(db)
  }

  /// Gives every tag stored under a name ``FavoriteTag`` no longer makes its name now
  /// (`Migrations/0009_tag_forms.sql`): each favorite keeps its tags, two forms of one tag on a
  /// favorite become one, and the tags of favorites in the trash are renamed alike.
  ///
  /// Only tags with a byte outside ASCII are looked at: an ASCII tag is lowered already.
  static func normalizeTags(_ db: Database) throws {
    let names = try String.fetchAll(
      db, sql: "SELECT DISTINCT tag FROM favorite_tag WHERE tag GLOB '*[^ -~]*'")
    for name in names {
      guard let renamed = StoredTagNames.renamed(name) else { continue }
      // The triggers of favorite_tag rewrite each favorite's tags column and search words.
      try db.execute(
        sql: """
          INSERT OR IGNORE INTO favorite_tag (favorite_id, tag)
          SELECT favorite_id, ? FROM favorite_tag WHERE tag = ?
          """,
        arguments: [renamed, name])
      try db.execute(sql: "DELETE FROM favorite_tag WHERE tag = ?", arguments: [name])
    }
    let trashed = try Row.fetchAll(
      db, sql: "SELECT id, tags FROM trashed_favorite WHERE tags GLOB '*[^ -~]*'")
    for row in trashed {
      guard let tags = StoredTagNames.renamedList(row[1]) else { continue }
      try db.execute(
        sql: "UPDATE trashed_favorite SET tags = ? WHERE id = ?", arguments: [tags, row[0]])
    }
  }
}
