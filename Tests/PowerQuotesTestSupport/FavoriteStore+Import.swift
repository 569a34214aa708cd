import Foundation
import PowerQuotesCore

extension FavoriteStore {
  /// ``FavoriteStore/importFavorites(count:at:dryRun:feed:)`` of a list of quotes, for tests.
  public func importFavorites(
    _ quotes: [ImportedQuote],
    at date: Date,
    dryRun: Bool
  ) throws -> (added: Int, alreadyFavorites: Int) {
    try importFavorites(count: quotes.count, at: date, dryRun: dryRun) { insert in
      for quote in quotes { insert(quote) }
    }
  }
}
