import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Creates the database's folder and file with private modes, and looks at an existing file
/// before SQLite opens it.
enum DatabaseFile {
  /// The first 16 bytes of every SQLite 3 database.
  static let header = Array("SQLite format 3\0".utf8)

  /// What is at the database's path.
  struct State: Equatable {
    /// The schema version (`user_version`) in the file's header; nil for an empty or new file.
    var version: Int?
    /// Whether this process may write the file.
    var writable: Bool
    /// Whether the header says the file is in WAL mode, as every database powerquotes has
    /// opened for writing is; nil for an empty or new file.
    var isWAL: Bool? = nil
  }

  /// Makes `path` ready for SQLite: folder 0700, file 0600, existing content checked.
  static func prepare(path: String) throws -> State {
    // A bare file name is in the working folder, which is there.
    if path.contains("/") {
      try makeFolder(PathName.folder(of: path))
    }
    // O_EXCL: create the file only if it is not there, so that two processes starting at once
    // never replace each other's database.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
      return State(version: nil, writable: true)
    }
    let openError = errno
    guard openError == EEXIST else {
      let parent = PathName.folder(of: path)
      if openError == EACCES || openError == EROFS, access(parent, W_OK) != 0 {
        throw StorageError.cannotOpen(path: path, reason: .folderReadOnly(folder: parent))
      }
      throw StorageError.cannotOpen(
        path: path, reason: .system(String(cString: strerror(openError))))
    }
    var info = stat()
    if stat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        throw StorageError.cannotOpen(path: path, reason: .isFolder)
      case S_IFREG:
        break
      default:
        throw StorageError.cannotOpen(path: path, reason: .isSpecialFile)
      }
    }
    let found = try header(path: path)
    return State(version: found?.version, writable: access(path, W_OK) == 0, isWAL: found?.isWAL)
  }

  private static func makeFolder(_ folder: String) throws {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw StorageError.cannotCreateFolder(path: folder, reason: .fileInTheWay)
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: folder,
        withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700]
      )
    } catch {
      let reason =
        (error as? CocoaError)?.underlying.flatMap { $0 as? POSIXError }
        .map { StorageError.OpenFailure.system(String(cString: strerror($0.code.rawValue))) }
      throw StorageError.cannotCreateFolder(path: folder, reason: reason ?? .unknown)
    }
  }

  /// Why the database at `path` cannot be written: the file itself, or its folder, where SQLite
  /// must create its log and shared-memory files (`-wal`, `-shm`) when they are not there.
  static func readOnlyError(path: String) -> StorageError {
    let folder = PathName.folder(of: path)
    let companionsMissing = ["-wal", "-shm"].contains { access(path + $0, F_OK) != 0 }
    if access(path, W_OK) == 0 && access(folder, W_OK) != 0 && companionsMissing {
      return .folderReadOnly(path: path, folder: folder)
    }
    return .readOnly(path: path)
  }

  /// The size in bytes of the write-ahead log beside the database at `path`; 0 when there is none.
  static func logSize(path: String) -> Int {
    var info = stat()
    guard stat(path + "-wal", &info) == 0 else { return 0 }
    return Int(info.st_size)
  }

  /// The `user_version` in the header of the SQLite file at `path`, and whether the file is in
  /// WAL mode; nil for an empty file.
  ///
  /// Read from the file rather than through SQLite, because opening a connection in WAL mode
  /// already writes to the database, and a file we refuse must be left untouched.
  ///
  /// - Throws: ``StorageError/notADatabase(path:)`` unless the file is empty or starts with
  ///   SQLite's header.
  static func header(path: String) throws -> (version: Int, isWAL: Bool)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw StorageError.cannotOpen(path: path, reason: .system(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var start = [UInt8](repeating: 0, count: 100)
    let count = read(descriptor, &start, start.count)
    guard count >= 0 else {
      throw StorageError.cannotOpen(path: path, reason: .system(String(cString: strerror(errno))))
    }
    if count == 0 { return nil }
    // A database header is 100 bytes: the magic string first, the read and write versions at
    // offsets 18 and 19 (2 for WAL), user_version at offset 60.
    guard count == 100, Array(start.prefix(header.count)) == header else {
      throw StorageError.notADatabase(path: path)
    }
    return (start[60..<64].reduce(0) { $0 << 8 | Int($1) }, start[18] == 2 && start[19] == 2)
  }
}
