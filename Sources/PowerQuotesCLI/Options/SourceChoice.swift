import ArgumentParser
import PowerQuotesCore

/// `--source`: where `random` gets its quote.
enum SourceChoice: String, CaseIterable, ExpressibleByArgument {
  /// DummyJSON, falling back to saved quotes.
  case dummyjson
  /// ZenQuotes, falling back to saved quotes.
  case zenquotes
  /// Saved and built-in quotes only, as with `--offline`.
  case offline

  /// The environment variable that sets the default.
  static let variable = "POWERQUOTES_SOURCE"

  /// The default source: `$POWERQUOTES_SOURCE` when set and not empty, else DummyJSON.
  ///
  /// Case and surrounding spaces are forgiven; any other value is a usage error.
  static func resolveDefault(environment: [String: String]) throws -> SourceChoice {
    guard let value = environment[variable]?.trimmingCharacters(in: .whitespaces),
      !value.isEmpty
    else { return .dummyjson }
    guard let choice = SourceChoice(rawValue: value.lowercased()) else {
      throw ConfigurationError.invalidSource(
        variable: variable, value: UntrustedText.sanitized(value))
    }
    return choice
  }
}
