import Foundation

/// The user's text editor, as `git commit` finds it: `$VISUAL`, else `$EDITOR`, else `vi`.
///
/// The command is run by `/bin/sh`, so it may carry its own arguments (`code --wait`), on a
/// file only this user can read, in powerquotes' data folder (as git keeps `COMMIT_EDITMSG` in
/// `.git`), so that a form that cannot be saved is kept where no reboot wipes it.
public struct TextEditor: Sendable {
  /// The shell command that opens the editor.
  public var command: String
  /// The folder the file to edit is made in (and kept in, see ``EditedFile``).
  public var folder: String

  /// The editor the environment names, on files in the data folder it names
  /// (``DatabaseLocation/dataFolder(environment:)``).
  public init(environment: [String: String]) {
    let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
      .first { !$0.allSatisfy(\.isWhitespace) }
    command = named ?? "vi"
    folder = DatabaseLocation.dataFolder(environment: environment)
  }

  /// Opens `text` in the editor, in a new file named after `name`, and returns what was saved
  /// once it exits, up to `limit` bytes.
  ///
  /// The file stays until ``EditedFile/discard()``: the caller keeps it when what was typed
  /// cannot be saved. When the editor fails it is removed (nothing was typed that counts), and
  /// when it holds more than `limit` bytes, or is not UTF-8, it is kept and not used.
  ///
  /// - Throws: ``TextEditorError``.
  public func edit(_ text: String, name: String, limit: Int) throws -> EditedFile {
    let path = try makeFile(text, name: name)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " \"$@\"", "sh", path]
    do {
      try process.run()
    } catch {
      unlink(path)
      throw TextEditorError.failed(command, status: 127)
    }
    // As git does: while the editor runs, Ctrl-C and Ctrl-\ are the editor's (vi's Ctrl-C
    // leaves insert mode). The terminal sends them to this process too, which would otherwise
    // die (one command) or cancel the edit (the shell), losing what the editor then saves.
    let interrupts = IgnoredSignals([SIGINT, SIGQUIT])
    process.waitUntilExit()
    interrupts.restore()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      unlink(path)
      throw TextEditorError.failed(command, status: process.terminationStatus)
    }
    return EditedFile(text: try read(path, limit: limit), path: path)
  }

  /// Writes `text` to a new file of this user's alone in ``folder``, making the folder when it
  /// is not there; returns its path.
  private func makeFile(_ text: String, name: String) throws -> String {
    let manager = FileManager.default
    do {
      try manager.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw TextEditorError.fileUnwritable(folder: folder)
    }
    let unique = UUID().uuidString.prefix(8).lowercased()
    let path = folder + "/\(name)-\(unique).txt"
    guard
      manager.createFile(
        atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw TextEditorError.fileUnwritable(folder: folder) }
    return path
  }

  /// The text of the file at `path` as the editor left it, reading no more than `limit` bytes.
  private func read(_ path: String, limit: Int) throws -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw TextEditorError.fileGone(command, path: path)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw TextEditorError.notAFile(
        command, path: path, isFolder: info.st_mode & S_IFMT == S_IFDIR)
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw TextEditorError.unreadable(path: path)
    }
    defer { try? handle.close() }
    // One byte past the limit tells a file at the limit from a longer one, whatever its size
    // says (it may still be growing).
    let data: Data
    do {
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw TextEditorError.unreadable(path: path)
    }
    if data.count > limit { throw TextEditorError.tooLarge(path: path, limit: limit) }
    // Not decoded with replacement characters: an editor saving another encoding would
    // otherwise turn each letter outside ASCII into U+FFFD, unsaid.
    guard let text = String(validatingUTF8: [UInt8](data)) else {
      throw TextEditorError.notUTF8(path: path)
    }
    return text
  }
}

/// What an editor saved, and the file it is in, which stays until it is discarded.
public struct EditedFile: Sendable, Equatable {
  /// The text the editor saved.
  public var text: String
  /// The file it is in.
  public var path: String

  /// Makes one.
  public init(text: String, path: String) {
    self.text = text
    self.path = path
  }

  /// Removes the file: what it holds was used, or is not worth keeping. (Only a file: never
  /// a folder an editor may have left in its place.)
  public func discard() {
    unlink(path)
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
