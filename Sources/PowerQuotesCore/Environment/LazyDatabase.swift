import Synchronization

/// Opens the database on first use and keeps it open, so commands that never touch it
/// (`--help`, a usage error) never create a file, and the REPL opens it once.
public final class LazyDatabase: Sendable {
  private let open: @Sendable () throws -> QuoteDatabase
  private let opened = Mutex<QuoteDatabase?>(nil)

  /// Will call `open` the first time ``get()`` is called, and again after it fails.
  public init(_ open: @escaping @Sendable () throws -> QuoteDatabase) {
    self.open = open
  }

  /// Wraps a database that is already open.
  public convenience init(_ database: QuoteDatabase) {
    self.init { database }
  }

  /// The database, opening it if this is the first call.
  public func get() throws -> QuoteDatabase {
    try opened.withLock { opened in
      if let opened { return opened }
      let database = try open()
      opened = database
      return database
    }
  }
}
