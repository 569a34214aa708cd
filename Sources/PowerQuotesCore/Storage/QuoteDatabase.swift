import CSQLite
import Foundation
import GRDB

/// The SQLite database behind favorites, the offline pool and the last quote shown.
///
/// It owns the connection, migrates the schema when it opens, and offers intent methods.
/// The schema, not Swift code, decides what is a duplicate: see `Migrations/0001_initial.sql`.
public final class QuoteDatabase: Sendable {
  /// The file's path, or `:memory:`, for messages.
  public let path: String
  let writer: any DatabaseWriter

  /// Whether the file is read-only to this process.
  public let isReadOnly: Bool

  private init(path: String, writer: any DatabaseWriter, readOnly: Bool = false) throws {
    self.path = path
    self.writer = writer
    self.isReadOnly = readOnly
    if !readOnly {
      try translatingErrors {
        try SchemaMigrator(migrations: embeddedMigrations).migrate(writer, path: path)
      }
    }
  }

  /// Opens (creating if needed) the database file at `path`, in WAL mode.
  ///
  /// A new folder is made with mode 0700 and a new file with mode 0600. A file that is not SQLite,
  /// an SQLite database of another program, or one whose schema is newer than this binary knows,
  /// is refused and left untouched. A file this process may not write is opened read-only: it
  /// can be read, and writing to it fails with ``StorageError/readOnly(path:)``.
  ///
  /// Another process's lock is waited for while that process makes progress, and for
  /// `lockStallLimit` after it stops (see `LockWait`); `onLongWait` is called once when a wait
  /// lasts a few seconds.
  public static func open(
    path: String,
    lockStallLimit: Duration = .seconds(10),
    onLongWait: @escaping @Sendable () -> Void = {}
  ) throws -> QuoteDatabase {
    let wait = LockWait(path: path, stallLimit: lockStallLimit, onLongWait: onLongWait)
    let state = try DatabaseFile.prepare(path: path)
    let migrator = SchemaMigrator(migrations: embeddedMigrations)
    if let version = state.version {
      try migrator.checkNotNewer(version, path: path)
      if version == 0 {
        try checkHasNoOtherTables(path: path)
      }
    }
    if !state.writable && (state.version ?? 0) < migrator.latestVersion {
      // It would need its schema made or upgraded, and cannot be written.
      throw DatabaseFile.readOnlyError(path: path)
    }
    var configuration = Configuration()
    // Other powerquotes processes may hold the write lock, for minutes during large imports:
    // wait while they make progress rather than fail.
    configuration.busyMode = .callback { tries in wait.shouldRetry(tries: tries) }
    configuration.foreignKeysEnabled = true
    configuration.readonly = !state.writable
    // WAL lets readers in other processes go on while one writes. One connection is enough for a
    // process that runs one command at a time, and a pool of readers would cost memory (each
    // connection has its own page cache) for no gain.
    if state.writable {
      configuration.journalMode = .wal
      configuration.prepareDatabase { db in
        if let connection = db.sqliteConnection {
          _ = pq_sqlite_keep_wal_on_close(connection)
        }
        // A log left after a large import is cut back to 4 MiB at the next checkpoint.
        try db.execute(sql: "PRAGMA journal_size_limit = 4194304")
        // A command reads a table once, in order: a page cache of 512 KiB rather than SQLite's
        // 2 MiB serves it as fast (fav list of 100k: 160 ms either way) and keeps 1.5 MiB out of
        // the peak memory of every read command. A large import sets its own for its transaction.
        try db.execute(sql: "PRAGMA cache_size = -512")
      }
    }
    let queue: DatabaseQueue
    do {
      queue = try openRetryingWhileBusy(path: path, configuration: configuration)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
      throw StorageError.notADatabase(path: path)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
      // A WAL database cannot be read without writing its shared-memory file beside it.
      throw DatabaseFile.readOnlyError(path: path)
    } catch let error as DatabaseError {
      throw StorageError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
    }
    if state.writable {
      // GRDB's WAL mode commits with synchronous NORMAL: never torn, but the last commits before
      // a power cut may be lost. A favorite must not be: every commit waits for the disk, but
      // for the writes that are not worth it (see writeUnflushed).
      try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    }
    return try QuoteDatabase(path: path, writer: queue, readOnly: !state.writable)
  }

