import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file written a piece at a time, opened the way a shell's `>` opens it.
///
/// The path is opened with `O_WRONLY | O_CREAT | O_TRUNC`: a symbolic link is followed, a FIFO
/// or a device is written to, an existing file keeps its mode and owner, and a new file gets
/// mode 0644 (less the umask). Nothing is renamed, so nothing is replaced. Writes are buffered,
/// so a long export is a few large writes.
public final class OutputFile {
  /// The path, as given.
  public let path: String
  private var fd: Int32
  private var buffer: [UInt8] = []
  private let limit = 1 << 16

  /// Opens `path` for writing, emptying it.
  ///
  /// - Parameters:
  ///   - path: the file to write.
  ///   - protectedPath: a file that must not be overwritten, such as the database; a `path`
  ///     that names the same file (through a link, say) is refused before it is opened.
  /// - Throws: ``OutputFileError``.
  public init(path: String, protecting protectedPath: String? = nil) throws {
    self.path = path
    if let protectedPath, Self.sameFile(path, protectedPath) {
      throw OutputFileError.isTheDatabase(path: path)
    }
    fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw OutputFileError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
  }

  deinit {
    if fd >= 0 { Glibc.close(fd) }
  }

  /// Adds `text` as UTF-8, writing once a buffer's worth has gathered.
  public func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= limit { try flush() }
  }

  /// Writes what is buffered and closes the file.
  public func close() throws {
    try flush()
    let result = Glibc.close(fd)
    fd = -1
    // NFS and some file systems report a failed write only at close.
    if result != 0 && errno != EINTR {
      throw OutputFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
  }

  private func flush() throws {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes in
        Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
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
  /// Writing failed part way; the file is incomplete.
  case cannotWrite(path: String, reason: String)
  /// The path names the database itself.
  case isTheDatabase(path: String)

  public var errorDescription: String? {
    switch self {
    case .cannotOpen(let path, let reason):
      "Could not write \(TerminalText.sanitized(path)): \(reason). Choose another file with "
        + "--output."
    case .cannotWrite(let path, let reason):
      "Could not finish writing \(TerminalText.sanitized(path)): \(reason); the file is "
        + "incomplete."
    case .isTheDatabase(let path):
      "\(TerminalText.sanitized(path)) is the favorites database; writing there would destroy "
        + "it. Choose another file with --output."
    }
  }
}
