import Foundation

/// The user's text editor, as `git commit` finds it: `$VISUAL`, else `$EDITOR`, else `vi`.
///
/// The command is run by `/bin/sh`, so it may carry its own arguments (`code --wait`), on a
/// temporary file only this user can read.
public struct TextEditor: Sendable {
  /// The shell command that opens the editor.
  public var command: String

  /// The editor the environment names.
  public init(environment: [String: String]) {
    let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
      .first { !$0.allSatisfy(\.isWhitespace) }
    command = named ?? "vi"
  }

  /// Opens `text` in the editor and returns what was saved, once it exits.
  ///
  /// - Throws: ``TextEditorError/failed(_:status:)`` when the editor could not be started or
  ///   did not exit cleanly; the temporary file is removed either way.
  public func edit(_ text: String, fileName: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.path
    let path = folder + "/powerquotes-\(UUID().uuidString)-" + fileName
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw TextEditorError.fileUnwritable(folder: folder) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " \"$@\"", "sh", path]
    do {
      try process.run()
    } catch {
      throw TextEditorError.failed(command, status: 127)
    }
    // As git does: while the editor runs, Ctrl-C and Ctrl-\ are the editor's (vi's Ctrl-C
    // leaves insert mode). The terminal sends them to this process too, which would otherwise
    // die (one command) or cancel the edit (the shell), losing what the editor then saves.
    let interrupts = IgnoredSignals([SIGINT, SIGQUIT])
    process.waitUntilExit()
    interrupts.restore()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw TextEditorError.failed(command, status: process.terminationStatus)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TextEditorError.failed(command, status: 0)
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Signals ignored until ``restore()`` puts back what each did before (a handler, such as the
/// shell's for Ctrl-C, or the default).
private struct IgnoredSignals {
  private var saved: [(signal: Int32, action: sigaction)] = []

  init(_ signals: [Int32]) {
    for signal in signals {
      var ignore = sigaction()
      ignore.__sigaction_handler.sa_handler = SIG_IGN
      var previous = sigaction()
      if sigaction(signal, &ignore, &previous) == 0 { saved.append((signal, previous)) }
    }
  }

  func restore() {
    for (signal, action) in saved {
      var action = action
      sigaction(signal, &action, nil)
    }
  }
}
