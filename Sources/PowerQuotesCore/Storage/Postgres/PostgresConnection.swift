import CPostgres
import Foundation

/// One connection to a PostgreSQL server, through libpq loaded on first use (see
/// `pq_postgres.h`).
///
/// Calls block the calling thread while they wait, asleep in poll(2): a connection honours its
/// timeout to the millisecond, and ``cancel()`` from any other thread ends the wait at once.
/// So does the cancellation of the task that waits (Ctrl-C in the shell), within 50 ms: the
/// wait looks at it between polls, as SQLite's progress handler does for ``QuoteDatabase``.
/// Statements run one at a time; a second thread's statement waits for the first to finish.
public final class PostgresConnection: @unchecked Sendable {
  /// The database, for messages (its description has no password).
  public let url: PostgresURL
  /// How long the server may take over one statement, or wait for another connection's lock,
  /// before it gives up: the timeout the connection was made with.
  public let timeout: TimeInterval
  // The handle is used under `lock`, except by `pq_pg_cancel`, which is thread-safe.
  private let handle: OpaquePointer
  private let lock = NSLock()

  /// Connects to `url`, waiting at most `timeout` seconds (fractions count) for the server to
  /// accept, encrypt and log in.
  ///
  /// - Throws: ``PostgresError`` sentences naming the server, never the password.
  public init(url: PostgresURL, timeout: TimeInterval) throws {
    guard let handle = pq_pg_create() else {
      throw PostgresError.cannotConnect(server: url.server, reason: "out of memory")
    }
    self.url = url
    self.timeout = timeout
    self.handle = handle
    pq_pg_stop_when(handle) { Task.isCancelled ? 1 : 0 }
    let parameters = url.connectionParameters(timeout: timeout)
    let outcome = Self.withCStrings(parameters.map(\.keyword)) { keywords in
      Self.withCStrings(parameters.map(\.value)) { values in
        pq_pg_connect(handle, keywords, values, Self.milliseconds(timeout))
      }
    }
    if outcome != PQ_PG_OK {
      // Every property is set: deinit frees the handle.
      throw Self.connectError(outcome, handle: handle, url: url, timeout: timeout)
    }
  }

  deinit { pq_pg_destroy(handle) }

  /// Whether the connection is open: false after it broke, timed out or was cancelled.
  public var isOpen: Bool {
    lock.withLock { pq_pg_is_open(handle) != 0 }
  }

  /// Ends the connect or statement in progress, from any thread.
  ///
  /// The call that was waiting throws `CancellationError`, and the connection is closed.
  public func cancel() { pq_pg_cancel(handle) }

  /// Runs one statement and returns its rows.
  ///
  /// - Parameters:
  ///   - sql: One statement.
  ///   - parameters: The values of `$1`, `$2`... in text format; nil is NULL.
  ///   - timeout: Seconds to wait for the result; nil for the connection's ``timeout`` and a
  ///     second more, so that the server's own answer that it gave up comes first and a
  ///     server that went silent is given up on all the same.
  /// - Returns: The rows, in text format.
  /// - Throws: ``PostgresError/statementFailed(server:sqlState:message:)`` when the server
  ///   refuses it, other ``PostgresError`` cases when the connection fails, `CancellationError`.
  @discardableResult
  public func execute(
    _ sql: String, _ parameters: [String?] = [], timeout: TimeInterval? = nil
  ) throws -> PostgresRows {
    let (result, affectedRows) = try run(sql, parameters, timeout: timeout)
    return PostgresRows(
      columns: result.columnNames, values: (0..<result.rowCount).map(result.values),
      affectedRows: affectedRows)
  }

  /// Runs one statement (as ``execute(_:_:timeout:)``) and returns its result as libpq holds
  /// it, to be read in place.
  func query(
    _ sql: String, _ parameters: [String?] = [], timeout: TimeInterval? = nil
  ) throws -> PostgresResult {
    try run(sql, parameters, timeout: timeout).result
  }

  /// Runs one statement; its result, taken from the connection, and how many rows it changed.
  private func run(
    _ sql: String, _ parameters: [String?], timeout: TimeInterval?
  ) throws -> (result: PostgresResult, affectedRows: Int) {
    try lock.withLock {
      let outcome = Self.withOptionalCStrings(parameters) { values in
        pq_pg_exec(handle, sql, Int32(parameters.count), values, wait(timeout))
      }
      try check(outcome, timeout: timeout)
      let affectedRows = Int(pq_pg_affected_rows(handle))
      return (PostgresResult(taking: pq_pg_take_result(handle)), affectedRows)
    }
  }

  /// Runs `sql` once per page, the first time with `parameters`, then with those `next` makes
  /// of the page before (nil when that was the last), calling `body` with each page.
  ///
  /// The next page's statement is sent before `body` reads a page, so the server makes it while
  /// the caller writes the rows out. When `body` throws, the page on its way is read and dropped,
  /// leaving the connection ready for the next statement.
  func forEachPage(
    _ sql: String, _ parameters: [String?], next: (PostgresResult) -> [String?]?,
    _ body: (PostgresResult) throws -> Void
  ) throws {
    try lock.withLock {
      try send(sql, parameters)
      var sent = true
      defer {
        if sent {
          pq_pg_receive(handle, wait(nil))
          pq_pg_result_free(pq_pg_take_result(handle))
        }
      }
      while true {
        sent = false
        try check(pq_pg_receive(handle, wait(nil)), timeout: nil)
        let page = PostgresResult(taking: pq_pg_take_result(handle))
        let following = next(page)
        if let following {
          try send(sql, following)
          sent = true
        }
        try body(page)
        if following == nil { return }
      }
    }
  }

