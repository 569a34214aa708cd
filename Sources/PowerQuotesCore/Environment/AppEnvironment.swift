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
  /// Fetches files from the web for `fav import URL`.
  public var downloadClient: DownloadClient

  /// Makes an environment from its parts.
  public init(
    quoteClient: QuoteClient,
    database: LazyDatabase,
    console: Console,
    input: InputSource,
    now: @escaping @Sendable () -> Date,
    randomIndex: @escaping @Sendable (Int) -> Int,
    terminal: TerminalInfo,
    downloadClient: DownloadClient = .failing
  ) {
    self.quoteClient = quoteClient
    self.database = database
    self.console = console
    self.input = input
    self.now = now
    self.randomIndex = randomIndex
    self.terminal = terminal
    self.downloadClient = downloadClient
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

  /// A favorites controller over this environment.
  public func favoritesController() throws -> FavoritesController {
    FavoritesController(database: try database.get(), client: quoteClient, now: now)
  }

  /// An import and export controller over this environment.
  public func exchangeController() throws -> ExchangeController {
    ExchangeController(database: try database.get(), downloadClient: downloadClient, now: now)
  }
}
