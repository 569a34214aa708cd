import Foundation
import GRDB
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCore

@Suite("The database")
struct QuoteDatabaseTests {
  @Test("A new file gets the full schema, in a private folder and file")
  func createsAndMigrates() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("data/nested/powerquotes.sqlite")
    let database = try QuoteDatabase.open(path: path)
    #expect(try database.favoriteCount() == 0)

    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(
      atPath: folder.file("data/nested"))
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)

    let queue = try DatabaseQueue(path: path)
    let (version, journal, tables) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try String.fetchOne(db, sql: "PRAGMA journal_mode"),
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
      )
    }
    #expect(version == QuoteDatabase.schemaVersion)
    #expect(journal == "wal")
    #expect(tables.contains("favorite"))
    #expect(tables.contains("pool_quote"))
    #expect(tables.contains("last_shown"))
  }

  @Test("Opening twice keeps the data and does not migrate again")
  func reopen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    _ = try QuoteDatabase.open(path: path).addFavorite(Samples.rumi, at: testDate)
    let again = try QuoteDatabase.open(path: path)
    #expect(try again.favorites().map(\.quote) == [Samples.rumi])
  }

  @Test("A file's connection checks foreign keys, and its commits wait for the disk")
  func connectionSettings() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let database = try QuoteDatabase.open(path: folder.file("q.sqlite"))
    let settings = {
      try database.writer.read { db in
        (
          try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
          try Int.fetchOne(db, sql: "PRAGMA synchronous")
        )
      }
    }
    // synchronous 2 is FULL: a favorite saved is on the disk when the command ends.
    #expect(try settings() == (1, 2))
    // A write that skips the flush (the quote shown last) leaves the setting as it was.
    try database.recordShown(Samples.rumi, at: testDate)
    #expect(try settings() == (1, 2))
  }

  @Test("Closing keeps the write-ahead log; the file's header still shows the schema version")
  func closingKeepsTheLog() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    do {
      let database = try QuoteDatabase.open(path: path)
      _ = try database.addFavorite(Samples.rumi, at: testDate)
      try database.recordShown(Samples.rumi, at: testDate)
    }
    // No checkpoint on close: the log (with the favorite and the shown quote) is still there.
    let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")
    #expect(((log[.size] as? Int) ?? 0) > 0)
    // The migration was copied into the file itself, so a start reads the version from it.
    let header = try #require(FileHandle(forReadingAtPath: path)).readData(ofLength: 64)
    #expect(header.suffix(4).reduce(0) { $0 << 8 | Int($1) } == QuoteDatabase.schemaVersion)
    let again = try QuoteDatabase.open(path: path)
    #expect(try again.favorites().map(\.quote) == [Samples.rumi])
    #expect(try again.lastShown() == Samples.rumi)
  }

  @Test("A log found over its limit is checkpointed at close, which empties it")
  func closingCheckpointsALongLog() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    do {
      let database = try QuoteDatabase.open(path: path)
      _ = try database.addFavorite(Samples.rumi, at: testDate)
      #expect(!database.checkpointsOnClose)
    }
    #expect(DatabaseFile.logSize(path: path) > 0)
    do {
      // Under the limit: the log is kept.
      let database = try QuoteDatabase.open(path: path)
      #expect(!database.checkpointsOnClose)
      try database.recordShown(Samples.seneca, at: testDate)
    }
    let log = DatabaseFile.logSize(path: path)
    #expect(log > 0)
    do {
      let database = try QuoteDatabase.open(path: path, logLimit: log - 1)
      #expect(database.checkpointsOnClose)
      try database.recordShown(Samples.rumi, at: testDate)
    }
    #expect(DatabaseFile.logSize(path: path) == 0)
    let again = try QuoteDatabase.open(path: path)
    #expect(try again.favorites().map(\.quote) == [Samples.rumi])
    #expect(try again.lastShown() == Samples.rumi)
  }

  @Test("A database of schema version 2 upgrades in place, favorites and picks kept")
  func upgradesFromVersion2() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    // What the release with migrations 1 and 2 made.
    do {
      let queue = try DatabaseQueue(path: path)
      try SchemaMigrator(migrations: Array(embeddedMigrations.prefix(2))).migrate(queue, path: path)
      try queue.write { db in
        for (number, author) in ["Rumi", "Seneca", "Lao Tzu"].enumerated() {
          try db.execute(
            sql: """
              INSERT INTO favorite
                (quote, author, source, saved_at, quote_key, author_key, author_folded)
              VALUES (?, ?, 'manual', '2026-11-01 10:00:00.000', ?, ?, ?)
              """,
            arguments: [
              "Quote \(number)", author, "quote \(number)", author.lowercased(),
              author.lowercased(),
            ])
        }
        try db.execute(sql: "DELETE FROM favorite WHERE id = 2")
      }
    }
    let database = try QuoteDatabase.open(path: path)
    #expect(try database.favorites().map(\.id) == [1, 3])
    #expect(try database.favorite(atIndex: 0)?.quote.author == "Rumi")
    #expect(try database.favorite(atIndex: 1)?.quote.author == "Lao Tzu")
    #expect(try database.favorite(atIndex: 2) == nil)
    let queue = try DatabaseQueue(path: path)
    let (version, index) = try queue.read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try String.fetchOne(
          db, sql: "SELECT name FROM sqlite_master WHERE name = 'favorite_by_id'")
      )
    }
    #expect(version == QuoteDatabase.schemaVersion)
    #expect(index == "favorite_by_id")
  }

  @Test("A file that is not SQLite is refused and left untouched")
  func refusesOtherFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("notes.txt")
    let content = Data("my precious notes, not a database\n".utf8)
    try content.write(to: URL(fileURLWithPath: path))
    #expect(throws: StorageError.notADatabase(path: path)) {
      try QuoteDatabase.open(path: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
  }

  @Test("Another program's SQLite database is refused and left untouched")
  func refusesOtherProgramsDatabase() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("other.sqlite")
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: StorageError.otherProgramsDatabase(path: path)) {
      try QuoteDatabase.open(path: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["other.sqlite"])
  }

  @Test(
    "Another program's SQLite file with a schema version of ours is refused and left untouched",
    arguments: [3, 7, QuoteDatabase.schemaVersion])
  func otherProgramsDatabaseWithAVersion(version: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("other.sqlite")
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: """
          CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');
          PRAGMA user_version = \(version)
          """)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: StorageError.otherProgramsDatabase(path: path)) {
      try QuoteDatabase.open(path: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["other.sqlite"])
  }

  @Test(
    "Another program's WAL database with a schema version of ours is named in one sentence",
    arguments: [3, QuoteDatabase.schemaVersion])
  func otherProgramsWALDatabaseWithAVersion(version: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("other.sqlite")
    var configuration = Configuration()
    configuration.journalMode = .wal
    try DatabaseQueue(path: path, configuration: configuration).write { db in
      try db.execute(
        sql: """
          CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');
          PRAGMA user_version = \(version)
          """)
    }
    let sentence =
      "\(path) is not a powerquotes database, or it is damaged (no such table: "
    #expect {
      let database = try QuoteDatabase.open(path: path)
      _ = try database.addFavorite(Samples.rumi, at: testDate)
    } throws: { error in
      error.localizedDescription.hasPrefix(sentence)
        && error.localizedDescription.hasSuffix(
          "). Pass another file with --database, or check this one with sqlite3.")
    }
    #expect {
      try QuoteDatabase.open(path: path).favorites()
    } throws: { error in
      error.localizedDescription.hasPrefix(sentence)
    }
    let notes = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT body FROM notes")
    }
    #expect(notes == ["keep me"])
  }

  @Test("A copy of a library out of WAL mode opens as the library it is")
  func libraryOutOfWALMode() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("copy.sqlite")
    _ = try QuoteDatabase.open(path: path).addFavorite(Samples.rumi, at: testDate)
    try DatabaseQueue(path: path).writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA journal_mode = DELETE")
    }
    #expect(try DatabaseFile.header(path: path)?.isWAL == false)
    let database = try QuoteDatabase.open(path: path)
    #expect(try database.favorites().map(\.quote) == [Samples.rumi])
  }

  @Test("A database from a newer powerquotes is refused and left untouched")
  func refusesNewerSchema() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("future.sqlite")
    _ = try QuoteDatabase.open(path: path)
    let newer = QuoteDatabase.schemaVersion + 1
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "CREATE TABLE from_the_future (x)")
      try db.execute(sql: "PRAGMA user_version = \(newer)")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      throws: StorageError.newerSchema(
        path: path,
        version: newer,
        known: QuoteDatabase.schemaVersion
      )
    ) {
      try QuoteDatabase.open(path: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("A folder where the file should be is a clear error")
  func folderInTheWay() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(throws: StorageError.self) {
      try QuoteDatabase.open(path: folder.path)
    }
  }

  @Test("A value that is not of its column's kind is one sentence, never a trap")
  func unreadableValues() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let database = try QuoteDatabase.open(path: path)
    guard case .added(let saved) = try database.addFavorite(Samples.rumi, at: testDate) else {
      Issue.record("expected the favorite to be added")
      return
    }
    try database.recordShown(Samples.umar, at: testDate)
    // As a hand-edited or damaged file may have them: a time that is no time, a NULL note.
    try database.writer.write { db in
      try db.execute(sql: "UPDATE favorite SET saved_at = 'last Tuesday'")
      try db.execute(sql: "UPDATE last_shown SET shown_at = x'00ff'")
    }
    let unreadable = StorageError.unreadableValue(path: path)
    // A favorite's own time stays readable as none (UnreadableSavedTimeTests), not the others.
    #expect(try database.favorite(id: saved.id)?.savedAt == nil)
    #expect(try database.favorites().map(\.savedAt) == [nil])
    #expect(throws: unreadable) { try database.lastShown() }
    #expect(
      unreadable.errorDescription
        == "The database \(path) holds a value powerquotes cannot read (a time, a number or a "
        + "text that is not one); it was left untouched. Check it with sqlite3, or pass another "
        + "file with --database.")
  }

  @Test("A device where the file should be is a clear error, and is not written")
  func deviceInTheWay() throws {
    let error = #expect(throws: StorageError.self) {
      try QuoteDatabase.open(path: "/dev/null")
    }
    #expect(
      error
        == .cannotOpen(path: "/dev/null", reason: .isSpecialFile))
  }

  @Test("The schema itself rejects a duplicate key and empty text")
  func schemaConstraints() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    _ = try QuoteDatabase.open(path: path)
    let queue = try DatabaseQueue(path: path)
    let insert = """
      INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key, author_folded)
      VALUES (?, 'a', 'manual', '2026-01-01', ?, 'a', 'a')
      """
    try queue.write { db in try db.execute(sql: insert, arguments: ["x", "x"]) }
    #expect(throws: DatabaseError.self) {
      try queue.write { db in try db.execute(sql: insert, arguments: ["X", "x"]) }
    }
    #expect(throws: DatabaseError.self) {
      try queue.write { db in try db.execute(sql: insert, arguments: ["   ", "y"]) }
    }
  }

  /// A writer that holds the lock longer than the stall limit, but keeps writing, is waited
  /// for; one that holds it and does nothing is not, and the waiter fails with a sentence.
  @Test("A lock is waited for while its holder makes progress, and only then")
  func lockWaitFollowsProgress() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    _ = try QuoteDatabase.open(path: path)
    let holder = try DatabaseQueue(path: path)
    try await holder.write { db in
      try db.execute(sql: "CREATE TABLE scratch (payload BLOB)")
    }
    let waiter = try QuoteDatabase.open(path: path, lockStallLimit: .milliseconds(500))

    // Busy for 2 s, spilling into the log every 20 ms (a tiny cache): progress.
    let locked = AsyncStream<Void>.makeStream()
    let busy = Task {
      try await onOneThread {
        try holder.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA cache_size = 2")
          try db.inTransaction(.immediate) {
            locked.continuation.yield()
            let end = ContinuousClock.now + .seconds(2)
            while ContinuousClock.now < end {
              try db.execute(sql: "INSERT INTO scratch VALUES (randomblob(8000))")
              usleep(20_000)
            }
            return .commit
          }
        }
      }
    }
    var signals = locked.stream.makeAsyncIterator()
    _ = await signals.next()
    let added = try await onOneThread { try waiter.addFavorite(Samples.rumi, at: testDate) }
    #expect(added == .added(Favorite(id: 1, quote: Samples.rumi, savedAt: testDate)))
    try await busy.value

    // Holding the lock and doing nothing: stuck, until the waiter has given up (or, if it
    // never does, 60 s: long past its 0.5 s, however slow a loaded machine is).
    let released = DispatchSemaphore(value: 0)
    let stuck = Task {
      try await onOneThread {
        try holder.writeWithoutTransaction { db in
          try db.inTransaction(.immediate) {
            locked.continuation.yield()
            _ = released.wait(timeout: .now() + 60)
            return .rollback
          }
        }
      }
    }
    _ = await signals.next()
    let error = await #expect(throws: StorageError.self) {
      try await onOneThread { try waiter.addFavorite(Samples.umar, at: testDate) }
    }
    released.signal()
    #expect(
      error?.errorDescription
        == "Another process holds the database \(path) and has stopped making progress, so "
        + "nothing was changed. Try again once it is done, or end it (an sqlite3 shell left in "
        + "a transaction, say).")
    try await stuck.value
    #expect(try waiter.favoriteCount() == 1)
  }

  @Test("A long wait for a lock is told once")
  func lockWaitNote() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let notes = Mutex(0)
    let wait = LockWait(
      path: folder.file("q.sqlite"), stallLimit: .seconds(60), noteAfter: .zero,
      onLongWait: { notes.withLock { $0 += 1 } })
    for tries in 0..<5 { #expect(wait.shouldRetry(tries: tries)) }
    #expect(notes.withLock { $0 } == 1)
  }

  @Test("Many writers on one file all succeed")
  func concurrentWriters() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("shared.sqlite")
    // Separate connections, as separate processes would have, all starting on a new file. Each
    // on a thread of its own: they wait on each other's locks and disk flushes, which would hold
    // up the tests' shared task threads.
    try await onThreads(count: 8) { writer in
      let database = try QuoteDatabase.open(path: path)
      for n in 0..<25 {
        let quote = Quote(
          text: "Quote \(writer)-\(n)", author: "Writer \(writer)", source: .manual)
        _ = try database.addFavorite(quote, at: testDate)
        try database.recordShown(quote, at: testDate)
      }
    }
    let database = try QuoteDatabase.open(path: path)
    #expect(try database.favoriteCount() == 200)
    #expect(try database.poolCount() == 200)
  }
}

/// Runs `body(0..<count)` on as many threads at once, and waits for all of them.
private func onThreads(count: Int, _ body: @escaping @Sendable (Int) throws -> Void) async throws {
  try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<count {
      group.addTask {
        try await withCheckedThrowingContinuation { continuation in
          Thread { continuation.resume(with: Result { try body(index) }) }.start()
        }
      }
    }
    try await group.waitForAll()
  }
}

/// Runs `body` on a thread of its own (it blocks on a lock), and waits for it.
private func onOneThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
{
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
