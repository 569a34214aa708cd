import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

/// What one command line did: its exit status and output, as a user would see them.
struct CommandOutcome: Sendable {
  var status: Int32
  var out: String
  var err: String
}

/// One library that several processes share: an SQLite file, or a database on the test server.
final class SharedLibrary: Sendable {
  /// `SQLite` or `PostgreSQL`.
  let name: String
  /// What `--database` takes: the file's path or the URL.
  let location: String
  private let openStore: @Sendable () throws -> any QuoteStore
  private let cleanUp: @Sendable () -> Void

  private init(
    name: String, location: String, open: @escaping @Sendable () throws -> any QuoteStore,
    cleanUp: @escaping @Sendable () -> Void
  ) {
    self.name = name
    self.location = location
    self.openStore = open
    self.cleanUp = cleanUp
  }

  /// A new connection to it, as another process would open.
  func open() throws -> any QuoteStore { try openStore() }

  /// Removes the file or drops the database.
  func remove() { cleanUp() }

  /// A new SQLite file in `folder`.
  static func sqlite(in folder: TemporaryFolder) -> SharedLibrary {
    let path = folder.file("library.sqlite")
    return SharedLibrary(
      name: "SQLite", location: path, open: { try QuoteDatabase.open(path: path) },
      cleanUp: {})
  }

  /// A new database on the test server (`POWERQUOTES_TEST_POSTGRES_URL`).
  static func postgres() throws -> SharedLibrary {
    let base = try PostgresTestDatabase.serverURL()
    let url = try PostgresTestDatabase.create(on: base)
    var text = "postgres://"
    if let user = base.user { text += user + (base.password.map { ":" + $0 } ?? "") + "@" }
    text += "\(base.host ?? "127.0.0.1"):\(base.port)/\(url.database ?? "")"
    return SharedLibrary(
      name: "PostgreSQL", location: text,
      open: { try PostgresStore.open(url: url, timeout: 30) },
      cleanUp: { PostgresTestDatabase.drop(url, on: base) })
  }
}

/// One of the "processes" that use the library at once: commands run in this test's process
/// on a store connection of their own, or the built binary run as a process of its own.
final class ModelProcess: Sendable {
  enum Kind: Sendable {
    case inProcess(any QuoteStore)
    case binary
  }

  let name: String
  let kind: Kind
  let library: SharedLibrary
  let home: String

  init(name: String, kind: Kind, library: SharedLibrary, home: String) {
    self.name = name
    self.kind = kind
    self.library = library
    self.home = home
  }

  /// Runs `fav ...` words (without `--database`) with `editor` as `$VISUAL`.
  func run(_ words: [String], editor: String? = nil) async throws -> CommandOutcome {
    switch kind {
    case .binary:
      let result = try await runBinary(
        words + ["--database", library.location], home: home,
        environment: editor.map { ["VISUAL": $0] } ?? [:])
      return CommandOutcome(status: result.status, out: result.out, err: result.err)
    case .inProcess(let database):
      let console = CapturedConsole()
      var env = AppEnvironment.test(
        database: database, console: console, now: { Date() })
      env.environment = editor.map { ["VISUAL": $0] } ?? [:]
      let status: Int32
      do {
        try await execute(words, env)
        status = 0
      } catch {
        status = UserFacingError.exitCode(for: error)
        if let message = UserFacingError.message(for: error) {
          console.console.err(message + "\n")
        }
      }
      return CommandOutcome(status: status, out: console.out, err: console.err)
    }
  }
}
