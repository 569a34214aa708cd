import Foundation
import PowerQuotesCore

extension AppEnvironment {
  /// The real world: DummyJSON and ZenQuotes over the network, the database file, the
  /// process's clock, time zone and terminal.
  ///
  /// The only place the process environment is read; everything after gets it injected.
  /// `waitingBriefly` for a command that waits only briefly for a quote service (`random`;
  /// see `RunSettings.randomTimeoutSeconds`).
  static func live(_ options: GlobalOptions, waitingBriefly: Bool = false) -> AppEnvironment {
    let environment = ProcessInfo.processInfo.environment
    var settings = RunSettings(options, environment: environment)
    if waitingBriefly { settings = settings.waitingBriefly() }
    return live(settings, environment: environment)
  }

  /// The real world as `settings` describe it.
  static func live(_ settings: RunSettings, environment: [String: String]) -> AppEnvironment {
    var env = AppEnvironment(
      quoteClient: .failing,
      database: openLazily(settings, environment: environment),
      console: .live,
      input: .live,
      now: { Date() },
      localTime: .system,
      randomIndex: { Int.random(in: 0..<max(1, $0)) },
      terminal: .live(color: settings.color, environment: environment),
      clipboard: .live(environment: environment),
      environment: environment
    )
    env.connect(settings)
    return env
  }

  /// This environment with the settings a shell line gives explicitly: a line may name another
  /// database, server, timeout or colour mode for itself.
  ///
  /// The once-notes stay shared, so ZenQuotes' attribution is printed once per session. What
  /// the line does not say comes from `base`, the shell's own settings: a line with
  /// `--timeout 5` still asks the server the shell was started with.
  /// `waitingBriefly` for a line whose command waits only briefly for a quote service.
  func adjusted(for line: GlobalOptions, over base: RunSettings, waitingBriefly: Bool = false)
    -> AppEnvironment
  {
    var settings = base.overridden(by: line, environment: environment)
    if waitingBriefly { settings = settings.waitingBriefly() }
    var adjusted = self
    if waitingBriefly || line.apiURL != nil || line.zenQuotesURL != nil || line.timeout != nil {
      adjusted.connect(settings)
    }
    if line.database != nil {
      adjusted.database = Self.openLazily(settings, environment: environment)
    }
    if line.color != nil {
      adjusted.terminal.usesColor = settings.color.allowsColor(
        outputIsTerminal: terminal.outputIsTerminal, environment: environment)
    }
    return adjusted
  }

  /// Points the network clients at the servers `settings` name, with their timeout.
  private mutating func connect(_ settings: RunSettings) {
    // Downloads (`fav import URL`) are never a quote service's brief wait.
    downloadClient = .live(timeoutSeconds: settings.timeoutSeconds)
    let timeout: Double
    switch settings.serviceTimeout {
    case .success(let seconds): timeout = seconds
    case .failure(let error):
      // A bad $POWERQUOTES_RANDOM_TIMEOUT matters only when `random` asks a service.
      quoteClient = QuoteClient(
        random: { throw error },
        quote: { _ in throw error },
        page: { _, _ in throw error }
      )
      zenQuotesClient = ZenQuotesClient(random: { throw error })
      return
    }
    switch settings.apiURL {
    case .success(let url):
      quoteClient = .live(baseURL: url, timeoutSeconds: timeout)
    case .failure(let error):
      // A bad $POWERQUOTES_API_URL matters only to commands that ask DummyJSON.
      quoteClient = QuoteClient(
        random: { throw error },
        quote: { _ in throw error },
        page: { _, _ in throw error }
      )
    }
    switch settings.zenQuotesURL {
    case .success(let url): zenQuotesClient = .live(baseURL: url, timeoutSeconds: timeout)
    case .failure(let error): zenQuotesClient = ZenQuotesClient(random: { throw error })
    }
  }

  /// The store `settings` name (an SQLite file or a PostgreSQL URL), opened on first use.
  ///
  /// A wait of more than a few seconds for another process's lock is said on standard error when
  /// a person watches it (on a terminal, or in the app's status line).
  private static func openLazily(
    _ settings: RunSettings, environment: [String: String]
  ) -> LazyDatabase {
    LazyDatabase.opening(
      settings.databaseLocation, timeout: settings.timeoutSeconds, environment: environment
    ) {
      if isatty(STDERR_FILENO) == 1 || StandardErrorCapture.isActive {
        Console.live.note(
          "Waiting for the database: another process is writing to it (a large import?).")
      }
    }
  }
}