  /// Opens the file, trying again for a few seconds while another process holds it.
  ///
  /// Switching a new database to WAL mode needs it to itself, and SQLite answers "database is
  /// locked" at once, without waiting out the busy timeout, when several processes open a new
  /// database at the same moment.
  private static func openRetryingWhileBusy(
    path: String,
    configuration: Configuration
  ) throws -> DatabaseQueue {
    var attempt = 0
    while true {
      do {
        return try DatabaseQueue(path: path, configuration: configuration)
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
        && attempt < 100
      {
        attempt += 1
        usleep(UInt32(min(attempt, 10) * 10_000))
      }
    }
  }

  /// Refuses an SQLite file at schema version 0 that already has tables: another program's.
  ///
  /// The header said version 0, but another powerquotes process may have just made the schema
  /// in the write-ahead log, which the header does not show yet; SQLite itself reads both.
  private static func checkHasNoOtherTables(path: String) throws {
    var configuration = Configuration()
    // Read-only and not switching to WAL: looking must not change the file.
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    let (version, tables): (Int, Int)
    do {
      let queue = try openRetryingWhileBusy(path: path, configuration: configuration)
      (version, tables) = try queue.read { db in
        (
          try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
          try Int.fetchOne(
            db,
            sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
          ) ?? 0
        )
      }
    } catch let error as DatabaseError {
      throw StorageError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
    }
    if version == 0 && tables > 0 {
      throw StorageError.otherProgramsDatabase(path: path)
    }
  }

  /// A private database in memory, for tests and the benchmark.
  public static func inMemory() throws -> QuoteDatabase {
    try QuoteDatabase(path: ":memory:", writer: DatabaseQueue())
  }

  /// The schema version this binary creates.
  public static var schemaVersion: Int { embeddedMigrations.count }

  // MARK: - Favorites

  /// Saves `quote` unless an equal favorite exists, in one transaction.
  ///
  /// The UNIQUE key decides: the INSERT is tried and its constraint failure caught. (An
  /// `ON CONFLICT DO NOTHING` would also work, but it uses up an AUTOINCREMENT id on every
  /// duplicate, leaving gaps in the ids people see.)
  public func addFavorite(_ quote: Quote, at date: Date) throws -> AddFavoriteResult {
    let key = quote.key
    return try translatingErrors {
      try writer.write { db in
        try recordingChange(.add, in: db, at: date, summary: Self.additionSummary) {
          do {
            let inserted = try Row.fetchOne(
              db,
              sql: """
                INSERT INTO favorite
                  (quote, author, source, source_id, saved_at, quote_key, author_key, author_folded)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                RETURNING *
                """,
              arguments: [
                quote.text, quote.author, quote.source.rawValue, quote.sourceID, Self.stored(date),
                key.quote, key.author, QuoteKey.searchFolded(quote.author),
              ]
            )
            guard let inserted else {
              throw StorageError.sqlite(path: path, message: "the new favorite was not returned")
            }
            return .added(Favorite(row: inserted))
          } catch let error as DatabaseError
            where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
          {
            let existing = try Row.fetchOne(
              db,
              sql: "SELECT * FROM favorite WHERE quote_key = ? AND author_key = ?",
              arguments: [key.quote, key.author]
            )
            guard let existing else { throw error }
            return .alreadyFavorite(Favorite(row: existing))
          }
        }
      }
    }
  }

  /// Every favorite, oldest first.
  public func favorites() throws -> [Favorite] {
    var favorites: [Favorite] = []
    try forEachFavorite(matching: nil) { favorites.append($0) }
    return favorites
  }

  /// How many favorites there are.
  public func favoriteCount() throws -> Int {
    try translatingErrors {
      try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite") ?? 0 }
    }
  }

  /// Favorites whose author contains `text`, ignoring case and diacritics, oldest first.
  public func favorites(authorContaining text: String) throws -> [Favorite] {
    var favorites: [Favorite] = []
    try forEachFavorite(matching: text) { favorites.append($0) }
    return favorites
  }

  /// Calls `body` with each favorite in id order, one at a time, so that a long list is never
  /// all in memory; with `authorText`, only favorites whose author contains it.
  ///
  /// The author search goes through the distinct authors: a trigram index answers three or more
  /// characters, and shorter text scans the authors (never the favorites).
  public func forEachFavorite(
    matching authorText: String?,
    _ body: (Favorite) throws -> Void
  ) throws {
    try forEachRow(matching: authorText, columns: Favorite.listedColumns, page: nil) {
      try body(Favorite(listedRow: $0))
    }
  }

  /// One page of the list: at most `limit` favorites with ids above `afterID`, in id order,
  /// optionally only those whose author contains `authorText`.
  ///
  /// Paging by id rather than by offset stays correct when a favorite is removed between pages.
  public func favorites(
    matching authorText: String?,
    after afterID: Int64,
    limit: Int
  ) throws -> [Favorite] {
    var favorites: [Favorite] = []
    try forEachRow(matching: authorText, columns: Favorite.listedColumns, page: (afterID, limit)) {
      favorites.append(Favorite(listedRow: $0))
    }
    return favorites
  }

  /// The list's shape without its text: how many favorites match, the largest id, and the
  /// widest author as `authorWidth` measures it, for laying out a table before streaming it.
  ///
  /// The count and the largest id come from indexes, without reading the favorites. Authors
  /// are measured until one is `widthLimit` columns wide or wider (a table never makes its
  /// author column wider than that), so the widest author is exact up to `widthLimit`; with no
  /// limit every author is measured.
  public func listShape(
    matching authorText: String?,
    widthLimit: Int? = nil,
    authorWidth: (String) -> Int
  ) throws -> FavoriteListShape {
    var shape = FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
    guard let filter = Self.filter(matching: authorText) else { return shape }
    try translatingErrors {
      try writer.read { db in
        if authorText == nil {
          // Counted on the smallest index, and the largest rowid read off the end of the table.
          shape.count = try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite") ?? 0
          shape.largestID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM favorite") ?? 0
        } else {
          // The author index holds the folded author and the id: both answer from it alone.
          let row = try Row.fetchOne(
            db,
            sql: "SELECT count(*), max(id) FROM favorite WHERE 1" + filter.sql,
            arguments: filter.arguments
          )
          shape.count = row?[0] ?? 0
          shape.largestID = row?[1] ?? 0
        }
        guard shape.count > 0 else { return }
        var widths: [String: Int] = [:]
        let authors = try String.fetchCursor(
          db, sql: "SELECT author FROM favorite WHERE 1" + filter.sql, arguments: filter.arguments
        )
        while let author = try authors.next() {
          if widths[author] == nil {
            let width = authorWidth(author)
            widths[author] = width
            shape.widestAuthor = max(shape.widestAuthor, width)
            if let widthLimit, shape.widestAuthor >= widthLimit { break }
          }
        }
      }
    }
    return shape
  }

  /// The SQL condition (to follow a WHERE clause, starting with AND) that keeps favorites whose
  /// author contains `authorText`, and its arguments: empty for every favorite, nil when no
  /// favorite can match.
  private static func filter(
    matching authorText: String?
  ) -> (sql: String, arguments: StatementArguments)? {
    guard let authorText else { return ("", []) }
    let folded = QuoteKey.searchFolded(authorText)
    guard !folded.isEmpty else { return nil }
    if folded.unicodeScalars.count >= 3 {
      return (
        """
         AND author_folded IN (
          SELECT folded FROM favorite_author WHERE id IN (
            SELECT rowid FROM favorite_author_search WHERE folded GLOB ?
          )
        )
        """,
        ["*" + escapedForGlob(folded) + "*"]
      )
    }
    // The trigram index cannot answer fewer than three characters (and SQLite 3.40 answers
    // two CJK characters wrongly): scan the distinct authors, which are few.
    return (
      " AND author_folded IN (SELECT folded FROM favorite_author WHERE instr(folded, ?))", [folded]
    )
  }

  private func forEachRow(
    matching authorText: String?,
    columns: String,
    page: (afterID: Int64, limit: Int)?,
    _ body: (Row) throws -> Void
  ) throws {
    guard let filter = Self.filter(matching: authorText) else { return }
    var sql = "SELECT \(columns) FROM favorite WHERE id > ?" + filter.sql
    var arguments: StatementArguments = [page?.afterID ?? 0]
    arguments += filter.arguments
    sql += " ORDER BY id"
    if let page {
      sql += " LIMIT ?"
      arguments += [page.limit]
    }
    try translatingErrors {
      try writer.read { db in
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
          try body(row)
        }
      }
    }
  }

