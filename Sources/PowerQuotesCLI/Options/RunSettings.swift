import Foundation
import PowerQuotesCore

/// The settings a run works with: the global options over the process environment, each
/// variable read and each URL parsed once.
///
/// A shell line's own options go over the shell's settings with ``overridden(by:environment:)``:
/// what the line says wins, and what it does not say stays as the shell had it.
struct RunSettings: Sendable {
  /// The database file.
  var databasePath: String
  /// DummyJSON's base URL, or why the setting cannot be used (told when DummyJSON is asked).
  var apiURL: Result<URL, ConfigurationError>
  /// ZenQuotes' base URL, or why the setting cannot be used (told when ZenQuotes is asked).
  var zenQuotesURL: Result<URL, ConfigurationError>
  /// Seconds to wait for a server.
  var timeoutSeconds: Double
  /// When to colour output.
  var color: ColorMode

  /// The settings the environment gives, where no option says otherwise.
  init(environment: [String: String]) {
    databasePath = DatabaseLocation.resolve(option: nil, environment: environment)
    apiURL = Self.variable("POWERQUOTES_API_URL", environment, default: QuoteClient.defaultBaseURL)
    zenQuotesURL = Self.variable(
      "POWERQUOTES_ZENQUOTES_URL", environment, default: ZenQuotesClient.defaultBaseURL)
    timeoutSeconds = GlobalOptions.defaultTimeout
    color = .auto
  }

  /// The settings `options` give, with `environment` filling in what they do not say.
  init(_ options: GlobalOptions, environment: [String: String]) {
    self = RunSettings(environment: environment).overridden(by: options, environment: environment)
  }

  /// These settings with what `line` gives explicitly put over them.
  func overridden(by line: GlobalOptions, environment: [String: String]) -> RunSettings {
    var settings = self
    if let database = line.database {
      settings.databasePath = DatabaseLocation.resolve(option: database, environment: environment)
    }
    if let apiURL = line.apiURL { settings.apiURL = apiURL }
    if let zenQuotesURL = line.zenQuotesURL { settings.zenQuotesURL = zenQuotesURL }
    if let timeout = line.timeout { settings.timeoutSeconds = timeout }
    if let color = line.color { settings.color = color }
    return settings
  }

  /// The URL in `name`, or `defaultURL` when it is unset or empty.
  private static func variable(
    _ name: String, _ environment: [String: String], default defaultURL: URL
  ) -> Result<URL, ConfigurationError> {
    guard let value = environment[name], !value.isEmpty else { return .success(defaultURL) }
    return ServiceURL.parse(value, from: name, example: defaultURL)
  }
}
