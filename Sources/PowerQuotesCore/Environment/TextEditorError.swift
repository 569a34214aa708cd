import Foundation

/// Why the text editor gave nothing back.
public enum TextEditorError: LocalizedError, Equatable, Sendable {
  /// The editor could not be run, or exited with this status (127: not found).
  case failed(String, status: Int32)
  /// The temporary file for the editor could not be made in this folder.
  case fileUnwritable(folder: String)

  public var errorDescription: String? {
    switch self {
    case .failed(let command, 127):
      "The editor '\(UntrustedText.sanitized(command))' was not found; set VISUAL or EDITOR to "
        + "an installed editor. Nothing changed."
    case .failed(let command, let status):
      "The editor '\(UntrustedText.sanitized(command))' exited with status \(status); "
        + "nothing changed."
    case .fileUnwritable(let folder):
      "Could not write the form for the editor in \(UntrustedText.sanitized(folder)); "
        + "nothing changed."
    }
  }
}
