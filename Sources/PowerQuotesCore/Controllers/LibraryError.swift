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
  /// The note is longer than ``LibraryController/maxNoteLength``.
  case noteTooLong
  /// The edited form lost the line that starts this section (`[quote]`, `[author]`, `[note]`).
  case formSectionMissing(String)
  /// The editor could not be run, or exited with this status (127: not found).
  case editorFailed(String, status: Int32)
  /// The temporary file for the editor could not be made in this folder.
  case editorFileUnwritable(folder: String)

  public var errorDescription: String? {
    switch self {
    case .notInTrash(let id):
      "No favorite with id \(id) in the trash. Run 'powerquotes fav trash' to see its ids."
    case .alreadyFavorite:
      "Already a Favorite: This quote is already in your favorites."
    case .nothingToUndo:
      "Nothing to undo: no change to your favorites is recorded."
    case .noteTooLong:
      "The note is longer than \(LibraryController.maxNoteLength) characters, more than "
        + "powerquotes keeps. Shorten it."
    case .formSectionMissing(let section):
      "The edited form has no \(section) line, so it cannot be read; nothing changed."
    case .editorFailed(let command, 127):
      "The editor '\(TerminalText.sanitized(command))' was not found; set VISUAL or EDITOR to "
        + "an installed editor. Nothing changed."
    case .editorFailed(let command, let status):
      "The editor '\(TerminalText.sanitized(command))' exited with status \(status); "
        + "nothing changed."
    case .editorFileUnwritable(let folder):
      "Could not write the form for the editor in \(TerminalText.sanitized(folder)); "
        + "nothing changed."
    }
  }
}
