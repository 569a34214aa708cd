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
      terminal: .live(color: options.color, environment: environment)
    )
  }
}
