import GRDB

extension QuoteDatabase {
  /// The statements an import runs for the tags and notes of its quotes, prepared the first
  /// time one is needed: a file without tags or notes pays nothing for them.
  ///
  /// Tags go in as `favorite_tag` rows. A favorite the import adds gets its `tags` column with
  /// it, once, and the import indexes it at the end (a bulk write, see
  /// QuoteDatabase+BulkWrite.swift); for a favorite saved before, the triggers of migration 5
  /// keep `favorite.tags` and the full-text index up to date, as for `fav tag`.
  struct ImportedTagWriter {
    /// ``FavoriteRecord/insertSQL`` with the note and the `tags` column after the record's
    /// columns (the last two of which are the keys' hash and the work).
    static let insertSQL =
      "INSERT INTO favorite ("
      + (FavoriteRecord.insertedColumns.map(\.name) + ["note", "tags"]).joined(separator: ", ")
      + ") VALUES ("
      + Array(repeating: "?", count: FavoriteRecord.insertedColumns.count + 2)
      .joined(separator: ", ") + ")"

    /// The first id of the favorites this import adds, whose per-row triggers step aside.
    var firstNewID = Int64.max

    private let db: Database
    private var insertTag: Statement?
    private var refreshTags: Statement?
    private var fillNote: Statement?
    private var fillWork: Statement?

    /// A writer inside the import's transaction on `db`.
    init(db: Database) {
      self.db = db
    }

    /// Gives the favorite just inserted as `id` the tags of `imported`.
    mutating func addTags(of imported: ImportedQuote, to id: Int64) throws {
      guard !imported.tags.isEmpty else { return }
      let insert = try Self.statement(&insertTag, Self.insertTagSQL, db)
      for tag in imported.tags {
        try insert.execute(arguments: [id, tag])
      }
    }

    /// Adds what `imported` brings to the favorite `id` with its keys that was saved before: its
    /// tags join the favorite's own, and its note and work are kept where the favorite has none
    /// (a note or work the user wrote is never replaced).
    mutating func merge(_ imported: ImportedQuote, into id: Int64) throws {
      guard !imported.tags.isEmpty || !imported.note.isEmpty || !imported.work.isEmpty
      else { return }
      if !imported.tags.isEmpty {
        let insert = try Self.statement(&insertTag, Self.insertTagSQL, db)
        for tag in imported.tags {
          try insert.execute(arguments: [id, tag])
        }
        if id >= firstNewID {
          // A favorite this import added from an earlier row of the file: its triggers step
          // aside, so its column is written again from its tags, as the trigger would.
          let refresh = try Self.statement(
            &refreshTags,
            """
            UPDATE favorite SET tags = (
              SELECT group_concat(tag, ' ') FROM (
                SELECT tag FROM favorite_tag WHERE favorite_id = ?1 ORDER BY tag))
            WHERE id = ?1
            """, db)
          try refresh.execute(arguments: [id])
        }
      }
      if !imported.note.isEmpty {
        let fill = try Self.statement(
          &fillNote, "UPDATE favorite SET note = ? WHERE id = ? AND note = ''", db)
        try fill.execute(arguments: [imported.note, id])
      }
      if !imported.work.isEmpty {
        let fill = try Self.statement(
          &fillWork, "UPDATE favorite SET work = ? WHERE id = ? AND work = ''", db)
        try fill.execute(arguments: [imported.work, id])
      }
    }

    private static let insertTagSQL =
      "INSERT INTO favorite_tag (favorite_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING"

    /// The statement in `slot`, prepared from `sql` the first time.
    private static func statement(
      _ slot: inout Statement?, _ sql: String, _ db: Database
    ) throws -> Statement {
      if let statement = slot { return statement }
      let statement = try db.makeStatement(sql: sql)
      slot = statement
      return statement
    }
  }
}
