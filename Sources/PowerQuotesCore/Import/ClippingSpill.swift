#if canImport(Glibc)
import Glibc
#endif

/// Bytes set aside out of memory while a file is read, and read back where they were written:
/// the highlights of a `My Clippings.txt`, which cannot be saved until the whole file is read
/// (a later entry may replace one, or be a note typed at it).
///
/// The first ``memoryLimit`` bytes stay in memory; past them, what is written goes to a
/// temporary file in `TMPDIR` (else `/tmp`) that is unlinked as soon as it is made, so no other
/// program sees it and nothing is left behind, however the import ends. When no such file can
/// be made or written, the bytes stay in memory.
final class ClippingSpill {
  /// How many bytes are kept in memory before a temporary file is made, and how many are
  /// written to it at a time.
  static let memoryLimit = 256 << 10
  /// How many bytes are read back at a time.
  static let readSize = 64 << 10

  /// The temporary file, or -1: none yet, or none to be had.
  private var file: Int32 = -1
  /// False once a temporary file could not be made or written: all stays in memory.
  private var fileUsable = true
  /// How many bytes are in the file: the first ones written.
  private var written = 0
  /// The bytes written after those in the file.
  private var pending: [UInt8] = []
  /// Bytes of the file read back last, and where they start in it.
  private var window: [UInt8] = []
  private var windowStart = 0

  /// How many bytes were written in all.
  var count: Int { written + pending.count }

  deinit {
    if file >= 0 { close(file) }
  }

  /// Appends `bytes`.
  func append(_ bytes: [UInt8]) {
    pending.append(contentsOf: bytes)
    if pending.count >= Self.memoryLimit, fileUsable { flush() }
  }

  /// The `count` bytes written from `offset`.
  ///
  /// - Throws: ``ImportError/cannotRead(path:reason:)`` when the temporary file cannot be read
  ///   back.
  func bytes(at offset: Int, count: Int) throws -> ArraySlice<UInt8> {
    precondition(offset >= 0 && count >= 0 && offset + count <= self.count)
    if offset >= written { return pending[(offset - written)..<(offset - written + count)] }
    if offset >= windowStart, offset + count <= windowStart + window.count {
      return window[(offset - windowStart)..<(offset - windowStart + count)]
    }
    // What lies in the file, read from `offset` on; what lies past it is in `pending`.
    let fromFile = min(written - offset, max(count, Self.readSize))
    window = [UInt8](repeating: 0, count: fromFile)
    windowStart = offset
    var done = 0
    while done < fromFile {
      let got = window.withUnsafeMutableBytes { buffer in
        pread(file, buffer.baseAddress.map { $0 + done }, fromFile - done, off_t(offset + done))
      }
      if got > 0 {
        done += got
      } else if got < 0 && errno == EINTR {
        continue
      } else {
        let reason = got < 0 ? String(cString: strerror(errno)) : "it ended early"
        window = []
        throw ImportError.cannotRead(path: Self.folder + "/powerquotes-spill", reason: reason)
      }
    }
    if count > fromFile { window += pending[0..<(count - fromFile)] }
    return window[0..<count]
  }

  /// Writes `pending` to the file, making it first; on any failure, keeps it in memory from
  /// now on.
  private func flush() {
    if file < 0 {
      var template = Array((Self.folder + "/powerquotes-XXXXXX").utf8CString)
      file = template.withUnsafeMutableBufferPointer { $0.baseAddress.map(mkstemp) ?? -1 }
      guard file >= 0 else {
        fileUsable = false
        return
      }
      _ = unlink(template)
    }
    var done = 0
    while done < pending.count {
      let count = pending.withUnsafeBytes { buffer in
        pwrite(
          file, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(written + done))
      }
      if count > 0 {
        done += count
      } else if !(count < 0 && errno == EINTR) {
        fileUsable = false
        break
      }
    }
    written += done
    if done == pending.count {
      pending.removeAll(keepingCapacity: true)
    } else {
      pending.removeFirst(done)
    }
  }

  /// Where temporary files go: `TMPDIR`, else `/tmp`.
  private static var folder: String {
    if let folder = getenv("TMPDIR").map({ String(cString: $0) }), !folder.isEmpty {
      return folder
    }
    return "/tmp"
  }
}
