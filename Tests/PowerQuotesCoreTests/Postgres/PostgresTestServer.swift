import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// The PostgreSQL server the tests use: `POWERQUOTES_TEST_POSTGRES_URL`, which
/// `Scripts/postgres-test-server.sh start` prints (its user may create databases).
///
/// Without the variable the server's tests are skipped, by name, on a developer's machine; with
/// `CI=true` they run and fail, so a CI that lost its server cannot pass.
enum PostgresTestServer {
  static let variable = "POWERQUOTES_TEST_POSTGRES_URL"

  /// The server's URL, when the variable is set.
  static var url: String? { PostgresTestDatabase.serverText }

  static var isCI: Bool { PostgresTestDatabase.isCI }

  /// Whether the tests that need the server run (``PostgresTestDatabase/shouldRun``).
  static var shouldRun: Bool { PostgresTestDatabase.shouldRun }

  static let skipReason = Comment(rawValue: PostgresTestDatabase.skipReason)

  /// The server's URL, parsed; fails the test when the variable is missing.
  static func baseURL() throws -> PostgresURL { try PostgresTestDatabase.serverURL() }

  /// Runs `body` with a new, empty database on the server, dropped afterwards.
  static func withFreshDatabase<T>(_ body: (PostgresURL) throws -> T) throws -> T {
    let base = try baseURL()
    let fresh = try PostgresTestDatabase.create(on: base)
    defer { PostgresTestDatabase.drop(fresh, on: base) }
    return try body(fresh)
  }

  /// Runs blocking `body` on a thread of its own, so that it holds up none of the few threads
  /// Swift's tasks share (two on a two-core machine).
  static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await PostgresTestDatabase.onThread(body)
  }

  /// Waits until `condition` holds, asking every 20 ms, for at most `limit`: a test that waits
  /// for the server to reach a state fails when it never does, instead of hanging the suite.
  static func waitUntil(
    _ what: String, limit: Duration = .seconds(60), _ condition: () throws -> Bool
  ) async throws {
    let end = ContinuousClock.now + limit
    while try !condition() {
      guard ContinuousClock.now < end else { throw StateNeverReached(what: what, limit: limit) }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The server never reached the state a test waited for.
  struct StateNeverReached: Error, CustomStringConvertible {
    var what: String
    var limit: Duration
    var description: String { "Waited \(limit) for \(what), in vain." }
  }

  /// ``withFreshDatabase(_:)`` for an async `body`.
  static func withFreshDatabase<T>(_ body: (PostgresURL) async throws -> T) async throws -> T {
    let base = try baseURL()
    let fresh = try PostgresTestDatabase.create(on: base)
    defer { PostgresTestDatabase.drop(fresh, on: base) }
    return try await body(fresh)
  }
}

/// Fails in CI when the server is missing, instead of letting its tests be skipped.
@Suite struct PostgresTestServerTests {
  @Test func theServerIsGivenInCI() {
    #expect(
      PostgresTestServer.url != nil || !PostgresTestServer.isCI,
      "CI=true and \(PostgresTestServer.variable) is not set: .ci/run starts the server")
  }
}
