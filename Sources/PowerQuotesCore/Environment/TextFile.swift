import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes text files the way a shell's `>` does, but never half-written.
///
/// The path is followed like `>` follows it: through symbolic links, into devices, FIFOs and
/// `/dev/stdout`. A regular file (or a new one) is replaced whole: the text goes to a temporary
/// file beside it, which takes the old file's mode and is renamed over it, so a reader sees the
/// old file or the new one and a full disk leaves the old file as it was.
public enum TextFile {
  /// Writes `text` as UTF-8 to `path`.
  public static func write(_ text: String, toPath path: String) throws {
    guard !path.isEmpty else {
      throw TextFileError.cannotWrite(path: path, reason: "no file name was given")
    }
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR {
        throw TextFileError.cannotWrite(path: path, reason: "it is a folder")
      }
      if (info.st_mode & S_IFMT) == S_IFREG {
        // Replace the file the path leads to, keeping its mode.
        let target = realPath(path) ?? path
        try replace(target, shownAs: path, with: text, mode: info.st_mode & 0o7777)
      } else {
        try writeThrough(path, text)
      }
    } else {
      let umask = currentUmask()
      try replace(path, shownAs: path, with: text, mode: 0o666 & ~umask)
    }
  }

  private static func replace(
    _ target: String,
    shownAs path: String,
    with text: String,
    mode: mode_t
  ) throws {
    let folder = (target as NSString).deletingLastPathComponent
    var template = Array(
      ((folder.isEmpty ? "." : folder) + "/.powerquotes-XXXXXX").utf8CString
    )
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw failure(path) }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
      as: UTF8.self
    )
    do {
      try writeAll(descriptor, text, path: path)
      guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw failure(path) }
      close(descriptor)
      guard rename(temporary, target) == 0 else { throw failure(path) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
  }

  private static func writeThrough(_ path: String, _ text: String) throws {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path) }
    defer { close(descriptor) }
    try writeAll(descriptor, text, path: path)
  }

  private static func writeAll(_ descriptor: Int32, _ text: String, path: String) throws {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(path)
      }
      bytes = bytes.dropFirst(written)
    }
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

  private static func failure(_ path: String) -> TextFileError {
    .cannotWrite(path: path, reason: String(cString: strerror(errno)))
  }
}

/// Why a file could not be written.
public enum TextFileError: LocalizedError, Equatable, Sendable {
  /// Writing `path` failed; the old file, if any, is unchanged.
  case cannotWrite(path: String, reason: String)

  public var errorDescription: String? {
    switch self {
    case .cannotWrite(let path, let reason):
      "Could not write \(TerminalText.sanitized(path)): \(reason)."
    }
  }
}
