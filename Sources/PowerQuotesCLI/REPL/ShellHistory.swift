import CReadline
import Foundation
import PowerQuotesCore

/// The shell's history file: `$XDG_STATE_HOME/powerquotes/history`, else
/// `~/.local/state/powerquotes/history`, mode 0600, at most ``limit`` lines, without blank lines
/// or a line repeating the one before it.
struct ShellHistory: Sendable {
  /// The most lines kept.
  static let limit: Int32 = 1000

  /// The file's path.
  var path: String

  /// The history file for this environment.
  static func location(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/powerquotes/history"
    }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? FileManager.default.homeDirectoryForCurrentUser.path
    return home + "/.local/state/powerquotes/history"
  }

  /// Reads the saved history into readline.
  func load() {
    pq_stifle_history(Self.limit)
    _ = pq_read_history(path)
  }

  /// Adds `line` to readline's history and appends it to the file.
  func add(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace) else { return }
    if let last = pq_history_get(pq_history_base() + pq_history_length() - 1),
      String(cString: last.pointee.line) == line
    {
      return
    }
    pq_add_history(line)
    save()
  }

  /// Writes the history file, private to the user, capped at ``limit`` lines.
  func save() {
    try? FileManager.default.createDirectory(
      atPath: PathName.folder(of: path),
      withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700]
    )
    // Create it private before readline writes to it; then keep it so.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
    _ = pq_write_history(path)
    _ = pq_history_truncate_file(path, Self.limit)
    chmod(path, 0o600)
  }
}