  /// Distinct authors of favorites, for completion.
  public func favoriteAuthors() throws -> [String] {
    try translatingErrors {
      try writer.read { db in
        try String.fetchAll(db, sql: "SELECT DISTINCT author FROM favorite ORDER BY author")
      }
    }
  }

  /// The favorite with `id`, if there is one.
  public func favorite(id: Int64) throws -> Favorite? {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchOne(db, sql: "SELECT * FROM favorite WHERE id = ?", arguments: [id])
          .map(Favorite.init(row:))
      }
    }
  }

  /// The favorite at `index` in id order (0 ..< ``favoriteCount()``), if there is one.
  ///
  /// Ids have gaps after deletes, so this counts rows, through the index of ids alone
  /// (`favorite_by_id`), which is a fraction of the table's size.
  public func favorite(atIndex index: Int) throws -> Favorite? {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchOne(
          db,
          sql: """
            SELECT * FROM favorite
            WHERE id = (SELECT id FROM favorite INDEXED BY favorite_by_id ORDER BY id LIMIT 1 OFFSET ?)
            """,
          arguments: [index]
        ).map(Favorite.init(row:))
      }
    }
  }

  /// Moves the favorites with these ids to the trash, all or none: an unknown id moves nothing
  /// (see ``trashFavorites(ids:at:)``).
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` for the first id that is not a favorite.
  public func removeFavorites(ids: [Int64], at date: Date = Date()) throws -> [Favorite] {
    try trashFavorites(ids: ids, at: date)
  }

  // MARK: - Import

  /// Saves `quotes` in one transaction: all of them, or none when anything fails.
  ///
  /// As in ``addFavorite(_:at:)``, the UNIQUE key decides what is already a favorite, so a quote
  /// that appears twice in `quotes` is added once and then counted as already a favorite. A quote
  /// without its own `savedAt` is saved at `date`. Times are stored to the millisecond, rounded,
  /// so an exported time comes back exactly. With `dryRun` the same inserts run and the
  /// transaction is rolled back: the counts are exact and nothing changes.
  public func importFavorites(
    _ quotes: [ImportedQuote],
    at date: Date,
    dryRun: Bool
  ) throws -> (added: Int, alreadyFavorites: Int) {
    try importFavorites(count: quotes.count, at: date, dryRun: dryRun) { insert in
      for quote in quotes { insert(quote) }
    }
  }

  /// ``importFavorites(_:at:dryRun:)`` of the quotes `feed` hands to the function it is given,
  /// inserted as they come, so a large file is never all in memory; `count` is about how many
  /// there will be.
  ///
  /// After an insert fails, the quotes that follow are not inserted; the failure is thrown once
  /// `feed` returns, and nothing is saved.
  func importFavorites(
    count: Int,
    at date: Date,
    dryRun: Bool,
    feed: ((ImportedQuote) -> Void) throws -> Void
  ) throws -> (added: Int, alreadyFavorites: Int) {
    let sql = """
      INSERT INTO favorite
        (quote, author, source, source_id, saved_at, quote_key, author_key, author_folded)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """
    return try translatingErrors {
      try writer.writeWithoutTransaction { db in
        var counts = (added: 0, alreadyFavorites: 0)
        // A large import touches the whole UNIQUE index of quote keys at random. With SQLite's
        // default 2 MB page cache most inserts spill pages to the WAL and read them back; 16 MB
        // holds the index of 100,000 favorites. And each INSERT (its triggers change several
        // rows, and a duplicate aborts it) keeps a statement journal, which SQLite writes to a
        // temporary file unless told to keep it in memory: about 760,000 writes for 100,000
        // rows. A statement journal holds a few pages and is dropped when its INSERT ends.
        // Both settings go back as they were afterwards.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        if count > 1000 {
          try db.execute(sql: "PRAGMA cache_size = -16384")
          try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        defer {
          try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
          try? db.execute(sql: "PRAGMA temp_store = \(tempStore)")
        }
        try db.inTransaction(.immediate) {
          var insert = try db.makeStatement(sql: sql)
          var failure: (any Error)?
          // One undoable change; the favorites it adds are logged as one range of ids.
          try recordingChange(.importFile, in: db, at: date, summary: Self.importSummary) {
            try feed { imported in
              guard failure == nil else { return }
              let quote = imported.quote
              let key = quote.key
              do {
                try insert.execute(arguments: [
                  quote.text, quote.author, quote.source.rawValue, quote.sourceID,
                  Timestamp.utc(imported.savedAt ?? date, separator: " "), key.quote, key.author,
                  QuoteKey.searchFolded(quote.author),
                ])
                counts.added += 1
              } catch let error as DatabaseError
                where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
              {
                // Only this statement failed; the transaction and the rows before it stand. A
                // statement that failed reports the same error again when next reset, so the
                // next row gets a fresh one.
                counts.alreadyFavorites += 1
                do {
                  insert = try db.makeStatement(sql: sql)
                } catch {
                  failure = error
                }
              } catch {
                failure = error
              }
            }
            return counts.added
          }
          if let failure { throw failure }
          return dryRun ? .rollback : .commit
        }
        return counts
      }
    }
  }

  // MARK: - Shown quotes

  /// Remembers `quote` as the last one shown and adds it to the offline pool.
  ///
  /// Built-in quotes stay out of the pool: they are always drawn from already, and pooling them
  /// too would make them twice as likely as quotes seen online. A read-only database remembers
  /// nothing, and that is not an error: the quote can still be shown.
  public func recordShown(_ quote: Quote, at date: Date) throws {
    if isReadOnly { return }
    try translatingErrors {
      try writeUnflushed { db in
        _ = try insertIntoPool([quote], at: date, db: db)
        try db.execute(
          sql: """
            INSERT OR REPLACE INTO last_shown (singleton, quote, author, source, source_id, shown_at)
            VALUES (1, ?, ?, ?, ?, ?)
            """,
          arguments: [
            quote.text, quote.author, quote.source.rawValue, quote.sourceID, Self.stored(date),
          ]
        )
      }
    }
  }

  /// Adds quotes to the offline pool without showing them (browsing, syncing).
  ///
  /// - Returns: how many were new to the pool.
  @discardableResult
  public func addToPool(_ quotes: [Quote], at date: Date) throws -> Int {
    try translatingErrors {
      try writeUnflushed { db in try insertIntoPool(quotes, at: date, db: db) }
    }
  }

  /// Saves one page of a sync: its quotes into the pool and how far the sync has got, together,
  /// so a stopped sync never skips or repeats a page.
  ///
  /// - Returns: how many quotes were new to the pool.
  public func saveSyncPage(
    _ quotes: [Quote],
    source: QuoteSource,
    nextSkip: Int,
    total: Int,
    at date: Date
  ) throws -> Int {
    try translatingErrors {
      try writeUnflushed { db in
        let added = try insertIntoPool(quotes, at: date, db: db)
        try db.execute(
          sql: """
            UPDATE sync_state SET next_skip = ?, total = ?, updated_at = ?
            WHERE source = ?
            """,
          arguments: [nextSkip, total, Self.stored(date), source.rawValue]
        )
        return added
      }
    }
  }

  /// Where the last sync of `source` got to, if one was ever started.
  public func syncState(source: QuoteSource) throws -> SyncState? {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchOne(
          db,
          sql: "SELECT * FROM sync_state WHERE source = ?",
          arguments: [source.rawValue]
        ).map { row in
          SyncState(
            nextSkip: row["next_skip"],
            total: row["total"],
            startedAt: row["started_at"],
            finishedAt: row["finished_at"]
          )
        }
      }
    }
  }

  /// Starts a sync of `source` from the beginning.
  public func startSync(source: QuoteSource, at date: Date) throws {
    try translatingErrors {
      try writeUnflushed { db in
        try db.execute(
          sql: """
            INSERT OR REPLACE INTO sync_state
              (source, next_skip, total, started_at, updated_at, finished_at)
            VALUES (?, 0, NULL, ?, ?, NULL)
            """,
          arguments: [source.rawValue, Self.stored(date), Self.stored(date)]
        )
      }
    }
  }

  /// Marks the sync of `source` complete.
  public func finishSync(source: QuoteSource, at date: Date) throws {
    try translatingErrors {
      try writeUnflushed { db in
        try db.execute(
          sql: "UPDATE sync_state SET finished_at = ?, updated_at = ? WHERE source = ?",
          arguments: [Self.stored(date), Self.stored(date), source.rawValue]
        )
      }
    }
  }

  private func insertIntoPool(_ quotes: [Quote], at date: Date, db: Database) throws -> Int {
    var added = 0
    for quote in quotes where quote.source != .builtIn {
      let key = quote.key
      try db.execute(
        sql: """
          INSERT INTO pool_quote
            (quote, author, source, source_id, first_seen_at, quote_key, author_key)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (quote_key, author_key) DO NOTHING
          """,
        arguments: [
          quote.text, quote.author, quote.source.rawValue, quote.sourceID, Self.stored(date),
          key.quote,
          key.author,
        ]
      )
      added += db.changesCount
    }
    return added
  }

  /// The quote shown last, if any.
  public func lastShown() throws -> Quote? {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchOne(db, sql: "SELECT * FROM last_shown WHERE singleton = 1")
          .map(Quote.init(row:))
      }
    }
  }

  /// How many quotes the offline pool holds (not counting the built-in set).
  ///
  /// Pool rows are never deleted, so their ids run 1...n: the largest id is the count, read from
  /// the primary key without counting rows.
  public func poolCount() throws -> Int {
    try translatingErrors {
      try writer.read { db in try Int.fetchOne(db, sql: "SELECT max(id) FROM pool_quote") ?? 0 }
    }
  }

  /// The pool quote at `index` in the order they were first seen (0 ..< ``poolCount()``).
  public func poolQuote(at index: Int) throws -> Quote? {
    try translatingErrors {
      try writer.read { db in
        try Row.fetchOne(
          db,
          sql: "SELECT * FROM pool_quote WHERE id >= ? ORDER BY id LIMIT 1",
          arguments: [index + 1]
        ).map(Quote.init(row:))
      }
    }
  }

  // MARK: - Helpers

  /// `date` as the database keeps times: UTC text to the millisecond, as GRDB writes a `Date`,
  /// but without GRDB's DateFormatter, whose ICU set-up cost `random` milliseconds at every start.
  static func stored(_ date: Date) -> String {
    Timestamp.utc(date, separator: " ")
  }

  /// Runs `updates` in one transaction whose commit does not wait for the disk.
  ///
  /// For what is not worth a flush: the quote shown last, the offline pool, a sync's position.
  /// In WAL mode such a commit is never torn; a power cut may only lose it, with the commits
  /// just before it. `random` writes nothing else, so it touches the disk's cache only.
  private func writeUnflushed<T>(_ updates: (Database) throws -> T) throws -> T {
    try writer.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
      var value: T?
      try db.inTransaction(.immediate) {
        value = try updates(db)
        return .commit
      }
      guard let value else { throw DatabaseError(message: "the transaction returned nothing") }
      return value
    }
  }

  /// GLOB's wildcards in user text, made literal with one-character classes.
  private static func escapedForGlob(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "*", "?", "[": escaped += "[\(character)]"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// Runs `body`, turning SQLite's errors into ``StorageError`` sentences.
  func translatingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
      throw DatabaseFile.readOnlyError(path: path)
    } catch let error as DatabaseError {
      throw StorageError.sqlite(path: path, message: error.message ?? "\(error.resultCode)")
    }
  }
}

extension Quote {
  /// Reads the quote columns shared by every table.
  init(row: Row) {
    self.init(
      text: row["quote"],
      author: row["author"],
      source: QuoteSource(rawValue: row["source"]),
      sourceID: row["source_id"]
    )
  }
}

extension Favorite {
  /// Reads a whole row of `favorite` (or of `trashed_favorite`).
  init(row: Row) {
    self.init(id: row["id"], quote: Quote(row: row), savedAt: row["saved_at"])
  }

  /// The columns ``init(listedRow:)`` reads, in its order.
  fileprivate static let listedColumns = "id, quote, author, source, source_id, saved_at"

  /// Reads a row of ``listedColumns`` by position: a list streams 100,000 of them, and a
  /// column found by name, or a time read through a calendar, costs more than the rest of the
  /// row.
  fileprivate init(listedRow row: Row) {
    let savedAtText: String = row[5]
    self.init(
      id: row[0],
      quote: Quote(
        text: row[1], author: row[2], source: QuoteSource(rawValue: row[3]), sourceID: row[4]),
      savedAt: Timestamp.date(stored: savedAtText) ?? row[5]
    )
  }
}
