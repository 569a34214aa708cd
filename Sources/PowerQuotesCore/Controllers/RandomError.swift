import Foundation

/// Why `random` has no quote to show: nothing it may draw from fits the filters asked.
///
/// Each case reads as one sentence that says what was asked and what to try.
public enum RandomError: LocalizedError, Equatable, Sendable {
  /// `random --favorites` with no favorites at all.
  case noFavorites
  /// No favorite passes the filter.
  case noFavoriteMatches(FavoriteFilter)
  /// No quote of this length in the offline pool and the built-in set (`--offline`, or after
  /// the service failed or sent none of this length).
  case noQuoteFits(QuoteLength)
  /// `--online`: the service sent no quote of this length in `tries` tries.
  case serviceSentNone(QuoteLength, service: QuoteService, tries: Int)
}

extension RandomError {
  public var errorDescription: String? {
    switch self {
    case .noFavorites:
      "No favorites to draw from yet. \(CommandHint.run("random")), then "
        + "\(CommandHint.quoted("fav add")) to save a quote."
    case .noFavoriteMatches(let filter):
      "No favorite \(Self.phrase(for: filter)). \(CommandHint.run("fav list")) to see them all."
    case .noQuoteFits(let length):
      "No saved or built-in quote is \(length.phrase). "
        + (length == .long
          ? "\(CommandHint.run("sync")) to save more quotes, or leave out --long."
          : "Try a larger --max-length, or leave out the length.")
    case .serviceSentNone(let length, let service, let tries):
      "\(service.name) sent no quote that is \(length.phrase) in \(tries) tries. "
        + "Try again, or leave out --online to fall back to offline quotes."
    }
  }

  /// The filter in words: "by an author matching 'rumi' with the tag 'stoic' that is short
  /// (at most 160 characters)".
  static func phrase(for filter: FavoriteFilter) -> String {
    var parts: [String] = []
    if let author = filter.author {
      parts.append("has an author matching '\(UntrustedText.sanitized(author))'")
    }
    if let tag = filter.tag {
      parts.append("has the tag '\(tag.name)'")
    }
    if let work = filter.work {
      parts.append("is from a work matching '\(UntrustedText.sanitized(work))'")
    }
    if let length = filter.length {
      parts.append("is \(length.phrase)")
    }
    switch parts.count {
    case 0: return "matches"
    case 1: return parts[0]
    default: return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }
  }
}
