import GRDB

extension QuoteDatabase {
  /// The statements an import runs for the tags and notes of its quotes, prepared the first
  /// time one is needed: a file without tags or notes pays nothing for them.
  ///
  /// Tags go in as `favorite_tag` rows, and the triggers of migration 5 keep `favorite.tags` and
  /// the full-text index up to date, as for `fav tag`.
  struct ImportedTagWriter {
    /// ``FavoriteRecord/insertSQL`` with the note after the record's columns.
    static let insertSQL =
      "INSERT INTO favorite ("
      + (FavoriteRecord.insertedColumns.map(\.name) + ["note"]).joined(separator: ", ")
      + ") VALUES ("
      + Array(repeating: "?", count: FavoriteRecord.insertedColumns.count + 1)
      .joined(separator: ", ") + ")"

    private let db: Database
    private var insertTag: Statement?
    private var mergeTag: Statement?
    private var fillNote: Statement?

    /// A writer inside the import's transaction on `db`.
    init(db: Database) {
      self.db = db
    }

    /// Gives the favorite just inserted as `id` the tags of `imported`.
    mutating func addTags(of imported: ImportedQuote, to id: Int64) throws {
      guard !imported.tags.isEmpty else { return }
      if insertTag == nil {
        insertTag = try db.makeStatement(
          sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (?, ?)")
      }
      for tag in imported.tags {
        try insertTag?.execute(arguments: [id, tag])
      }
    }

    /// Adds what `imported` brings to the favorite with its `key` that was saved before: its
    /// tags join the favorite's own, and its note is kept when the favorite has none (a note
    /// the user wrote is never replaced).
    mutating func merge(_ imported: ImportedQuote, key: QuoteKey) throws {
      if !imported.tags.isEmpty {
        if mergeTag == nil {
          mergeTag = try db.makeStatement(
            sql: """
              INSERT INTO favorite_tag (favorite_id, tag)
              SELECT id, ? FROM favorite WHERE quote_key = ? AND author_key = ?
              ON CONFLICT DO NOTHING
              """)
        }
        for tag in imported.tags {
          try mergeTag?.execute(arguments: [tag, key.quote, key.author])
        }
      }
      if !imported.note.isEmpty {
        if fillNote == nil {
          fillNote = try db.makeStatement(
            sql: """
              UPDATE favorite SET note = ?
              WHERE quote_key = ? AND author_key = ? AND note = ''
              """)
        }
        try fillNote?.execute(arguments: [imported.note, key.quote, key.author])
      }
    }
  }
}
