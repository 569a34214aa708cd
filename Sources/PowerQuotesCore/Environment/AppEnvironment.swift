import Foundation

/// Everything a command touches outside itself.
///
/// The quote services, the database, the console, the clock and time zone, randomness and the
/// terminal. Commands and the REPL get it injected, so tests run them against a temporary
/// database, stub clients and captured output.
public struct AppEnvironment: Sendable {
  /// The DummyJSON client.
  public var quoteClient: QuoteClient
  /// The ZenQuotes client.
  public var zenQuotesClient: ZenQuotesClient
  /// The database, opened the first time a command asks for it.
  public var database: LazyDatabase
  /// Standard output and standard error.
  public var console: Console
  /// Lines typed by the user (confirmations).
  public var input: InputSource
  /// The current time.
  public var now: @Sendable () -> Date
  /// The user's local time: it decides which local date "today" is, and how times are shown.
  public var localTime: LocalTime
  /// A uniform random index below its argument.
  public var randomIndex: @Sendable (Int) -> Int
  /// What kind of terminal the output goes to.
  public var terminal: TerminalInfo
  /// Waits, as when a server asks for patience; tests make it return at once.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// Notes printed once per run or shell session (ZenQuotes' attribution).
  public var onceNotes: OnceNotes
  /// The desktop clipboard, for `--copy`.
  public var clipboard: Clipboard
  /// Fetches files from the web for `fav import URL`.
  public var downloadClient: DownloadClient
  /// The process environment's variables, read once at start-up (tests give their own).
  public var environment: [String: String]

  /// Makes an environment from its parts.
  ///
  /// Without a ZenQuotes client, asking ZenQuotes fails as an unstubbed test dependency; the
  /// time zone defaults to the system's (`TZ`, else `/etc/localtime`).
  public init(
    quoteClient: QuoteClient,
    zenQuotesClient: ZenQuotesClient = .failing,
    database: LazyDatabase,
    console: Console,
    input: InputSource,
    now: @escaping @Sendable () -> Date,
    localTime: LocalTime = .system,
    randomIndex: @escaping @Sendable (Int) -> Int,
    terminal: TerminalInfo,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    onceNotes: OnceNotes = OnceNotes(),
    clipboard: Clipboard = .failing,
    downloadClient: DownloadClient = .failing,
    environment: [String: String] = [:]
  ) {
    self.quoteClient = quoteClient
    self.zenQuotesClient = zenQuotesClient
    self.database = database
    self.console = console
    self.input = input
    self.now = now
    self.localTime = localTime
    self.randomIndex = randomIndex
    self.terminal = terminal
    self.sleep = sleep
    self.onceNotes = onceNotes
    self.clipboard = clipboard
    self.downloadClient = downloadClient
    self.environment = environment
  }

  /// A quote controller over this environment.
  public func quoteController() throws -> QuoteController {
    QuoteController(
      database: try database.get(),
      client: quoteClient,
      zenQuotes: zenQuotesClient,
      now: now,
      localTime: localTime,
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

  /// An import and export controller over this environment.
  ///
  /// For a dry run when the library has no file yet (see ``LazyDatabase/fileToCreate``), over
  /// an empty library in memory: a dry run creates no file or folder.
  public func exchangeController(dryRun: Bool = false) throws -> ExchangeController {
    let store: any FavoriteStore =
      dryRun && database.fileToCreate != nil ? try QuoteDatabase.inMemory() : try database.get()
    return ExchangeController(
      database: store, downloadClient: downloadClient, now: now, localTime: localTime)
  }
}
