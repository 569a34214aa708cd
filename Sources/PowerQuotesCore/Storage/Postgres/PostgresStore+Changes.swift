import Foundation

/// The undo history on PostgreSQL, with the meaning of ``QuoteDatabase``'s: each user action
/// that changes the library is one ``LibraryChange``, and while its id is in
/// `library_recording` the triggers of `Migrations/postgres/0006_trash_undo.sql` log the inverse
/// of every row it changes.
///
/// `library_recording` holds one row at most, so it also puts changes from several machines in
/// one order: a change inserts the row, and a second machine's change waits at its own insert
/// until the first commits, as SQLite's single writer waits. An undo takes the row for a moment
/// for the same reason.
extension PostgresStore {
  /// Runs `body` inside the open transaction as one undoable change of `kind`.
  ///
  /// Whatever `body` does to favorites, their tags and the trash is logged, without `body`
  /// knowing. `facts` says what was done, from `body`'s result (``StoredChange``). A change
  /// that changed nothing is not kept.
  func recordingChange<T>(
    _ kind: LibraryChange.Kind,
    at date: Date,
    facts: (T) -> LibraryChange.Facts,
    _ body: () throws -> T
  ) throws -> T {
    let changeID = try startChange(kind, at: date)
    let value = try body()
    try finishChange(changeID, facts: facts(value))
    return value
  }

  /// The transaction-level advisory lock a change takes before it draws its id, as `pg_locks`
  /// shows it: the eight ASCII bytes of "pqchange".
  static let changeLockKey = "8102366504578606949"

  /// Adds a change of `kind` to the history in the open transaction and starts recording it;
  /// returns its id, for ``finishChange(_:facts:)``.
  ///
  /// The id is drawn once the change holds the history's lock, kept until it commits, so that
  /// ids follow the order changes commit in and `fav undo` takes back the one made last. Drawn
  /// before it (as the waiting at `library_recording` alone did), two changes could commit in
  /// the other order than their ids, and an undo take back the earlier one first.
  func startChange(_ kind: LibraryChange.Kind, at date: Date) throws -> String {
    let started = try execute(
      """
      WITH locked AS (SELECT pg_advisory_xact_lock($3::bigint)),
      change AS (
        INSERT INTO library_change (kind, summary, made_at) SELECT $1, '', $2 FROM locked
        RETURNING id)
      INSERT INTO library_recording (singleton, change_id) SELECT 1, id FROM change
      RETURNING change_id
      """,
      [kind.rawValue, StoredTime.text(date), Self.changeLockKey])
    guard let changeID = started.values.first?[0] else {
      throw PostgresError.statementFailed(
        server: url.server, sqlState: "02000", message: "the change was not recorded")
    }
    return changeID
  }

  /// Stops recording change `changeID`, and keeps it with `facts` when it logged a step
  /// (forgetting changes past the newest ``LibraryChange/historyLimit``, counted: a
  /// rollback or a change that changed nothing leaves a gap in the ids), else drops it.
  func finishChange(_ changeID: String, facts: LibraryChange.Facts) throws {
    try execute(
      """
      WITH stopped AS (DELETE FROM library_recording),
      logged AS (
        SELECT EXISTS (SELECT 1 FROM library_undo_step WHERE change_id = $1::bigint) AS yes),
      named AS (
        UPDATE library_change SET summary = $2
        WHERE id = $1::bigint AND (SELECT yes FROM logged))
      DELETE FROM library_change
      WHERE CASE WHEN (SELECT yes FROM logged) THEN id < (
          SELECT id FROM library_change ORDER BY id DESC LIMIT 1 OFFSET $3::bigint)
        ELSE id = $1::bigint END
      """,
      [changeID, StoredChange.text(facts), String(LibraryChange.historyLimit - 1)])
  }

  /// Runs `body` as one undoable change, in a transaction of its own.
  func writeChange<T>(
    _ kind: LibraryChange.Kind,
    at date: Date,
    facts: (T) -> LibraryChange.Facts,
    _ body: () throws -> T
  ) throws -> T {
    try inTransaction {
      try recordingChange(kind, at: date, facts: facts, body)
    }
  }

  /// Takes `library_recording`'s row and lets it go at once, in the open transaction: a change
  /// in progress on another machine is waited for (up to the timeout), the next one waits for
  /// this transaction, and nothing is recorded meanwhile.
  func takeTurn() throws {
    try executeScript(
      """
      INSERT INTO library_recording (singleton, change_id) VALUES (1, 0);
      DELETE FROM library_recording
      """)
  }

  /// The changes `fav undo` can take back, newest first.
  public func libraryChanges() throws -> [LibraryChange] {
    try execute("SELECT id, kind, summary, made_at FROM library_change ORDER BY id DESC")
      .values.map(Self.change)
  }

  /// How many logged statements one round trip of an undo sends.
  static let undoStepsPerTrip = 500

  /// How many ids one statement of an undo deletes of a range of added favorites: an undone
  /// import of 100,000 favorites is a few statements, each well inside the server's timeout.
  static let undoRangeWindow: Int64 = 10_000

  /// Takes back the newest change, in one transaction: its logged steps run newest first, with
  /// nothing logged, and the change leaves the history.
  ///
  /// - Returns: the change undone, or nil when there is none.
  /// - Throws: ``PostgresError`` when a step fails (the library was changed behind the log's
  ///   back); then nothing changes.
  public func undoLastChange() throws -> LibraryChange? {
    try inTransaction {
      // Nothing this undo does is logged. A favorite's tags may come back before the
      // favorite: the keys are checked at commit.
      try takeTurn()
      try execute("SET CONSTRAINTS ALL DEFERRED")
      guard
        let change = try execute(
          "SELECT id, kind, summary, made_at FROM library_change ORDER BY id DESC LIMIT 1"
        ).values.first.map(Self.change)
      else { return nil }
      let steps = try execute(
        """
        SELECT sql, first_added_id, last_added_id FROM library_undo_step
        WHERE change_id = $1::bigint ORDER BY id DESC
        """,
        [String(change.id)])
      // Logged statements go a few hundred to a round trip; a range of added favorites goes
      // a window of ids to a statement, newest first as they were added.
      var script: [String] = []
      func send() throws {
        if !script.isEmpty { try executeScript(script.joined(separator: ";\n")) }
        script.removeAll(keepingCapacity: true)
      }
      for step in steps.values {
        if let sql = step[0] {
          script.append(sql)
          if script.count >= Self.undoStepsPerTrip { try send() }
        } else if let first = step[1].flatMap({ Int64($0) }),
          let last = step[2].flatMap({ Int64($0) })
        {
          try send()
          var end = last
          while end >= first {
            let start = max(first, end - Self.undoRangeWindow + 1)
            try execute(
              "DELETE FROM favorite WHERE id BETWEEN $1::bigint AND $2::bigint",
              [String(start), String(end)])
            end = start - 1
          }
        }
      }
      try send()
      try execute("DELETE FROM library_change WHERE id = $1::bigint", [String(change.id)])
      return change
    }
  }

  /// The change in a row of `id, kind, summary, made_at`.
  private static func change(_ row: [String?]) -> LibraryChange {
    StoredChange.change(
      id: Int64(row[0] ?? "") ?? 0, kind: LibraryChange.Kind(rawValue: row[1] ?? "") ?? .edit,
      text: row[2] ?? "", madeAt: time(row[3]))
  }
}
