import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file that a command was given, up to a size limit.
public enum InputFile {
  /// The bytes of the file at `path` (a regular file, a FIFO or a device alike); `-` is
  /// standard input, as for most Unix tools.
  ///
  /// - Throws: ``ImportError/cannotRead(path:reason:)`` when it cannot be opened or read, and
  ///   ``ImportError/tooLarge(origin:limit:)`` when it holds more than `limit` bytes.
  public static func read(path: String, limit: Int) throws -> Data {
    Data(try bytes(path: path, limit: limit))
  }

  /// ``read(path:limit:)`` as an array of bytes, read straight into one buffer the size of a
  /// regular file, so a 13 MB import is 13 MB in memory, not the 13 MB, the larger buffers it
  /// grew through and a copy.
  public static func bytes(path: String, limit: Int) throws -> [UInt8] {
    // A duplicate of standard input, so that closing it below leaves standard input open.
    let fd = path == "-" ? dup(STDIN_FILENO) : Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ImportError.cannotRead(path: path, reason: reason(errno)) }
    defer { Glibc.close(fd) }
    var status = stat()
    if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw ImportError.cannotRead(path: path, reason: "it is a folder")
    }
    var data: [UInt8] = []
    if status.st_mode & S_IFMT == S_IFREG {
      // One byte more than the file, so that reading its end needs no larger buffer.
      data.reserveCapacity(min(Int(status.st_size), limit) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ImportError.cannotRead(path: path, reason: reason(errno))
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[..<count])
      if data.count > limit { throw ImportError.tooLarge(origin: path, limit: limit) }
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
