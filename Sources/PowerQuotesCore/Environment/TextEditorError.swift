import Foundation

/// Why the text editor gave nothing back.
public enum TextEditorError: LocalizedError, Equatable, Sendable {
  /// The editor could not be run, or exited with this status (127: not found).
  case failed(String, status: Int32)
  /// The file for the editor could not be made in this folder.
  case fileUnwritable(folder: String)
  /// The editor exited cleanly, but the file it was given is no longer there.
  case fileGone(String, path: String)
  /// The editor left a folder (or another thing that is not a file) where the file was.
  case notAFile(String, path: String, isFolder: Bool)
  /// The file could not be read.
  case unreadable(path: String)
  /// The file holds more than `limit` bytes; it was kept, unread.
  case tooLarge(path: String, limit: Int)
  /// The file is not UTF-8 text; it was kept, unused.
  case notUTF8(path: String)

  public var errorDescription: String? {
    func shown(_ text: String) -> String { UntrustedText.sanitized(text) }
    return switch self {
    case .failed(let command, 127):
      "The editor '\(shown(command))' was not found; set VISUAL or EDITOR to "
        + "an installed editor. Nothing changed."
    case .failed(let command, let status):
      "The editor '\(shown(command))' exited with status \(status); nothing changed."
    case .fileUnwritable(let folder):
      "Could not write the form for the editor in \(shown(folder)); make that folder "
        + "writable, or set XDG_DATA_HOME to another; nothing changed."
    case .fileGone(let command, let path):
      "The editor '\(shown(command))' exited without the form \(shown(path)) (it was deleted or "
        + "moved), so there was nothing to read; nothing changed."
    case .notAFile(let command, let path, true):
      "The editor '\(shown(command))' left a folder where the form \(shown(path)) was, so there "
        + "was nothing to read; nothing changed, and the folder was left there."
    case .notAFile(let command, let path, false):
      "The editor '\(shown(command))' left something that is not a file where the form "
        + "\(shown(path)) was, so there was nothing to read; nothing changed."
    case .unreadable(let path):
      "Could not read the edited form \(shown(path)); nothing changed, and the file was kept."
    case .tooLarge(let path, let limit):
      "The edited form \(shown(path)) holds more than the \(limit / 1024) KiB a form can "
        + "(a quote, author and note at their longest), so it was not read; nothing changed, "
        + "and the file was kept."
    case .notUTF8(let path):
      "The edited form \(shown(path)) is not UTF-8 text (have the editor save UTF-8), so it "
        + "was not used; nothing changed, and the file was kept."
    }
  }
}
