import CSQLite
import Foundation
import GRDB

/// The SQLite store of favorites, the offline pool and the last quote shown: a ``QuoteStore``.
///
/// This file opens and migrates; the intent methods are in `QuoteDatabase+Favorites.swift`,
/// `+Import`, `+Pool` and `+Sync`, over the record types in `Records/`. The schema, not Swift
/// code, decides what is a duplicate: see `Migrations/0001_initial.sql`.
public final class QuoteDatabase: Sendable {
  /// The file's path, or `:memory:`, for messages.
  public let path: String
  package let writer: any DatabaseWriter

  /// Whether the file is read-only to this process.
  public let isReadOnly: Bool

  /// Whether closing checkpoints the write-ahead log into the file, which empties the log.
  ///
  /// Only when ``open(path:lockStallLimit:logLimit:onLongWait:)`` found the log over its limit;
  /// otherwise closing leaves the log as it is, and the process's exit may close the file.
  public let checkpointsOnClose: Bool

  init(
    path: String, writer: any DatabaseWriter, readOnly: Bool = false,
    checkpointsOnClose: Bool = false
  ) throws {
    self.path = path
    self.writer = writer
    self.isReadOnly = readOnly
    self.checkpointsOnClose = checkpointsOnClose
    if !readOnly {
      try translatingErrors {
        try SchemaMigrator(migrations: embeddedMigrations, finish: Self.finishMigrations).migrate(
          writer, path: path)
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
  ///
  /// Closing leaves the write-ahead log as it is, unless it was over `logLimit` bytes at the
  /// start (see ``checkpointsOnClose``).
  public static func open(
    path: String,
    lockStallLimit: Duration = .seconds(10),
    logLimit: Int = defaultLogLimit,
    onLongWait: @escaping @Sendable () -> Void = {}
  ) throws -> QuoteDatabase {
    let wait = LockWait(path: path, stallLimit: lockStallLimit, onLongWait: onLongWait)
    let state = try DatabaseFile.prepare(path: path)
    let migrator = SchemaMigrator(migrations: embeddedMigrations)
    if let version = state.version {
      try migrator.checkNotNewer(version, path: path)
      // Every database powerquotes has written is in WAL mode, so a file that is not, at a
      // version above 0, was made by someone else, or copied: looked at before WAL mode is
      // switched on, which writes the file.
      if version == 0 || state.isWAL == false {
        try checkSchemaIsOurs(path: path)
      }
    }
    if !state.writable && (state.version ?? 0) < migrator.latestVersion {
      // It would need its schema made or upgraded, and cannot be written.
      throw DatabaseFile.readOnlyError(path: path)
    }
    // Closing without a checkpoint spares a command the disk flushes of one, but the log then
    // only grows: each process's first connection rebuilds the log's index by reading all of
    // it (2 MiB of log cost `random` 1.9 ms of CPU), and once it passes SQLite's 1000 pages,
    // every commit checkpoints it all again without ever emptying it. A process that finds
    // more than `logLimit` bytes of log checkpoints when it closes, as SQLite does by default,
    // which empties the log: the flushes come once in about a hundred `random`s.
    let checkpointsOnClose = state.writable && DatabaseFile.logSize(path: path) > logLimit
    var configuration = Configuration()
    // Other powerquotes processes may hold the write lock, for minutes during large imports:
    // wait while they make progress rather than fail.
    configuration.busyMode = .callback { tries in wait.shouldRetry(tries: tries) }
    // Foreign keys by a pragma in prepareDatabase rather than GRDB's foreignKeysEnabled, which
    // runs it through GRDB's SQL splitting in Swift on every start.
    configuration.foreignKeysEnabled = false
    configuration.readonly = !state.writable
    // WAL lets readers in other processes go on while one writes. One connection is enough for a
    // process that runs one command at a time, and a pool of readers would cost memory (each
    // connection has its own page cache) for no gain.
    let writable = state.writable
    configuration.prepareDatabase { db in
      stopsWhenCancelled(db)
      try db.executePragmas("PRAGMA foreign_keys = ON")
      if writable {
        if !checkpointsOnClose, let connection = db.sqliteConnection {
          _ = pq_sqlite_keep_wal_on_close(connection)
        }
        // WAL by a pragma rather than GRDB's `journalMode = .wal`, which also asks Foundation
        // for the log file's size (a URL, its resource values, the owner's user and group
        // names from /etc/passwd and /etc/group) on every start, for the sake of a
        // DatabasePool, which this is not.
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        guard mode == "wal" else {
          throw DatabaseError(message: "could not activate WAL mode at path: \(path)")
        }
        // A log left after a large import is cut back to 4 MiB at the next checkpoint.
        // A command reads a table once, in order: a page cache of 512 KiB rather than SQLite's
        // 2 MiB serves it as fast (fav list of 100k: 160 ms either way) and keeps 1.5 MiB out of
        // the peak memory of every read command. A large import sets its own for its transaction.
        // GRDB's WAL mode commits with synchronous NORMAL: never torn, but the last commits
        // before a power cut may be lost. A favorite must not be: every commit waits for the
        // disk, but for the writes that are not worth it (see writeUnflushed).
        try db.executePragmas(
          "PRAGMA journal_size_limit = 4194304; PRAGMA cache_size = -512; "
            + "PRAGMA synchronous = FULL")
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
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    {
      throw StorageError.locked(path: path)
    } catch let error as DatabaseError {
      throw StorageError.cannotOpen(
        path: path, reason: .system(error.message ?? "\(error.resultCode)"))
    }
    return try QuoteDatabase(
      path: path, writer: queue, readOnly: !state.writable, checkpointsOnClose: checkpointsOnClose)
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

  /// Refuses another program's SQLite file: one at schema version 0 that already has tables,
  /// or one at a later version without powerquotes' `favorite` table.
  ///
  /// The header said version 0, but another powerquotes process may have just made the schema
  /// in the write-ahead log, which the header does not show yet; SQLite itself reads both.
  private static func checkSchemaIsOurs(path: String) throws {
    var configuration = Configuration()
    // Read-only and not switching to WAL: looking must not change the file.
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    let (version, tables, hasFavorites): (Int, Int, Bool)
    do {
      let queue = try openRetryingWhileBusy(path: path, configuration: configuration)
      (version, tables, hasFavorites) = try queue.read { db in
        (
          try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
          try Int.fetchOne(
            db,
            sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
          ) ?? 0,
          try db.tableExists("favorite")
        )
      }
    } catch let error as DatabaseError {
      throw StorageError.cannotOpen(
        path: path, reason: .system(error.message ?? "\(error.resultCode)"))
    }
    if version == 0 ? tables > 0 : !hasFavorites {
      throw StorageError.otherProgramsDatabase(path: path)
    }
  }

  /// A private database in memory, for tests and the benchmark.
  public static func inMemory() throws -> QuoteDatabase {
    var configuration = Configuration()
    configuration.prepareDatabase { db in stopsWhenCancelled(db) }
    return try QuoteDatabase(path: ":memory:", writer: DatabaseQueue(configuration: configuration))
  }

  /// Makes the statements of `db` stop when the task running them is cancelled (Ctrl-C in the
  /// shell), as an HTTP request does: the statement fails with SQLITE_INTERRUPT, which
  /// ``translatingErrors(_:)`` turns into `CancellationError`, and SQLite rolls back the
  /// transaction it wrote in, so a cancelled import or edit leaves nothing behind.
  ///
  /// The work is synchronous, so nothing else could stop it: a `fav import` of 100,000 rows
  /// went on to commit them all. SQLite asks every 1000 virtual-machine steps; asking is one
  /// read of the current task, a few thousand times in a 100,000-row listing.
  static func stopsWhenCancelled(_ db: Database) {
    guard let connection = db.sqliteConnection else { return }
    sqlite3_progress_handler(connection, 1000, { _ in Task.isCancelled ? 1 : 0 }, nil)
  }

  /// The size of write-ahead log past which closing checkpoints it: 400 KiB, about a hundred
  /// commits of `random`, whose index a start rebuilds in a few tenths of a millisecond.
  public static let defaultLogLimit = 400 * 1024

  /// The schema version this binary creates.
  public static var schemaVersion: Int { embeddedMigrations.count }

  // MARK: - Helpers

  /// Runs `updates` in one transaction whose commit does not wait for the disk.
  ///
  /// For what is not worth a flush: the quote shown last, the offline pool, a sync's position.
  /// In WAL mode such a commit is never torn; a power cut may only lose it, with the commits
  /// just before it. `random` writes nothing else, so it touches the disk's cache only.
  func writeUnflushed<T>(_ updates: (Database) throws -> T) throws -> T {
    try writer.writeWithoutTransaction { db in
      try db.executePragmas("PRAGMA synchronous = NORMAL")
      defer { try? db.executePragmas("PRAGMA synchronous = FULL") }
      var value: T?
      try db.inTransaction(.immediate) {
        value = try updates(db)
        return .commit
      }
      guard let value else { throw DatabaseError(message: "the transaction returned nothing") }
      return value
    }
  }

  /// Runs `body`, which reads with one statement, outside a transaction.
  ///
  /// SQLite runs a lone statement in a transaction of its own, so it sees one state of the
  /// database. GRDB's `read` adds four statements around it (`PRAGMA query_only` on and off,
  /// BEGIN and COMMIT), prepared and run on each of the reads of a `random`.
  func readOneStatement<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.unsafeRead(body)
  }

  /// The sentence for SQLite's `error` on the database at `path`.
  static func storageError(_ error: DatabaseError, path: String) -> StorageError {
    let message = error.message ?? "\(error.resultCode)"
    switch error.resultCode {
    case .SQLITE_READONLY:
      return DatabaseFile.readOnlyError(path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      // LockWait gave up on another process's lock.
      return .locked(path: path)
    case .SQLITE_ERROR
    where message.hasPrefix("no such table: ") || message.hasPrefix("no such column: "):
      // Every statement names tables and columns the migrations made.
      return .notALibrary(path: path, missing: message)
    default:
      return .sqlite(path: path, message: message)
    }
  }

  /// Runs `body`, turning SQLite's errors into ``StorageError`` sentences.
  func translatingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_INTERRUPT && Task.isCancelled
    {
      // Stopped by stopsWhenCancelled(_:).
      throw CancellationError()
    } catch let error as DatabaseError {
      throw Self.storageError(error, path: path)
    } catch is RowDecodingError, is UnreadableValue {
      throw StorageError.unreadableValue(path: path)
    }
  }
}
