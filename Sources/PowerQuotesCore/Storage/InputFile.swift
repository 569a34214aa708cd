#if canImport(Glibc)
import Glibc
#endif

/// Reads a file that a command was given, a chunk at a time, up to a size limit.
public enum InputFile {
  /// A reader of the file at `path` (a regular file, a FIFO or a device alike; `-` is standard
  /// input, as for most Unix tools) a chunk at a time; it holds the file open until it is gone.
  ///
  /// - Throws: ``ImportError/cannotRead(path:reason:)`` when it cannot be opened; reading throws
  ///   that when it cannot be read, and ``ImportError/tooLarge(origin:limit:)`` once it has given
  ///   more than `limit` bytes.
  static func reader(
    path: String, limit: Int, chunkSize: Int = ByteReader.defaultChunkSize
  ) throws -> ByteReader {
    let file = try OpenFile(path: path)
    return ByteReader(
      origin: path, limit: limit, chunkSize: chunkSize, sizeHint: file.size,
      file: file.size != nil && path != "-" ? path : nil
    ) { buffer in
      try file.read(into: buffer)
    }
  }

  /// A file open for reading, closed when this is gone.
  private final class OpenFile {
    let path: String
    let fd: Int32
    /// The size of a regular file; nil for anything else.
    let size: Int?

    init(path: String) throws {
      self.path = path
      // A duplicate of standard input, so that closing it leaves standard input open.
      fd = path == "-" ? dup(STDIN_FILENO) : Glibc.open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw ImportError.cannotRead(path: path, reason: InputFile.reason(errno))
      }
      var status = stat()
      guard fstat(fd, &status) == 0 else {
        size = nil
        return
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        Glibc.close(fd)
        throw ImportError.cannotRead(path: path, reason: "it is a folder")
      }
      size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
      // Read once, front to back: the kernel may read ahead further and drop pages sooner.
      if size != nil { _ = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) }
    }

    deinit { Glibc.close(fd) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      while true {
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if count >= 0 { return count }
        if errno != EINTR {
          throw ImportError.cannotRead(path: path, reason: InputFile.reason(errno))
        }
      }
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
