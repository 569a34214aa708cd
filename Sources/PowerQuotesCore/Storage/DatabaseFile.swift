import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Creates the database's folder and file with private modes, and refuses files that are not SQLite.
enum DatabaseFile {
  /// The first 16 bytes of every SQLite 3 database.
  static let header = Array("SQLite format 3\0".utf8)

  /// Makes `path` ready for SQLite: folder 0700, file 0600, existing content checked.
  static func prepare(path: String) throws {
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
      throw StorageError.cannotCreateFolder(path: folder, reason: "a file of that name is in the way")
    }

    // O_EXCL: create the file only if it is not there, so that two processes starting at once never
    // replace each other's database.
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 {
      Glibc.close(fd)
      return
    }
    let openError = errno
    guard openError == EEXIST else {
      throw StorageError.cannotOpen(path: path, reason: String(cString: strerror(openError)))
    }
    try checkIsSQLite(path: path)
  }

  /// Throws unless the file at `path` is empty or starts with SQLite's header.
  static func checkIsSQLite(path: String) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        throw StorageError.cannotOpen(path: path, reason: "it is a folder")
      }
      throw StorageError.cannotOpen(path: path, reason: "it cannot be read")
    }
    defer { try? handle.close() }
    let start: Data
    do {
      start = try handle.read(upToCount: header.count) ?? Data()
    } catch {
      throw StorageError.cannotOpen(path: path, reason: reason(error))
    }
    if start.isEmpty { return }
    if Array(start) != header {
      throw StorageError.notADatabase(path: path)
    }
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    return error.localizedDescription
  }
}