  /// Sends one statement without waiting for its result; called under `lock`.
  private func send(_ sql: String, _ parameters: [String?]) throws {
    let outcome = Self.withOptionalCStrings(parameters) { values in
      pq_pg_send(handle, sql, Int32(parameters.count), values, wait(nil))
    }
    try check(outcome, timeout: nil)
  }

  /// Runs `sql`, which may hold several statements separated by semicolons and takes no
  /// parameters (PostgreSQL's simple query protocol), such as a migration file.
  ///
  /// Without a `BEGIN` of their own, the statements run as one transaction. The server's
  /// limits hold for each statement; `timeout` (nil: as for ``execute(_:_:timeout:)``) for
  /// the whole of them.
  public func executeScript(_ sql: String, timeout: TimeInterval? = nil) throws {
    try lock.withLock {
      let outcome = pq_pg_exec(handle, sql, -1, nil, wait(timeout))
      try check(outcome, timeout: timeout)
    }
  }

  /// Milliseconds to wait for a result: `timeout`, else the connection's with a second more.
  private func wait(_ timeout: TimeInterval?) -> Int {
    Self.milliseconds(timeout ?? self.timeout + 1)
  }

  // MARK: - Errors

  private func check(_ outcome: pq_pg_outcome, timeout: TimeInterval?) throws {
    switch outcome {
    case PQ_PG_OK:
      return
    case PQ_PG_STATEMENT_FAILED:
      let sqlState = UntrustedText.sanitized(errorField("C"))
      // The limits the connection set (PostgresURL's `connectionParameters`): 55P03 lock_timeout,
      // 57014 statement_timeout (or a cancel by an administrator, rare enough to say the same).
      if sqlState == "55P03" {
        throw PostgresError.lockTimedOut(server: url.server, seconds: self.timeout)
      }
      if sqlState == "57014" {
        throw PostgresError.timedOut(server: url.server, seconds: self.timeout)
      }
      var message = errorField("M")
      if message.isEmpty { message = String(cString: pq_pg_error_text(handle)) }
      // The server ending the session (57P01 an administrator's or a shutdown's terminate,
      // 57P02 a crash elsewhere, 57P03 not accepting connections now) or a class 08 connection
      // exception: the connection is lost, not the statement refused.
      if sqlState.hasPrefix("57P") || sqlState.hasPrefix("08") {
        throw PostgresError.connectionLost(
          server: url.server, reason: PostgresError.cleaned(message, password: url.password))
      }
      throw PostgresError.statementFailed(
        server: url.server, sqlState: sqlState,
        message: PostgresError.cleaned(message, password: url.password))
    case PQ_PG_CANCELLED:
      throw CancellationError()
    case PQ_PG_TIMED_OUT:
      throw PostgresError.timedOut(server: url.server, seconds: timeout ?? self.timeout)
    default:
      throw PostgresError.connectionLost(
        server: url.server,
        reason: PostgresError.cleaned(
          String(cString: pq_pg_error_text(handle)), password: url.password))
    }
  }

  /// A field of the server's last error, such as "C" (the SQLSTATE) or "M" (the message).
  private func errorField(_ code: Unicode.Scalar) -> String {
    String(cString: pq_pg_error_field(handle, CChar(bitPattern: UInt8(ascii: code))))
  }

  private static func connectError(
    _ outcome: pq_pg_outcome, handle: OpaquePointer, url: PostgresURL, timeout: TimeInterval
  ) -> any Error {
    let raw = String(cString: pq_pg_error_text(handle))
    let user = UntrustedText.sanitized(url.user ?? ProcessInfo.processInfo.userName)
    switch outcome {
    case PQ_PG_NO_LIBRARY:
      let reason = pq_pg_library_error().map { String(cString: $0) } ?? "libpq.so.5 not found"
      return PostgresError.noLibrary(reason: PostgresError.cleaned(reason, password: nil))
    case PQ_PG_CANCELLED:
      return CancellationError()
    case PQ_PG_TIMED_OUT:
      return PostgresError.timedOut(server: url.server, seconds: timeout)
    case _ where raw.contains("password authentication failed"):
      return PostgresError.authenticationFailed(server: url.server, user: user)
    case _ where raw.contains("no password supplied"):
      return PostgresError.passwordRequired(server: url.server, user: user)
    case _ where raw.contains("server does not support SSL"):
      return PostgresError.tlsNotOffered(server: url.server)
    case _
    where url.sslMode == .verifyFull
      && ["certificate verify failed", "root certificate file", "does not match host name"]
        .contains(where: raw.contains):
      // libpq's first line says what failed; its advice after it is the sentence's own.
      let reason = PostgresError.cleaned(raw, password: url.password)
      return PostgresError.untrustedCertificate(
        server: url.server,
        reason: reason.components(separatedBy: "; ").first ?? reason)
    default:
      return PostgresError.cannotConnect(
        server: url.server, reason: PostgresError.cleaned(raw, password: url.password))
    }
  }

  /// Whole milliseconds, rounded up so that a positive timeout never becomes none.
  private static func milliseconds(_ seconds: TimeInterval) -> Int {
    guard seconds.isFinite, seconds > 0 else { return seconds > 0 ? Int(Int32.max) : 1 }
    return Int(min(seconds * 1000, Double(Int32.max)).rounded(.up))
  }

  /// Calls `body` with a NULL-terminated array of C strings.
  private static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    withOptionalCStrings(strings) { pointers in
      // A Swift array's buffer always has a base address once it holds the final NULL.
      guard let pointers else { preconditionFailure("an array of one has storage") }
      return body(pointers)
    }
  }

  /// Calls `body` with an array of C strings (NULL for nil) followed by a NULL; nil for none.
  private static func withOptionalCStrings<T>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
  ) -> T {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer {
      for copy in copies { free(copy) }
    }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
  }
}
