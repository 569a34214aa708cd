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

  public var errorDescription: String? {
    switch self {
    case .notFound(let id):
      "No favorite with id \(id). Run 'powerquotes fav list' to see ids."
    case .nothingShownYet:
      "No quote to save yet. Run 'powerquotes random' first."
    case .nothingToShareYet:
      "No quote to share yet. Run 'powerquotes random' first."
    case .emptyText:
      "The quote is empty. Give its words, as in: powerquotes fav add \"Know thyself.\" "
        + "--author Socrates"
    case .emptyAuthor:
      "The author is empty. Give a name with --author NAME."
    }
  }
}
