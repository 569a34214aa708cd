import Foundation
import PowerQuotesCore
import Testing

/// A way to make an empty store, for the tests every ``QuoteStore`` must pass.
///
/// SQLite always; PostgreSQL too when `POWERQUOTES_TEST_POSTGRES_URL` names a server
/// (`Scripts/postgres-test-server.sh start`), each store in a database of its own. With `CI=true`
/// PostgreSQL is always among them: without its server each of its tests fails with
/// ``PostgresTestDatabase/NoServer``'s sentence, so the parity suite cannot pass untried.
public struct StoreFactory: Sendable, CustomTestStringConvertible {
  /// What the tests call it.
  public var name: String
  /// Makes a new, empty store.
  public var make: @Sendable () throws -> any QuoteStore

  /// A factory named `name` that makes stores with `make`.
  public init(name: String, make: @escaping @Sendable () throws -> any QuoteStore) {
    self.name = name
    self.make = make
  }

  public var testDescription: String { name }

  /// ``make`` on a thread of its own, for async tests: making a PostgreSQL database blocks for
  /// a while, and Swift's tasks share as few threads as there are cores, which an in-process
  /// HTTP server of another test needs too.
  public func makeOffPool() async throws -> any QuoteStore {
    try await PostgresTestDatabase.onThread(make)
  }

  /// A private SQLite database in memory.
  public static let sqlite = StoreFactory(name: "SQLite") { try QuoteDatabase.inMemory() }

  /// A new database on the test server, dropped when the store is released.
  public static let postgres = StoreFactory(name: "PostgreSQL") {
    let base = try PostgresTestDatabase.serverURL()
    let url = try PostgresTestDatabase.create(on: base)
    return try PostgresStore.open(url: url, timeout: 30) {
      PostgresTestDatabase.drop(url, on: base)
    }
  }

  /// A new library of this factory's kind that several connections can share, as several
  /// processes do: the first connection, and what opens another one to the same library.
  ///
  /// SQLite's is a file in `folder` (a database in memory is private to its connection);
  /// PostgreSQL's is a new database on the test server, dropped when the first is released.
  public func makeShared(
    in folder: TemporaryFolder
  ) throws -> (first: any QuoteStore, connect: @Sendable () throws -> any QuoteStore) {
    let store = try make()
    if let postgres = store as? PostgresStore {
      let url = postgres.url
      return (postgres, { try PostgresStore.open(url: url, timeout: 30) })
    }
    let path = folder.file("powerquotes.sqlite")
    return (try QuoteDatabase.open(path: path), { try QuoteDatabase.open(path: path) })
  }

  /// Every store the store tests run against: the parity suite.
  public static let all: [StoreFactory] =
    [.sqlite] + (PostgresTestDatabase.shouldRun ? [.postgres] : [])

  /// The names of ``all``, for tests that open a store their own way.
  public static let allNames: [String] = all.map(\.name)
}
