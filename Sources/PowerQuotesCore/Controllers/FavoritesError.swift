import Foundation

/// Why a favorites request could not be done.
///
/// Each case reads as one sentence.
public enum FavoritesError: LocalizedError, Equatable, Sendable {
  /// No favorite has this id.
  case notFound(id: Int64)
  /// `fav add` with nothing shown yet.
  case nothingShownYet
  /// `share` with nothing shown yet.
  case nothingToShareYet
  /// The quote text is empty or only white space.
  case emptyText
  /// The author is empty or only white space.
  case emptyAuthor
  /// The quote is longer than ``QuoteText/maxTextLength``.
  case textTooLong
  /// The author is longer than ``QuoteText/maxAuthorLength``.
  case authorTooLong

  /// The error for a quote ``QuoteText`` keeps out.
  public init(_ problem: QuoteText.Problem) {
    switch problem {
    case .emptyText: self = .emptyText
    case .emptyAuthor: self = .emptyAuthor
    case .textTooLong: self = .textTooLong
    case .authorTooLong: self = .authorTooLong
    }
  }

  /// The problem of the text this error is about, or nil when it is not about text.
  public var problem: QuoteText.Problem? {
    switch self {
    case .emptyText: .emptyText
    case .emptyAuthor: .emptyAuthor
    case .textTooLong: .textTooLong
    case .authorTooLong: .authorTooLong
    case .notFound, .nothingShownYet, .nothingToShareYet: nil
    }
  }

  public var errorDescription: String? {
    switch self {
    case .notFound(let id):
      "No favorite with id \(id). \(CommandHint.run("fav list")) to see ids."
    case .nothingShownYet:
      "No quote to save yet. \(CommandHint.run("random")) first."
    case .nothingToShareYet:
      "No quote to share yet. \(CommandHint.run("random")) first."
    case .emptyText:
      "The quote is empty. Give its words, as in: powerquotes fav add \"Know thyself.\" "
        + "--author Socrates"
    case .emptyAuthor:
      "The author is empty. Give a name with --author NAME."
    case .textTooLong:
      "The quote is longer than \(QuoteText.maxTextLength) characters, more than "
        + "powerquotes keeps. Shorten it."
    case .authorTooLong:
      "The author is longer than \(QuoteText.maxAuthorLength) characters, more than "
        + "powerquotes keeps. Shorten it."
    }
  }
}
