import Foundation

/// The PostgreSQL store of favorites, the offline pool and the last quote shown: a
/// ``QuoteStore`` with the behaviour of ``QuoteDatabase``, for one library on several machines.
///
/// This file connects and migrates; the intent methods are in `PostgresStore+Favorites.swift`,
/// `+Import`, `+Pool`, `+Sync`, `+Tags`, `+Search` (`fav find`, ranked by the server, marked by ``SearchHighlight``),
/// `+Random`, `+Stats`, `+Trash`, `+Edit` and `+Changes` (the undo history). As in
/// SQLite the schema decides what is a duplicate (the UNIQUE index `favorite_by_key` of
/// `Migrations/postgres/0001_initial.sql`), and times are kept as the same UTC text
/// (``StoredTime``), so a library moves between the stores unchanged.
///
/// One connection, used by one call at a time: a transaction never interleaves with another
/// call's statements.
public final class PostgresStore: Sendable {
  /// The database, for messages (its description has no password).
  public let url: PostgresURL
  let connection: PostgresConnection
  // Recursive: a body called inside a transaction (an import's feed) may not call the store,
  // but a listing's body may, between pages.
  private let lock = NSRecursiveLock()
  private let whenReleased: (@Sendable () -> Void)?

  init(connection: PostgresConnection, whenReleased: (@Sendable () -> Void)? = nil) {
    self.url = connection.url
    self.connection = connection
    self.whenReleased = whenReleased
  }

  deinit { whenReleased?() }

  /// Connects to `url`, waiting at most `timeout` seconds for the server, and brings its schema
  /// up to date (``PostgresSchemaMigrator``).
  ///
  /// - Throws: ``PostgresError`` sentences naming the server (never the password), such as
  ///   ``PostgresError/cannotConnect(server:reason:)`` when it is down or unreachable.
  ///
  /// `whenReleased`, when given, is called once the store is gone (tests drop their database
  /// then).
  public static func open(
    url: PostgresURL, timeout: TimeInterval, whenReleased: (@Sendable () -> Void)? = nil
  ) throws -> PostgresStore {
    let connection = try PostgresConnection(url: url, timeout: timeout)
    try PostgresSchemaMigrator().migrate(connection)
    return PostgresStore(connection: connection, whenReleased: whenReleased)
  }

  /// Whether the connection has closed: it broke, timed out, or was cancelled.
  public var isClosed: Bool { !connection.isOpen }

  // MARK: - Helpers

  /// Runs one statement, with the store to itself.
  @discardableResult
  package func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresRows {
    try lock.withLock { try connection.execute(sql, parameters) }
  }

  /// Runs one statement, with the store to itself, and returns its result to be read in place.
  func query(_ sql: String, _ parameters: [String?] = []) throws -> PostgresResult {
    try lock.withLock { try connection.query(sql, parameters) }
  }

  /// Runs `sql` page by page with the store to itself, the next page made while `body` reads
  /// one (see ``PostgresConnection/forEachPage(_:_:next:_:)``).
  func forEachPage(
    _ sql: String, _ parameters: [String?], next: (PostgresResult) -> [String?]?,
    _ body: (PostgresResult) throws -> Void
  ) throws {
    try lock.withLock { try connection.forEachPage(sql, parameters, next: next, body) }
  }

  /// Runs `sql`, statements separated by semicolons and without parameters, in one round trip.
  package func executeScript(_ sql: String) throws {
    try lock.withLock { try connection.executeScript(sql) }
  }

  /// Runs `body` in one transaction.
  ///
  /// It is committed when `body` returns, rolled back when it throws or when `rollback` is
  /// set. With `flushed` false the commit does not wait for the disk
  /// (`synchronous_commit = off`): for the quote shown last, the pool and a sync's position,
  /// which a crash may lose but never tear, as ``QuoteDatabase`` writes them.
  func inTransaction<T>(
    flushed: Bool = true, rollback: Bool = false, _ body: () throws -> T
  ) throws -> T {
    try lock.withLock {
      try connection.execute("BEGIN")
      do {
        if !flushed { try connection.execute("SET LOCAL synchronous_commit = off") }
        let value = try body()
        try connection.execute(rollback ? "ROLLBACK" : "COMMIT")
        return value
      } catch {
        // A broken connection rolls back by itself; the first error is the one to tell.
        _ = try? connection.execute("ROLLBACK")
        throw error
      }
    }
  }

  /// The unique key's expression over a key column, exactly as the index
  /// `favorite_by_key` and `pool_quote_by_key` name it.
  static func digest(_ column: String) -> String {
    "sha256(replace(\(column), '\\', '\\\\')::bytea)"
  }

  /// The unique key's two expressions, for `ON CONFLICT`.
  static let conflictTarget = "((\(digest("quote_key"))), (\(digest("author_key"))))"

  /// The condition that finds a row whose keys are `$quoteKey` and `$authorKey` (parameter
  /// placeholders such as `$6`) through the unique index.
  static func sameKey(quoteKey: String, authorKey: String) -> String {
    "\(digest("quote_key")) = \(digest("\(quoteKey)::text")) "
      + "AND \(digest("author_key")) = \(digest("\(authorKey)::text")) "
      + "AND quote_key = \(quoteKey) AND author_key = \(authorKey)"
  }

  /// A stored time, read as ``StoredTime/date(text:)`` reads SQLite's; nil when it is none the
  /// library keeps (a favorite's `saved_at` then reads as nil, ``Favorite/savedAt``).
  static func savedTime(_ text: String?) -> Date? {
    text.flatMap(StoredTime.date(text:))
  }

  /// ``savedTime(_:)`` of a time that is not a favorite's `saved_at` (when it was trashed, when
  /// a change was made, when a sync ran: times powerquotes writes itself), the start of 1970
  /// when it is none.
  static func time(_ text: String?) -> Date {
    savedTime(text) ?? Date(timeIntervalSince1970: 0)
  }

  /// The quote in `row` at columns `first` (text), `first + 1` (author), `first + 2` (source)
  /// and `first + 3` (source id).
  static func quote(_ row: [String?], from first: Int) -> Quote {
    Quote(
      text: row[first] ?? "", author: row[first + 1] ?? "",
      source: QuoteSource(rawValue: row[first + 2] ?? ""),
      sourceID: row[first + 3].flatMap { Int($0) })
  }

  /// The quote's four columns as parameters.
  static func parameters(_ quote: Quote) -> [String?] {
    [quote.text, quote.author, quote.source.rawValue, quote.sourceID.map(String.init)]
  }
}

/// Every library feature of the SQLite store, on PostgreSQL: the trash (+Trash), tags (+Tags),
/// `fav find` (+Search), `random --favorites` and the length filters (+Random), `fav stats`
/// (+Stats), `fav edit` (+Edit) and `fav undo` (+Changes).
extension PostgresStore: LibraryStore {}
