import Foundation
import Synchronization

/// Opens the store on first use and keeps it open, so commands that never touch it (`--help`,
/// a usage error) never create a file or reach a server, and the REPL opens it once.
public final class LazyDatabase: Sendable {
  private let open: @Sendable () throws -> any QuoteStore
  private let opened = Mutex<(any QuoteStore)?>(nil)
  /// The SQLite file `open` opens, creating it (and its folder) when it is not there; nil for
  /// a store on a server, or one given already made.
  private let file: String?

  /// Will call `open` the first time ``get()`` is called, and again after it fails; `file` is
  /// the SQLite file it creates when that is not there yet.
  public init(file: String? = nil, _ open: @escaping @Sendable () throws -> any QuoteStore) {
    self.file = file
    self.open = open
  }

  /// Wraps a store that is already open.
  public convenience init(_ database: any QuoteStore) {
    self.init { database }
  }

  /// The store `location` names, opened on first use; the one place where the kind of store is
  /// chosen.
  ///
  /// A `postgres://` or `postgresql://` URL is a ``PostgresStore``, connecting within `timeout`
  /// seconds, with the password from `PGPASSWORD` in `environment` when the URL has none;
  /// anything else is the path of a ``QuoteDatabase``.
  ///
  /// `onLongWait` is called when SQLite waits a few seconds for another process's lock.
  public static func opening(
    _ location: String,
    timeout: TimeInterval,
    environment: [String: String],
    onLongWait: @escaping @Sendable () -> Void = {}
  ) -> LazyDatabase {
    if PostgresURL.isPostgresURL(location) {
      return LazyDatabase {
        try PostgresStore.open(
          url: try PostgresURL(parsing: location, environment: environment), timeout: timeout)
      }
    }
    return LazyDatabase(file: location) {
      try QuoteDatabase.open(path: location, onLongWait: onLongWait)
    }
  }

  /// The SQLite file that opening the store would create, with its folder, because it is not
  /// there yet; nil when the file is there, the store is on a server, or it is open already.
  ///
  /// What a command that must write nothing (`fav import --dry-run`) asks before it opens
  /// the store.
  public var fileToCreate: String? {
    guard let file, opened.withLock({ $0 == nil }) else { return nil }
    var info = stat()
    // A link to nowhere too: SQLite would create the file it points to.
    return stat(file, &info) != 0 && errno == ENOENT ? file : nil
  }

  /// The store, opening it if this is the first call, or if it is a server's whose connection
  /// has closed since (a statement stopped by Ctrl-C in the shell, a server that went away):
  /// the shell's next command connects again.
  public func get() throws -> any QuoteStore {
    try opened.withLock { opened in
      if let opened, !((opened as? PostgresStore)?.isClosed ?? false) { return opened }
      let database = try open()
      opened = database
      return database
    }
  }

  /// Leaves an SQLite store that was opened for the process's exit to close, rather than this
  /// object's deinitializer, when closing it would write nothing; any other store is closed as
  /// usual.
  ///
  /// For a one-command process: closing SQLite writes nothing unless it checkpoints (see
  /// ``QuoteDatabase/checkpointsOnClose``), and the kernel releases the file's locks at exit,
  /// but GRDB's close looks its observers up in Foundation's NotificationCenter, a tenth of
  /// `random --offline`'s CPU after the command is done. A PostgreSQL session is still ended
  /// properly, so the server logs no broken connection.
  public func leaveOpenUntilExit() {
    let store = opened.withLock { $0 }
    if let database = store as? QuoteDatabase, !database.checkpointsOnClose {
      Self.leftOpen.withLock { $0.append(database) }
    }
  }

  /// The stores left for the process's exit to close.
  private static let leftOpen = Mutex<[QuoteDatabase]>([])

  /// The file the store is kept in, which an output file must not replace; nil for a store
  /// on a server.
  public func filePath() throws -> String? {
    (try get() as? QuoteDatabase)?.path
  }
}
