import ArgumentParser
import Foundation
import PowerQuotesCore

/// Tab completion from the library, for the bash, zsh and fish scripts ArgumentParser
/// generates: they call the binary back (`powerquotes ---completion ...`) for these.
///
/// A completion call reads only: the SQLite library the line names (`--database`, else as
/// every command finds it) is opened read-only, never created, and any error is an empty
/// answer, so nothing is ever printed into the shell but candidates. A PostgreSQL library is not
/// asked (a server may keep a shell waiting).
enum LibraryCompletion {
  /// At most this many favorite ids are offered: more digits narrow them.
  static let maxIDs = 500

  /// The library's tags, most used first.
  static let tags = CompletionKind.custom { words, _, _ in
    (try? library(words)?.tagCounts().map(\.tag.name)) ?? []
  }

  /// The authors of the favorites, cleaned for the terminal.
  static let authors = CompletionKind.custom { words, _, _ in
    guard let library = library(words),
      let authors = try? FavoritesController(
        database: library, client: .failing, now: { Date() }
      ).authors()
    else { return [] }
    return authors
  }

  /// The ids of the favorites that start with the word typed; where the shell shows
  /// descriptions (zsh, fish), with the start of their quote.
  static let favoriteIDs = CompletionKind.custom { words, _, prefix in
    guard let library = library(words),
      let favorites = try? library.favoriteIDs(startingWith: prefix, limit: maxIDs)
    else { return [] }
    let shell = CompletionShell.requesting
    return favorites.map { favorite in
      let start = UntrustedText.sanitized(favorite.quote)
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      switch shell {
      case .zsh: return "\(favorite.id):\(start)"
      case .fish: return "\(favorite.id)\t\(start)"
      default: return "\(favorite.id)"
      }
    }
  }

  /// The SQLite library `words` (the line being completed) name, opened read-only; nil when
  /// there is none or it is not SQLite.
  private static func library(_ words: [String]) -> QuoteDatabase? {
    let environment = ProcessInfo.processInfo.environment
    var option: String?
    for (index, word) in words.enumerated() {
      if word == "--database", index + 1 < words.count {
        option = words[index + 1]
      } else if word.hasPrefix("--database=") {
        option = String(word.dropFirst("--database=".count))
      }
    }
    let location = DatabaseLocation.resolve(option: option, environment: environment)
    guard !PostgresURL.isPostgresURL(location) else { return nil }
    return try? QuoteDatabase.openForReading(path: location)
  }
}
