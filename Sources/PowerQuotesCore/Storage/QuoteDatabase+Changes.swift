import Foundation
import GRDB

/// The undo history: each user action that changes the library is one ``LibraryChange``, and the
/// triggers of `Migrations/0006_trash_undo.sql` log the inverse of every row it changes.
extension QuoteDatabase {
  /// Runs `body` inside the transaction of `db` as one undoable change of `kind`.
  ///
  /// Whatever `body` does to favorites, their tags and the trash is logged, without `body`
  /// knowing. `facts` says what was done, from `body`'s result (``StoredChange``). A change
  /// that changed nothing is not kept.
  func recordingChange<T>(
    _ kind: LibraryChange.Kind,
    in db: Database,
    at date: Date,
    facts: (T) -> LibraryChange.Facts,
    _ body: () throws -> T
  ) throws -> T {
    try db.execute(
      sql: "INSERT INTO library_change (kind, summary, made_at) VALUES (?, '', ?)",
      arguments: [kind.rawValue, StoredTime.text(date)]
    )
    let changeID = db.lastInsertedRowID
    try db.execute(
      sql: "INSERT INTO library_recording (singleton, change_id) VALUES (1, ?)",
      arguments: [changeID]
    )
    let value = try body()
    try db.execute(sql: "DELETE FROM library_recording")
    let logged = try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM library_undo_step WHERE change_id = ?)",
      arguments: [changeID]
    )
    if logged == true {
      try db.execute(
        sql: "UPDATE library_change SET summary = ? WHERE id = ?",
        arguments: [StoredChange.text(facts(value)), changeID]
      )
      // All but the newest changes, counted: a change that changed nothing was dropped, but
      // AUTOINCREMENT never hands its id out again, so ids have gaps.
      try db.execute(
        sql: """
          DELETE FROM library_change
          WHERE id < (SELECT id FROM library_change ORDER BY id DESC LIMIT 1 OFFSET ?)
          """,
        arguments: [LibraryChange.historyLimit - 1]
      )
    } else {
      try db.execute(sql: "DELETE FROM library_change WHERE id = ?", arguments: [changeID])
    }
    return value
  }

  /// Runs `body` as one undoable change, in a transaction of its own.
  func writeChange<T>(
    _ kind: LibraryChange.Kind,
    at date: Date,
    facts: (T) -> LibraryChange.Facts,
    _ body: (Database) throws -> T
  ) throws -> T {
    try translatingErrors {
      try writer.write { db in
        try recordingChange(kind, in: db, at: date, facts: facts) { try body(db) }
      }
    }
  }

  /// The changes `fav undo` can take back, newest first.
  public func libraryChanges() throws -> [LibraryChange] {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM library_change ORDER BY id DESC").map {
          try Self.change($0)
        }
      }
    }
  }

  /// Takes back the newest change, in one transaction: its logged steps run newest first, with
  /// nothing logged, and the change leaves the history.
  ///
  /// - Returns: the change undone, or nil when there is none.
  /// - Throws: ``StorageError`` when a step fails (the library was changed behind the log's
  ///   back); then nothing changes.
  public func undoLastChange() throws -> LibraryChange? {
    try translatingErrors {
      try writer.write { db in
        guard
          let change = try Row.fetchOne(
            db, sql: "SELECT * FROM library_change ORDER BY id DESC LIMIT 1"
          ).map(Self.change)
        else { return nil }
        // A favorite's tags may come back before the favorite: the keys are checked at commit.
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        let steps = try Row.fetchCursor(
          db,
          sql: """
            SELECT sql, first_added_id, last_added_id FROM library_undo_step
            WHERE change_id = ? ORDER BY id DESC
            """,
          arguments: [change.id]
        )
        // The cursor reads the log while the steps change other tables: collect them first.
        var inverse: [(sql: String?, first: Int64?, last: Int64?)] = []
        while let row = try steps.next() { inverse.append((row[0], row[1], row[2])) }
        for step in inverse {
          if let sql = step.sql {
            try db.execute(sql: sql)
          } else if let first = step.first, let last = step.last, first <= last {
            // One step for a whole import: a bulk write, not 100,000 runs of each trigger.
            try Self.deleteFavorites(in: first...last, db)
          }
        }
        try db.execute(sql: "DELETE FROM library_change WHERE id = ?", arguments: [change.id])
        return change
      }
    }
  }
}

extension QuoteDatabase {
  /// The change in a row of `library_change`.
  static func change(_ row: Row) throws -> LibraryChange {
    StoredChange.change(
      id: try row.decode(forColumn: "id"),
      kind: LibraryChange.Kind(rawValue: try row.decode(forColumn: "kind")) ?? .edit,
      text: try row.decode(forColumn: "summary"),
      madeAt: try StoredTime.date(row, Column("made_at")))
  }
}
