import Foundation
import PowerQuotesCore

/// The settings a run works with: the global options over the process environment, each
/// variable read and each URL parsed once.
///
/// A shell line's own options go over the shell's settings with ``overridden(by:environment:)``:
/// what the line says wins, and what it does not say stays as the shell had it.
struct RunSettings: Sendable {
  /// The store: an SQLite file's path or a `postgres://` URL (see `LazyDatabase.opening`).
  var databaseLocation: String
  /// DummyJSON's base URL, or why the setting cannot be used (told when DummyJSON is asked).
  var apiURL: Result<URL, ConfigurationError>
  /// ZenQuotes' base URL, or why the setting cannot be used (told when ZenQuotes is asked).
  var zenQuotesURL: Result<URL, ConfigurationError>
  /// Seconds to wait for a server.
  var timeoutSeconds: Double
  /// Seconds `random` waits for a quote service before it shows an offline quote.
  ///
  /// `--timeout`, else `$POWERQUOTES_RANDOM_TIMEOUT`, else 2; or why the variable cannot be
  /// used (told when a service is asked). A quote in a shell's start-up file never holds the
  /// shell up long.
  var randomTimeoutSeconds: Result<Double, ConfigurationError>
  /// Whether the network clients wait ``randomTimeoutSeconds`` rather than ``timeoutSeconds``.
  var waitsBriefly = false
  /// When to colour output.
  var color: ColorMode

  /// The settings the environment gives, where no option says otherwise.
  init(environment: [String: String]) {
    databaseLocation = DatabaseLocation.resolve(option: nil, environment: environment)
    apiURL = Self.variable("POWERQUOTES_API_URL", environment, default: QuoteClient.defaultBaseURL)
    zenQuotesURL = Self.variable(
      "POWERQUOTES_ZENQUOTES_URL", environment, default: ZenQuotesClient.defaultBaseURL)
    timeoutSeconds = GlobalOptions.defaultTimeout
    randomTimeoutSeconds = Self.seconds(
      RunSettings.randomTimeoutVariable, environment, default: GlobalOptions.defaultRandomTimeout)
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
      settings.databaseLocation = DatabaseLocation.resolve(
        option: database, environment: environment)
    }
    if let apiURL = line.apiURL { settings.apiURL = apiURL }
    if let zenQuotesURL = line.zenQuotesURL { settings.zenQuotesURL = zenQuotesURL }
    if let timeout = line.timeout {
      settings.timeoutSeconds = timeout
      settings.randomTimeoutSeconds = .success(timeout)
    }
    if let color = line.color { settings.color = color }
    return settings
  }

  /// The variable that sets ``randomTimeoutSeconds``.
  static let randomTimeoutVariable = "POWERQUOTES_RANDOM_TIMEOUT"

  /// These settings for a command that waits only briefly for a quote service (`random`).
  func waitingBriefly() -> RunSettings {
    var settings = self
    settings.waitsBriefly = true
    return settings
  }

  /// Seconds the network clients wait: ``randomTimeoutSeconds`` when ``waitsBriefly``.
  var serviceTimeout: Result<Double, ConfigurationError> {
    waitsBriefly ? randomTimeoutSeconds : .success(timeoutSeconds)
  }

  /// The seconds in `name`, as `--timeout` takes them, or `defaultSeconds` when it is unset or
  /// empty.
  private static func seconds(
    _ name: String, _ environment: [String: String], default defaultSeconds: Double
  ) -> Result<Double, ConfigurationError> {
    guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty
    else { return .success(defaultSeconds) }
    guard let seconds = Double(value), GlobalOptions.timeoutRange.contains(seconds) else {
      return .failure(
        .invalidSeconds(variable: name, value: UntrustedText.sanitized(value)))
    }
    return .success(seconds)
  }

  /// The URL in `name`, or `defaultURL` when it is unset or empty.
  private static func variable(
    _ name: String, _ environment: [String: String], default defaultURL: URL
  ) -> Result<URL, ConfigurationError> {
    guard let value = environment[name], !value.isEmpty else { return .success(defaultURL) }
    return ServiceURL.parse(value, from: name, example: defaultURL)
  }
}
