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
    name: .long,
    help: ArgumentHelp("Seconds to wait for DummyJSON, a whole number from 1 to 300.")
  )
  var timeout: Int = Self.defaultTimeout

  /// Seconds to wait for DummyJSON when `--timeout` is not given.
  static let defaultTimeout = 10

  @Option(name: .long, help: "When to use colour: auto, always or never.")
  var color: ColorMode = .auto

  func validate() throws {
    guard (1...300).contains(timeout) else {
      throw ValidationError(
        "--timeout must be a whole number of seconds from 1 to 300, not \(timeout).")
    }
    if database?.isEmpty == true {
      throw ValidationError("--database needs a path.")
    }
    // The flag is checked here; $POWERQUOTES_API_URL only when a command asks DummyJSON, so a
    // bad value there does not stop commands that never use the network.
    if let apiURL {
      do {
        _ = try Self.parseAPIURL(apiURL, from: "--api-url")
      } catch {
        throw ValidationError(error.localizedDescription)
      }
    }
  }

  /// The DummyJSON base URL from `--api-url`, `$POWERQUOTES_API_URL` or the default.
  func resolvedAPIURL(environment: [String: String]) throws -> URL {
    if let apiURL {
      return try Self.parseAPIURL(apiURL, from: "--api-url")
    }
    if let value = environment["POWERQUOTES_API_URL"], !value.isEmpty {
      return try Self.parseAPIURL(value, from: "POWERQUOTES_API_URL")
    }
    return QuoteClient.defaultBaseURL
  }

  private static func parseAPIURL(_ text: String, from origin: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host(), !host.isEmpty,
      url.port.map({ (1...65535).contains($0) }) ?? true
    else {
      throw ConfigurationError.invalidURL(origin: origin, value: TerminalText.sanitized(text))
    }
    return url
  }
}

/// A setting that cannot be used; a usage error (exit 64), found when the setting is needed.
enum ConfigurationError: LocalizedError, Equatable {
  /// `--api-url` or `$POWERQUOTES_API_URL` is not an http(s) URL with a host and a valid port.
  case invalidURL(origin: String, value: String)

  var errorDescription: String? {
    switch self {
    case .invalidURL(let origin, let value):
      "\(origin) must be an http or https URL such as https://dummyjson.com, not '\(value)'."
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
