import Foundation

/// Writes text files whole: a reader sees the old file or the new one, never half of it.
public enum TextFile {
  /// Writes `text` as UTF-8 to `path`, replacing the file atomically.
  public static func write(_ text: String, toPath path: String) throws {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw TextFileError.cannotWrite(path: path, reason: reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    return (error as? CocoaError)?.localizedDescription ?? "\(error)"
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
