import ArgumentParser
import Foundation
import PowerQuotesCore

/// Where the data and the quote service are, shared by every command.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The SQLite database file (default: $POWERQUOTES_DATABASE, else "
        + "$XDG_DATA_HOME/powerquotes/powerquotes.sqlite).",
      valueName: "path"
    )
  )
  var database: String?

  @Option(
    name: .customLong("api-url"),
    help: ArgumentHelp(
      "The DummyJSON server (default: $POWERQUOTES_API_URL, else https://dummyjson.com).",
      valueName: "url"
    )
  )
  var apiURL: String?

  @Option(
    name: .customLong("zenquotes-url"),
    help: ArgumentHelp(
      "The ZenQuotes server (default: $POWERQUOTES_ZENQUOTES_URL, else https://zenquotes.io).",
      valueName: "url"
    )
  )
  var zenQuotesURL: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to wait for a server, from 0.1 to 300; fractions count (default: 10).",
      valueName: "seconds"
    )
  )
  var timeout: Double?

  /// Seconds to wait for a server when `--timeout` is not given.
  static let defaultTimeout: Double = 10

  /// `--timeout`, or the default.
  var timeoutSeconds: Double { timeout ?? Self.defaultTimeout }

  @Option(name: .long, help: "When to use colour: auto, always or never.")
  var color: ColorMode = .auto

  func validate() throws {
    if let timeout, !(0.1...300).contains(timeout) {
      throw ValidationError(
        "--timeout must be a number of seconds from 0.1 to 300, not \(Seconds.text(timeout)).")
    }
    if database?.isEmpty == true {
      throw ValidationError("--database needs a path.")
    }
    // The flags are checked here; $POWERQUOTES_API_URL and $POWERQUOTES_ZENQUOTES_URL only when
    // a command asks that service, so a bad value there does not stop the other commands.
    do {
      if apiURL != nil { _ = try resolvedAPIURL(environment: [:]) }
      if zenQuotesURL != nil { _ = try resolvedZenQuotesURL(environment: [:]) }
    } catch {
      throw ValidationError(error.localizedDescription)
    }
  }

  /// The DummyJSON base URL from `--api-url`, `$POWERQUOTES_API_URL` or the default.
  func resolvedAPIURL(environment: [String: String]) throws -> URL {
    try Self.resolveURL(
      option: apiURL,
      name: "--api-url",
      variable: "POWERQUOTES_API_URL",
      environment: environment,
      default: QuoteClient.defaultBaseURL
    )
  }

  /// The ZenQuotes base URL from `--zenquotes-url`, `$POWERQUOTES_ZENQUOTES_URL` or the default.
  func resolvedZenQuotesURL(environment: [String: String]) throws -> URL {
    try Self.resolveURL(
      option: zenQuotesURL,
      name: "--zenquotes-url",
      variable: "POWERQUOTES_ZENQUOTES_URL",
      environment: environment,
      default: ZenQuotesClient.defaultBaseURL
    )
  }

  private static func resolveURL(
    option: String?,
    name: String,
    variable: String,
    environment: [String: String],
    default defaultURL: URL
  ) throws -> URL {
    if let option {
      return try parseAPIURL(option, from: name, example: defaultURL)
    }
    if let value = environment[variable], !value.isEmpty {
      return try parseAPIURL(value, from: variable, example: defaultURL)
    }
    return defaultURL
  }

  private static func parseAPIURL(_ text: String, from origin: String, example: URL) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host(), !host.isEmpty,
      url.port.map({ (1...65535).contains($0) }) ?? true
    else {
      throw ConfigurationError.invalidURL(
        origin: origin,
        value: UntrustedText.sanitized(text),
        example: example.absoluteString
      )
    }
    return url
  }
}

/// A setting that cannot be used; a usage error (exit 64), found when the setting is needed.
enum ConfigurationError: LocalizedError, Equatable {
  /// A service's URL setting is not an http(s) URL with a host and a valid port.
  case invalidURL(origin: String, value: String, example: String)

  var errorDescription: String? {
    switch self {
    case .invalidURL(let origin, let value, let example):
      "\(origin) must be an http or https URL such as \(example), not '\(value)'."
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
struct FormatOptions: ParsableArguments {
  @Option(name: .long, help: "Output format: text or json.")
  var format: OutputFormat = .text
}

extension ShareStyle: ExpressibleByArgument {}
