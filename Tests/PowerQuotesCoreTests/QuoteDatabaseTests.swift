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

  @Test("A device where the file should be is a clear error, and is not written")
  func deviceInTheWay() throws {
    let error = #expect(throws: StorageError.self) {
      try QuoteDatabase.open(path: "/dev/null")
    }
    #expect(
      error
        == .cannotOpen(path: "/dev/null", reason: "it is a device, a pipe or a socket, not a file"))
  }

  @Test("The database decides duplicates, whatever the spelling")
  func duplicates() throws {
    let database = try QuoteDatabase.inMemory()
    let first = try database.addFavorite(Samples.rumi, at: testDate)
    guard case .added(let saved) = first else {
      Issue.record("expected .added, got \(first)")
      return
    }
    var variant = Samples.rumi
    variant.text = "  “" + variant.text.lowercased() + "”"
    variant.sourceID = 1277
    #expect(try database.addFavorite(variant, at: testDate) == .alreadyFavorite(saved))
    #expect(try database.favoriteCount() == 1)

    let king = Quote(
      text: "Faith is taking the first step.", author: "Martin Luther King, Jr.",
      source: .dummyJSON, sourceID: 809)
    let kingAgain = Quote(
      text: "Faith is taking the first step.", author: "Martin Luther King  Jr.",
      source: .dummyJSON, sourceID: 995)
    guard case .added = try database.addFavorite(king, at: testDate) else {
      Issue.record("expected the first King quote to be added")
      return
    }
    guard case .alreadyFavorite = try database.addFavorite(kingAgain, at: testDate) else {
      Issue.record("expected the second spelling to be a duplicate")
      return
    }
    #expect(try database.favoriteCount() == 2)
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

  @Test("Ids are stable: removing one never shifts or reuses the others")
  func stableIDs() throws {
    let database = try QuoteDatabase.inMemory()
    for quote in [Samples.rumi, Samples.umar, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    // A duplicate in between must not use up an id either.
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    #expect(try database.favorites().map(\.id) == [1, 2, 3])
    _ = try database.removeFavorites(ids: [3])
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favorites().map(\.id) == [2])
    guard case .added(let next) = try database.addFavorite(Samples.rumi, at: testDate) else {
      Issue.record("expected .added")
      return
    }
    #expect(next.id == 4)
  }

  @Test("Removing several is all or nothing")
  func removeIsAtomic() throws {
    let database = try QuoteDatabase.inMemory()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    #expect(throws: StorageError.noSuchFavorite(id: 99)) {
      try database.removeFavorites(ids: [1, 99, 2])
    }
    #expect(try database.favoriteCount() == 2)
    #expect(try database.removeFavorites(ids: [2, 1, 2]).map(\.id) == [2, 1])
    #expect(try database.favoriteCount() == 0)
  }

  @Test(
    "Author search ignores case and diacritics",
    arguments: [
      ("umar", [2]), ("UMAR", [2]), ("khattab", [2]), ("Khattāb", [2]), ("al-k", [2]),
      ("r.a", [2]), ("u", [1, 2]), ("ru", [1]), ("rumi", [1]), ("nobody", []), ("*", []),
      ("?", []), ("[", []), ("al khattab", [2]), ("孔子", [4]), ("孔", [4]), ("🐉", [4]),
      ("strasse", [5]), ("ße", [5]),
    ]
  )
  func authorSearch(query: String, expected: [Int64]) throws {
    let database = try QuoteDatabase.inMemory()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    _ = try database.addFavorite(
      Quote(text: "學而時習之", author: "孔子 🐉", source: .manual), at: testDate)
    _ = try database.addFavorite(
      Quote(text: "Ja.", author: "Straße", source: .manual), at: testDate)
    #expect(try database.favorites(authorContaining: query).map(\.id) == expected)
  }

  @Test("Search still finds authors after removals")
  func searchAfterRemove() throws {
    let database = try QuoteDatabase.inMemory()
    _ = try database.addFavorite(Samples.umar, at: testDate)
    var another = Samples.umar
    another.text = "Another saying."
    _ = try database.addFavorite(another, at: testDate)
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favorites(authorContaining: "umar").map(\.id) == [2])
  }

  @Test("The author index follows adds and removes")
  func authorIndexFollowsChanges() throws {
    let database = try QuoteDatabase.inMemory()
    _ = try database.addFavorite(Samples.umar, at: testDate)
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favorites(authorContaining: "umar").isEmpty)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    var spelledOtherwise = Samples.umar
    spelledOtherwise.text = "Another saying."
    spelledOtherwise.author = "UMAR IBN AL-KHATTAB (R.A)"
    _ = try database.addFavorite(spelledOtherwise, at: testDate)
    #expect(try database.favorites(authorContaining: "khattab").map(\.id) == [2, 3])
    _ = try database.removeFavorites(ids: [2])
    #expect(try database.favorites(authorContaining: "khattab").map(\.id) == [3])
  }

  @Test("The list shape counts, finds the largest id and the widest author")
  func listShape() throws {
    let database = try QuoteDatabase.inMemory()
    #expect(
      try database.listShape(matching: nil, authorWidth: FavoriteListView.authorWidth)
        == FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
    )
    for quote in [Samples.rumi, Samples.umar, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    #expect(
      try database.listShape(matching: nil, authorWidth: FavoriteListView.authorWidth)
        == FavoriteListShape(count: 3, largestID: 3, widestAuthor: 25)
    )
    #expect(
      try database.listShape(matching: "ru", authorWidth: FavoriteListView.authorWidth)
        == FavoriteListShape(count: 1, largestID: 1, widestAuthor: 4)
    )
    #expect(
      try database.listShape(matching: "nobody at all", authorWidth: FavoriteListView.authorWidth)
        == FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
    )
  }

  @Test("With a width limit, authors are measured until one reaches it; counts stay exact")
  func listShapeWidthLimit() throws {
    let database = try QuoteDatabase.inMemory()
    for quote in [Samples.rumi, Samples.umar, Samples.socrates, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    _ = try database.removeFavorites(ids: [4])
    let limited = try database.listShape(
      matching: nil, widthLimit: 10, authorWidth: FavoriteListView.authorWidth)
    #expect(limited.count == 3)
    #expect(limited.largestID == 3)
    #expect(limited.widestAuthor >= 10)
    #expect(
      try database.listShape(
        matching: nil, widthLimit: 100, authorWidth: FavoriteListView.authorWidth
      ).widestAuthor == 25)
    let search = try database.listShape(
      matching: "umar", widthLimit: 10, authorWidth: FavoriteListView.authorWidth)
    #expect(search.count == 1 && search.largestID == 2 && search.widestAuthor == 25)
  }

  @Test("Shown quotes join the pool once and the last one is remembered")
  func pool() throws {
    let database = try QuoteDatabase.inMemory()
    #expect(try database.lastShown() == nil)
    try database.recordShown(Samples.rumi, at: testDate)
    try database.recordShown(Samples.umar, at: testDate)
    try database.recordShown(Samples.rumi, at: testDate)
    #expect(try database.poolCount() == 2)
    #expect(try database.poolQuote(at: 0) == Samples.rumi)
    #expect(try database.poolQuote(at: 1) == Samples.umar)
    #expect(try database.poolQuote(at: 2) == nil)
    #expect(try database.lastShown() == Samples.rumi)
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

    // Holding the lock and doing nothing: stuck.
    let stuck = Task {
      try await onOneThread {
        try holder.writeWithoutTransaction { db in
          try db.inTransaction(.immediate) {
            locked.continuation.yield()
            usleep(3_000_000)
            return .rollback
          }
        }
      }
    }
    _ = await signals.next()
    let error = await #expect(throws: StorageError.self) {
      try await onOneThread { try waiter.addFavorite(Samples.umar, at: testDate) }
    }
    #expect(error?.errorDescription?.contains("database is locked") == true)
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
