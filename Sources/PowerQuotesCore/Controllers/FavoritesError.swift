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
  /// The work's title is longer than ``QuoteText/maxWorkLength``.
  case workTooLong
  /// A listing wrote every favorite but these, whose `saved_at` the store holds as no time the
  /// library keeps (see ``Favorite/savedAt``).
  case unreadableSavedTimes(ids: [Int64])

  /// The error for a quote ``QuoteText`` keeps out.
  public init(_ problem: QuoteText.Problem) {
    switch problem {
    case .emptyText: self = .emptyText
    case .emptyAuthor: self = .emptyAuthor
    case .textTooLong: self = .textTooLong
    case .authorTooLong: self = .authorTooLong
    case .workTooLong: self = .workTooLong
    }
  }

  /// The problem of the text this error is about, or nil when it is not about text.
  public var problem: QuoteText.Problem? {
    switch self {
    case .emptyText: .emptyText
    case .emptyAuthor: .emptyAuthor
    case .textTooLong: .textTooLong
    case .authorTooLong: .authorTooLong
    case .workTooLong: .workTooLong
    case .notFound, .nothingShownYet, .nothingToShareYet, .unreadableSavedTimes: nil
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
    case .workTooLong:
      "The work's title is longer than \(QuoteText.maxWorkLength) characters, more than "
        + "powerquotes keeps. Shorten it."
    case .unreadableSavedTimes(let ids):
      Self.unreadableSavedTimes(ids)
    }
  }

  /// The sentence for ``unreadableSavedTimes(ids:)``: the ids (the first ten, and how many
  /// more), and what to do.
  private static func unreadableSavedTimes(_ ids: [Int64]) -> String {
    let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
    let command = "fav rm " + ids.prefix(10).map(String.init).joined(separator: " ")
    let more = ids.count > 10 ? " and \(ids.count - 10) more" : ""
    let (which, its, it) =
      ids.count == 1
      ? ("Favorite \(shown) was", "its", "it")
      : ("Favorites \(shown)\(more) were", "their", "them")
    return "\(which) left out, the others written: the database holds no time powerquotes can "
      + "read in \(its) saved_at (UTC from 0000-01-01 to 9999-12-31, as 2026-01-15 "
      + "08:00:00.000). Correct \(it) in the database, or remove \(it) with '\(command)'."
  }
}
