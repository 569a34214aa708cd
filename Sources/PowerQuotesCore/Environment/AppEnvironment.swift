import Foundation

/// Everything a command touches outside itself.
///
/// The quote service, the database, the console, the clock, randomness and the terminal.
/// Commands and the REPL get it injected, so tests run them against a temporary database,
/// a stub client and captured output.
public struct AppEnvironment: Sendable {
  /// The DummyJSON client.
  public var quoteClient: QuoteClient
  /// The database, opened the first time a command asks for it.
  public var database: LazyDatabase
  /// Standard output and standard error.
  public var console: Console
  /// Lines typed by the user (confirmations).
  public var input: InputSource
  /// The current time.
  public var now: @Sendable () -> Date
  /// A uniform random index below its argument.
  public var randomIndex: @Sendable (Int) -> Int
  /// What kind of terminal the output goes to.
  public var terminal: TerminalInfo
  /// Waits, as when a server asks for patience; tests make it return at once.
  public var sleep: @Sendable (Duration) async throws -> Void

  /// Makes an environment from its parts.
  public init(
    quoteClient: QuoteClient,
    database: LazyDatabase,
    console: Console,
    input: InputSource,
    now: @escaping @Sendable () -> Date,
    randomIndex: @escaping @Sendable (Int) -> Int,
    terminal: TerminalInfo,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.quoteClient = quoteClient
    self.database = database
    self.console = console
    self.input = input
    self.now = now
    self.randomIndex = randomIndex
    self.terminal = terminal
    self.sleep = sleep
  }

  /// A quote controller over this environment.
  public func quoteController() throws -> QuoteController {
    QuoteController(
      database: try database.get(),
      client: quoteClient,
      now: now,
      randomIndex: randomIndex
    )
  }

  /// A catalogue controller over this environment.
  public func catalogueController() throws -> CatalogueController {
    CatalogueController(database: try database.get(), client: quoteClient, now: now, sleep: sleep)
  }

  /// A favorites controller over this environment.
  public func favoritesController() throws -> FavoritesController {
    FavoritesController(database: try database.get(), client: quoteClient, now: now)
  }
}
