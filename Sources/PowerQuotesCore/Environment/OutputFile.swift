import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file written a piece at a time, opened the way a shell's `>` opens it, but never left
/// half-written.
///
/// The path is followed as `>` follows it: through a symbolic link, into a FIFO or a device
/// (`/dev/stdout`, a process substitution), which are written to directly. A regular file, or a
/// new one, is replaced whole when ``close()`` succeeds: the text goes to a temporary file beside
/// it, which takes the old file's mode (a new file gets 0666 less the umask, as with `>`) and is
/// renamed over it. A failure part way, or a write never closed, leaves the old file as it was.
/// Writes are buffered, so a long export is a few large writes.
public final class OutputFile {
  /// The path, as given.
  public let path: String
  private var fd: Int32
  private var buffer: [UInt8] = []
  private let limit = 1 << 16
  /// For a regular file: the temporary file being written, and the file it will replace.
  private var replacement: (temporary: String, target: String)?

  /// Opens `path` for writing.
  ///
  /// - Parameters:
  ///   - path: the file to write.
  ///   - protectedPath: a database that must not be overwritten: a `path` that names it, or
  ///     one of the files SQLite keeps beside it (`-wal`, `-shm`, `-journal`), whether it
  ///     exists yet or not and through a link or not, is refused before it is opened.
  /// - Throws: ``OutputFileError``.
  public init(path: String, protecting protectedPath: String? = nil) throws {
    self.path = path
    guard !path.isEmpty else {
      throw OutputFileError.cannotOpen(path: path, reason: "no file name was given")
    }
    if let protectedPath, Self.belongsToDatabase(path, protectedPath) {
      throw OutputFileError.isTheDatabase(path: path)
    }
    var info = stat()
    let exists = stat(path, &info) == 0
    let type = info.st_mode & S_IFMT
    if exists && type == S_IFDIR {
      throw OutputFileError.cannotOpen(path: path, reason: "it is a folder")
    }
    if !exists && PathName.namesFolder(path) {
      throw OutputFileError.cannotOpen(path: path, reason: "it names a folder, not a file")
    }
    if exists && type != S_IFREG {
      fd = Glibc.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard fd >= 0 else { throw Self.openError(path) }
      return
    }
    let target = exists ? (Self.realPath(path) ?? path) : path
    let mode = exists ? info.st_mode & 0o7777 : 0o666 & ~Self.currentUmask()
    var template = Array((PathName.folder(of: target) + "/.powerquotes-XXXXXX").utf8CString)
    fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { throw Self.openError(path) }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
      as: UTF8.self
    )
    replacement = (temporary, target)
    guard fchmod(fd, mode) == 0 else { throw Self.openError(path) }
  }

  /// Whether the file is a terminal (`/dev/tty`, or `/dev/stdout` on one).
  public var isTerminal: Bool { isatty(fd) == 1 }

  deinit {
    if fd >= 0 { Glibc.close(fd) }
    // Never closed: the old file stays as it was.
    if let replacement { unlink(replacement.temporary) }
  }

  /// Adds `text` as UTF-8, writing once a buffer's worth has gathered.
  public func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= limit { try flush() }
  }

  /// Adds `bytes`, writing once a buffer's worth has gathered.
  public func write(_ bytes: [UInt8]) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { try flush() }
  }

  /// Writes what is buffered, closes the file and, for a regular file, puts it in place.
  public func close() throws {
    try flush()
    if replacement != nil && fsync(fd) != 0 { throw writeError() }
    let result = Glibc.close(fd)
    fd = -1
    // NFS and some file systems report a failed write only at close.
    if result != 0 && errno != EINTR { throw writeError() }
    if let replacement {
      guard rename(replacement.temporary, replacement.target) == 0 else { throw writeError() }
      self.replacement = nil
    }
  }

  /// Writes `text` to `path` whole: ``init(path:protecting:)``, ``write(_:)``, ``close()``.
  public static func write(_ text: String, toPath path: String) throws {
    let file = try OutputFile(path: path)
    try file.write(text)
    try file.close()
  }

  private func writeError() -> OutputFileError {
    let reason = String(cString: strerror(errno))
    return replacement == nil
      ? .cannotWrite(path: path, reason: reason) : .notReplaced(path: path, reason: reason)
  }

  private static func openError(_ path: String) -> OutputFileError {
    .cannotOpen(path: path, reason: String(cString: strerror(errno)))
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  private func flush() throws {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes in
        Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw writeError()
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Whether `path` is the database at `database` or one of SQLite's files beside it.
  ///
  /// A log written over, or deleted by SQLite after a file of that name appeared, can lose
  /// committed favorites while another process has the database open.
  private static func belongsToDatabase(_ path: String, _ database: String) -> Bool {
    let files = ["", "-wal", "-shm", "-journal"].map { database + $0 }
    if files.contains(where: { sameFile(path, $0) }) { return true }
    // A file that does not exist yet: compare where the two names lead.
    guard let target = canonicalName(path) else { return false }
    return files.contains { canonicalName($0) == target }
  }

  /// `path` with its folder resolved (links, `..`), whether or not the file itself exists.
  private static func canonicalName(_ path: String) -> String? {
    guard let resolved = realPath(PathName.folder(of: path)) else { return nil }
    return (resolved == "/" ? "" : resolved) + "/" + PathName.name(of: path)
  }

  /// Whether two paths name one existing file (same device and inode).
  private static func sameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }
}

/// Why an output file could not be written.
public enum OutputFileError: LocalizedError, Equatable, Sendable {
  /// The file could not be opened or created; nothing was written.
  case cannotOpen(path: String, reason: String)
  /// Writing into a device or FIFO failed part way; what was written stays written.
  case cannotWrite(path: String, reason: String)
  /// Writing a regular file failed; the old file, if any, was left as it was.
  case notReplaced(path: String, reason: String)
  /// The path names the database itself.
  case isTheDatabase(path: String)

  public var errorDescription: String? {
    switch self {
    case .cannotOpen(let path, let reason):
      "Could not write \(UntrustedText.sanitized(path)): \(reason). Choose another file."
    case .cannotWrite(let path, let reason):
      "Could not finish writing \(UntrustedText.sanitized(path)): \(reason); what it received "
        + "is incomplete."
    case .notReplaced(let path, let reason):
      "Could not write \(UntrustedText.sanitized(path)): \(reason); it was left as it was."
    case .isTheDatabase(let path):
      "\(UntrustedText.sanitized(path)) is the favorites database or one of its files; writing "
        + "there would destroy it. Choose another file."
    }
  }
}
