import Foundation
import PowerQuotesCore

extension AppEnvironment {
  /// The real world: DummyJSON and ZenQuotes over the network, the database file, the
  /// process's clock, time zone and terminal.
  static func live(_ options: GlobalOptions) throws -> AppEnvironment {
    let environment = ProcessInfo.processInfo.environment
    let path = DatabaseLocation.resolve(option: options.database, environment: environment)
    let client: QuoteClient
    do {
      client = .live(
        baseURL: try options.resolvedAPIURL(environment: environment),
        timeoutSeconds: options.timeoutSeconds
      )
    } catch {
      // A bad $POWERQUOTES_API_URL matters only to commands that ask DummyJSON.
      client = QuoteClient(
        random: { throw error },
        quote: { _ in throw error },
        page: { _, _ in throw error }
      )
    }
    let zenQuotesClient: ZenQuotesClient
    do {
      zenQuotesClient = .live(
        baseURL: try options.resolvedZenQuotesURL(environment: environment),
        timeoutSeconds: options.timeoutSeconds
      )
    } catch {
      zenQuotesClient = ZenQuotesClient(random: { throw error })
    }
    return AppEnvironment(
      quoteClient: client,
      zenQuotesClient: zenQuotesClient,
      database: openLazily(path: path),
      console: .live,
      input: .live,
      now: { Date() },
      localTime: .system,
      randomIndex: { Int.random(in: 0..<max(1, $0)) },
      terminal: .live(color: options.color, environment: environment),
      clipboard: .live(environment: environment),
      downloadClient: .live(timeoutSeconds: options.timeoutSeconds),
      environment: environment
    )
  }

  /// This environment with the settings `options` gives explicitly: a line in the shell may
  /// name another database, server, timeout or colour mode for itself.
  ///
  /// The once-notes stay shared, so ZenQuotes' attribution is printed once per session.
  ///
  /// What the line does not say comes from `base`, the shell's own options: a line with
  /// `--timeout 5` still asks the server the shell was started with.
  func adjusted(for line: GlobalOptions, over base: GlobalOptions? = nil) throws
    -> AppEnvironment
  {
    var options = line
    if let base {
      options.apiURL = line.apiURL ?? base.apiURL
      options.zenQuotesURL = line.zenQuotesURL ?? base.zenQuotesURL
      options.timeout = line.timeout ?? base.timeout
    }
    var adjusted = self
    let environment = ProcessInfo.processInfo.environment
    if line.apiURL != nil || line.timeout != nil {
      adjusted.quoteClient = .live(
        baseURL: try options.resolvedAPIURL(environment: environment),
        timeoutSeconds: options.timeoutSeconds
      )
      adjusted.downloadClient = .live(timeoutSeconds: options.timeoutSeconds)
    }
    if line.zenQuotesURL != nil || line.timeout != nil {
      adjusted.zenQuotesClient = .live(
        baseURL: try options.resolvedZenQuotesURL(environment: environment),
        timeoutSeconds: options.timeoutSeconds
      )
    }
    if let path = options.database {
      let path = DatabaseLocation.resolve(option: path, environment: environment)
      adjusted.database = Self.openLazily(path: path)
    }
    if options.color != .auto {
      adjusted.terminal.usesColor = options.color == .always
    }
    return adjusted
  }

  /// The database at `path`, opened on first use.
  ///
  /// A wait of more than a few seconds for another process's lock is said on standard error when
  /// a person watches it.
  private static func openLazily(path: String) -> LazyDatabase {
    LazyDatabase {
      try QuoteDatabase.open(path: path) {
        if isatty(STDERR_FILENO) == 1 {
          Console.live.note(
            "Waiting for the database: another process is writing to it (a large import?).")
        }
      }
    }
  }
}
