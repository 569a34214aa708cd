import Foundation
import PowerQuotesCore

extension AppEnvironment {
  /// The real world: DummyJSON over the network, the database file, the process's terminal.
  static func live(_ options: GlobalOptions) throws -> AppEnvironment {
    let environment = ProcessInfo.processInfo.environment
    let path = DatabaseLocation.resolve(option: options.database, environment: environment)
    return AppEnvironment(
      quoteClient: .live(
        baseURL: try options.resolvedAPIURL(environment: environment),
        timeoutSeconds: options.timeout
      ),
      database: LazyDatabase { try QuoteDatabase.open(path: path) },
      console: .live,
      input: .live,
      now: { Date() },
      randomIndex: { Int.random(in: 0..<max(1, $0)) },
      terminal: .live(color: options.color, environment: environment),
      downloadClient: .live(timeoutSeconds: options.timeout)
    )
  }

  /// This environment with the settings `options` gives explicitly: a line in the shell may
  /// name another database, server, timeout or colour mode for itself.
  func adjusted(for options: GlobalOptions) throws -> AppEnvironment {
    var adjusted = self
    let environment = ProcessInfo.processInfo.environment
    if options.apiURL != nil || options.timeout != GlobalOptions.defaultTimeout {
      adjusted.quoteClient = .live(
        baseURL: try options.resolvedAPIURL(environment: environment),
        timeoutSeconds: options.timeout
      )
      adjusted.downloadClient = .live(timeoutSeconds: options.timeout)
    }
    if let path = options.database {
      let path = DatabaseLocation.resolve(option: path, environment: environment)
      adjusted.database = LazyDatabase { try QuoteDatabase.open(path: path) }
    }
    if options.color != .auto {
      adjusted.terminal.usesColor = options.color == .always
    }
    return adjusted
  }
}
