import Foundation
import PowerQuotesCore
import Synchronization

/// Databases of their own on the test server that `POWERQUOTES_TEST_POSTGRES_URL` names.
public enum PostgresTestDatabase {
  /// The variable's value, when it is set and not empty.
  public static var serverText: String? {
    ProcessInfo.processInfo.environment["POWERQUOTES_TEST_POSTGRES_URL"].flatMap {
      $0.isEmpty ? nil : $0
    }
  }

  /// Whether `CI=true`: then every test that needs the server runs, and fails without it.
  public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// Whether the tests that need the server run: when it is given, or in CI, where a missing
  /// server is then a failure (``NoServer``), never a silent skip.
  public static var shouldRun: Bool { serverText != nil || isCI }

  /// Why a test that needs the server is skipped on a developer's machine.
  public static let skipReason =
    "POWERQUOTES_TEST_POSTGRES_URL is not set (Scripts/postgres-test-server.sh start)"

  /// Why a test that needs the server cannot run: in CI, one sentence that says what to do.
  public struct NoServer: Error, CustomStringConvertible {
    public var description: String {
      isCI
        ? "CI=true but POWERQUOTES_TEST_POSTGRES_URL is not set: every store test must run on "
          + "PostgreSQL too. Start the server (eval \"$(Scripts/postgres-test-server.sh start)\")."
        : PostgresTestDatabase.skipReason
    }
  }

  /// The server's URL.
  public static func serverURL() throws -> PostgresURL {
    guard let text = serverText else { throw NoServer() }
    return try PostgresURL(parsing: text)
  }

  /// Creates an empty database on the server at `base` and returns its URL.
  public static func create(on base: PostgresURL) throws -> PostgresURL {
    let name = "powerquotes_test_" + UUID().uuidString.lowercased().filter { $0 != "-" }
    let admin = try PostgresConnection(url: base, timeout: 30)
    try admin.execute("CREATE DATABASE \(name)")
    var fresh = base
    fresh.database = name
    return fresh
  }

  /// Runs blocking `body` on a thread of its own, so that it holds up none of the few threads
  /// Swift's tasks share (two on a two-core machine).
  public static func onThread<T: Sendable>(
    _ body: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }

  /// Starts blocking `body` on a thread of its own at once, and returns what waits for it.
  ///
  /// Unlike a task that calls ``onThread(_:)``, which starts `body` only when one of the few
  /// threads tasks share is free, and on a loaded machine running the whole suite that can take
  /// longer than a test waits.
  public static func startThread<T: Sendable>(
    _ body: @escaping @Sendable () throws -> T
  ) -> StartedThread<T> {
    StartedThread(body)
  }

  /// Drops the database `url` names, ending its connections.
  public static func drop(_ url: PostgresURL, on base: PostgresURL) {
    guard let name = url.database, name.hasPrefix("powerquotes_test_") else { return }
    let admin = try? PostgresConnection(url: base, timeout: 30)
    _ = try? admin?.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
  }
}

/// A thread running a blocking body since it was made (``PostgresTestDatabase/startThread(_:)``).
public final class StartedThread<T: Sendable>: Sendable {
  private let state = Mutex<
    (result: Result<T, any Error>?, waiter: CheckedContinuation<T, any Error>?)
  >(
    (nil, nil))

  fileprivate init(_ body: @escaping @Sendable () throws -> T) {
    Thread { [self] in
      let result = Result { try body() }
      let waiter = state.withLock { state in
        state.result = result
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(with: result)
    }.start()
  }

  /// What the body returned, once it has.
  public var value: T {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        let result = state.withLock { state in
          if state.result == nil { state.waiter = continuation }
          return state.result
        }
        if let result { continuation.resume(with: result) }
      }
    }
  }
}
