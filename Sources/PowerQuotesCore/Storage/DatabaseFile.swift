import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Creates the database's folder and file with private modes, and refuses files that are not SQLite.
enum DatabaseFile {
  /// The first 16 bytes of every SQLite 3 database.
  static let header = Array("SQLite format 3\0".utf8)

  /// Makes `path` ready for SQLite: folder 0700, file 0600, existing content checked.
  ///
  /// - Returns: the schema version (`user_version`) in the file's header; 0 for a new file.
  static func prepare(path: String) throws -> Int {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      do {
        try FileManager.default.createDirectory(
          atPath: folder,
          withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700]
        )
      } catch {
        throw StorageError.cannotCreateFolder(path: folder, reason: reason(error))
      }
    } else if !isFolder.boolValue {
      throw StorageError.cannotCreateFolder(
        path: folder, reason: "a file of that name is in the way")
    }

    // O_EXCL: create the file only if it is not there, so that two processes starting at once never
    // replace each other's database.
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 {
      Glibc.close(fd)
      return 0
    }
    let openError = errno
    guard openError == EEXIST else {
      throw StorageError.cannotOpen(path: path, reason: String(cString: strerror(openError)))
    }
    return try schemaVersion(path: path)
  }

  /// The `user_version` in the header of the SQLite file at `path` (0 for an empty file).
  ///
  /// Read from the file rather than through SQLite, because opening a connection in WAL mode
  /// already writes to the database, and a file we refuse must be left untouched.
  ///
  /// - Throws: ``StorageError/notADatabase(path:)`` unless the file is empty or starts with
  ///   SQLite's header.
  static func schemaVersion(path: String) throws -> Int {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        throw StorageError.cannotOpen(path: path, reason: "it is a folder")
      }
      throw StorageError.cannotOpen(path: path, reason: "it cannot be read")
    }
    defer { try? handle.close() }
    let start: [UInt8]
    do {
      start = Array(try handle.read(upToCount: 100) ?? Data())
    } catch {
      throw StorageError.cannotOpen(path: path, reason: reason(error))
    }
    if start.isEmpty { return 0 }
    // A database header is 100 bytes: the magic string first, user_version at offset 60.
    guard start.count == 100, Array(start.prefix(header.count)) == header else {
      throw StorageError.notADatabase(path: path)
    }
    return start[60..<64].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    return error.localizedDescription
  }
}
