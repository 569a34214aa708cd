import Foundation

/// Why an edit, a restore or an undo could not be done.
///
/// Each case reads as one sentence.
public enum LibraryError: LocalizedError, Equatable, Sendable {
  /// No favorite in the trash has this id.
  case notInTrash(id: Int64)
  /// The edit or restore of favorite `id` would make it equal to another favorite.
  case alreadyFavorite(id: Int64)
  /// `fav undo` with no change left to undo.
  case nothingToUndo
  /// The note is longer than ``QuoteText/maxNoteLength``.
  case noteTooLong
  /// Another command changed favorite `id`'s words, author or note after the edit read them.
  case changedMeanwhile(id: Int64)

  public var errorDescription: String? {
    switch self {
    case .notInTrash(let id):
      "No favorite with id \(id) in the trash. Run 'powerquotes fav trash' to see its ids."
    case .alreadyFavorite:
      "Already a Favorite: This quote is already in your favorites."
    case .nothingToUndo:
      "Nothing to undo: no change to your favorites is recorded."
    case .noteTooLong:
      "The note is longer than \(QuoteText.maxNoteLength) characters, more than "
        + "powerquotes keeps. Shorten it."
    case .changedMeanwhile(let id):
      "Favorite \(id) was changed by another command while it was being edited, so the edit "
        + "was not saved; run 'powerquotes fav show \(id)' to see it now."
    }
  }
}
