import ArgumentParser
import Foundation
import PowerQuotesCore

/// Where the data and the quote service are, shared by every command.
@DirectlyParsedGroup
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The SQLite database file, or a PostgreSQL database as postgres://USER@HOST:PORT/NAME "
        + "(default: $POWERQUOTES_DATABASE, else $XDG_DATA_HOME/powerquotes/powerquotes.sqlite).",
      valueName: "path-or-url"
    ),
    completion: .file()
  )
  var database: String?

  @Option(
    name: .customLong("api-url"),
    help: ArgumentHelp(
      "The DummyJSON server (default: $POWERQUOTES_API_URL, else https://dummyjson.com).",
      valueName: "url"
    ),
    transform: apiURL(_:)
  )
  var apiURL: Result<URL, ConfigurationError>?

  @Option(
    name: .customLong("zenquotes-url"),
    help: ArgumentHelp(
      "The ZenQuotes server (default: $POWERQUOTES_ZENQUOTES_URL, else https://zenquotes.io).",
      valueName: "url"
    ),
    transform: zenQuotesURL(_:)
  )
  var zenQuotesURL: Result<URL, ConfigurationError>?

  // Unconditional, so that `--timeout -1` is a value out of range rather than an unknown option.
  @Option(
    name: .long,
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds to wait for a server, from 0.1 to 300; fractions count (default: 10; for "
        + "random, $POWERQUOTES_RANDOM_TIMEOUT, else 2).",
      valueName: "seconds"
    )
  )
  var timeout: Double?

  /// `--api-url`'s value as a URL, or why it is not one.
  static func apiURL(_ text: String) -> Result<URL, ConfigurationError> {
    ServiceURL.parse(text, from: "--api-url", example: QuoteClient.defaultBaseURL)
  }

  /// `--zenquotes-url`'s value as a URL, or why it is not one.
  static func zenQuotesURL(_ text: String) -> Result<URL, ConfigurationError> {
    ServiceURL.parse(text, from: "--zenquotes-url", example: ZenQuotesClient.defaultBaseURL)
  }

  /// Seconds to wait for a server when `--timeout` is not given.
  static let defaultTimeout: Double = 10

  /// Seconds `random` waits for a quote service when neither `--timeout` nor
  /// `$POWERQUOTES_RANDOM_TIMEOUT` says: a quote at login never holds up the shell.
  static let defaultRandomTimeout: Double = 2

  /// The seconds `--timeout` and `$POWERQUOTES_RANDOM_TIMEOUT` accept.
  static let timeoutRange: ClosedRange<Double> = 0.1...300

  @Option(name: .long, help: "When to use colour: auto, always or never (default: auto).")
  var color: ColorMode?

  func validate() throws {
    // A usage error its command found while running, thrown where ArgumentParser shows it with
    // the command's usage (see RunTimeUsageError).
    if let pending = RunTimeUsageError.pending { throw pending }
    if let timeout, !Self.timeoutRange.contains(timeout) {
      throw ValidationError(
        "--timeout must be a number of seconds from 0.1 to 300, not \(Seconds.text(timeout)).")
    }
    if database?.isEmpty == true {
      throw ValidationError("--database needs a path or a postgres:// URL.")
    }
    // A URL's mistakes are found before anything runs; the sentence never quotes the password.
    if let database, PostgresURL.isPostgresURL(database) {
      do {
        _ = try PostgresURL(parsing: database)
      } catch {
        throw ValidationError(error.localizedDescription)
      }
    }
    // The flags are checked here; $POWERQUOTES_API_URL and $POWERQUOTES_ZENQUOTES_URL only when
    // a command asks that service, so a bad value there does not stop the other commands.
    for case .failure(let error) in [apiURL, zenQuotesURL] {
      throw ValidationError(error.localizedDescription)
    }
  }
}

extension GlobalOptions {
  /// How each command's options show them: left out of its help (the root's lists them once,
  /// see ``summary(columns:)``), but named in the completion scripts.
  ///
  /// ArgumentParser leaves hidden options out of the bash, zsh and fish scripts too, so
  /// `powerquotes random --data<Tab>` would complete nothing; while it writes one, they are shown.
  static var visibility: ArgumentVisibility {
    CommandLine.arguments.dropFirst().first?.hasPrefix("--generate-completion-script") == true
      ? .default : .hidden
  }

  /// The words after `help` that show ``summary(columns:)``.
  static let helpTopic = "options"

  /// The options every command takes, listed once, as help lists options: in the root's help
  /// and for `powerquotes help options`; each command's own help leaves them out.
  static func summary(columns: Int? = nil) -> String {
    // ArgumentParser's help of the group alone: its usage, then OPTIONS, ending with --help.
    let help = helpMessage(columns: columns)
    let options =
      help.range(of: "OPTIONS:\n").map { help[$0.upperBound...] } ?? Substring(help)
    let lines = options.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.hasPrefix("  -h, --help") }
    return summaryHeading + "\n" + lines.joined(separator: "\n")
  }

  /// The first line of ``summary(columns:)``.
  static let summaryHeading =
    "GLOBAL OPTIONS (after any command; 'powerquotes help options' lists them):"

  /// Whether the root's help shows ``summaryHeading`` alone, for a start that may show no help
  /// (see `PowerQuotesCommand.configuration`).
  @TaskLocal static var summaryIsDeferred = false
}

/// A service's base URL, as a flag or a variable gives it.
enum ServiceURL {
  /// `text` as an http(s) URL with a host and a valid port, or why it is not one.
  static func parse(_ text: String, from origin: String, example: URL)
    -> Result<URL, ConfigurationError>
  {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host(), !host.isEmpty,
      url.port.map({ (1...65535).contains($0) }) ?? true
    else {
      return .failure(
        .invalidURL(
          origin: origin,
          value: ShownURL.text(text),
          example: example.absoluteString
        ))
    }
    return .success(url)
  }
}

/// A setting that cannot be used; a usage error (exit 64), found when the setting is needed.
enum ConfigurationError: LocalizedError, Equatable {
  /// A service's URL setting is not an http(s) URL with a host and a valid port.
  case invalidURL(origin: String, value: String, example: String)
  /// `$POWERQUOTES_SOURCE` names no source; `value` is made safe for a terminal already.
  case invalidSource(variable: String, value: String)
  /// `$POWERQUOTES_RANDOM_TIMEOUT` is not seconds from 0.1 to 300; `value` is made safe for a
  /// terminal already.
  case invalidSeconds(variable: String, value: String)

  var errorDescription: String? {
    switch self {
    case .invalidURL(let origin, let value, let example):
      "\(origin) must be an http or https URL such as \(example), not '\(value)'."
    case .invalidSource(let variable, let value):
      "\(variable) must be dummyjson, zenquotes or offline, not '\(value)'. "
        + "Fix it or unset it, or give --source."
    case .invalidSeconds(let variable, let value):
      "\(variable) must be a number of seconds from 0.1 to 300, not '\(value)'. "
        + "Fix it or unset it, or give --timeout."
    }
  }
}

extension ColorMode: ExpressibleByArgument {}

/// `--format`: text for people, JSON for programs.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case text
  case json
}

/// The `--format` option of commands that print data.
@DirectlyParsedGroup
struct FormatOptions: ParsableArguments {
  @Option(name: .long, help: "Output format: text or json.")
  var format: OutputFormat = .text
}

extension ShareStyle: ExpressibleByArgument {}
