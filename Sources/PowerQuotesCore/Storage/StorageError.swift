import Foundation

/// Why the favorites database could not be opened or used.
///
/// Each case reads as one sentence.
public enum StorageError: LocalizedError, Equatable, Sendable {
  /// The file exists but is not an SQLite database; it was left untouched.
  case notADatabase(path: String)
  /// The database was made by a newer powerquotes; it was left untouched.
  case newerSchema(path: String, version: Int, known: Int)
  /// An SQLite database that another program made (it has tables and no powerquotes schema).
  case otherProgramsDatabase(path: String)
  /// The file cannot be written by this process.
  case readOnly(path: String)
  /// The file can be written, but not its folder, where SQLite must create files beside it.
  case folderReadOnly(path: String, folder: String)
  /// The folder for the database could not be made.
  case cannotCreateFolder(path: String, reason: OpenFailure)
  /// The file could not be created or opened.
  case cannotOpen(path: String, reason: OpenFailure)
  /// An operation on favorites named an id that no favorite has; nothing was changed.
  case noSuchFavorite(id: Int64)
  /// An operation on the trash named an id it does not hold; nothing was changed.
  case noSuchTrashedFavorite(id: Int64)
  /// An edit or restore would make favorite `id` equal to another (the UNIQUE key); nothing
  /// was changed.
  case duplicateFavorite(id: Int64)
  /// Another process holds the database's lock and has stopped making progress (see
  /// `LockWait`); nothing was changed.
  case locked(path: String)
  /// The database lacks a table or column powerquotes made (`missing` is SQLite's words): another
  /// program's database with a schema version set, or a damaged one.
  case notALibrary(path: String, missing: String)
  /// An edit of favorite `id` was made from words, an author or a note it no longer holds
  /// (another command changed them meanwhile); nothing was changed.
  case favoriteChanged(id: Int64)
  /// SQLite refused an operation (a disk error, a damaged file, a read-only file).
  case sqlite(path: String, message: String)
  /// A row holds a value that is not of its column's kind (a damaged or hand-edited file).
  case unreadableValue(path: String)

  /// Why a file or folder could not be made or opened.
  public enum OpenFailure: Equatable, Sendable {
    /// The system's words for it (`strerror`'s, or SQLite's message).
    case system(String)
    /// The folder the file would be created in is read-only to this process.
    case folderReadOnly(folder: String)
    /// A folder is where the file should be.
    case isFolder
    /// A device, a pipe or a socket is where the file should be.
    case isSpecialFile
    /// A file is where the folder should be.
    case fileInTheWay
    /// The folder could not be made, and the system said no more.
    case unknown
    /// The database's schema is not this powerquotes' latest (read-only opening refuses it).
    case otherSchemaVersion
  }

  /// Whether the database is out of this process's reach (its folder or file cannot be made,
  /// opened or written here), rather than wrong.
  public var isOutOfReach: Bool {
    switch self {
    case .cannotOpen, .cannotCreateFolder, .readOnly, .folderReadOnly: true
    default: false
    }
  }

  public var errorDescription: String? {
    // Paths come from flags and the environment: made safe for a terminal like any outside text.
    func shown(_ path: String) -> String { UntrustedText.sanitized(path) }
    return switch self {
    case .notADatabase(let path):
      "\(shown(path)) is not a powerquotes database (not an SQLite file); it was left untouched. "
        + "Pass another file with --database."
    case .newerSchema(let path, let version, let known):
      "The database \(shown(path)) has schema version \(version), newer than the \(known) this "
        + "powerquotes knows; it was left untouched. Upgrade powerquotes to use it."
    case .otherProgramsDatabase(let path):
      "\(shown(path)) is another program's SQLite database, not a powerquotes one; it was left "
        + "untouched. Pass another file with --database."
    case .readOnly(let path):
      "The database \(shown(path)) is read-only to you, and powerquotes needs to write to it. "
        + "Check its permissions, or pass another file with --database."
    case .folderReadOnly(let path, let folder):
      "The folder \(shown(folder)) is read-only to you, and SQLite needs to create two files "
        + "there beside the database \(shown(path)) (-wal and -shm). Make the folder writable, "
        + "or pass another file with --database."
    case .cannotCreateFolder(let path, let reason):
      "Could not create the folder \(shown(path)) for the database: \(reason.phrase)."
    case .cannotOpen(let path, let reason):
      "Could not open the database \(shown(path)): \(reason.phrase)."
    case .noSuchFavorite(let id):
      "No favorite with id \(id)."
    case .noSuchTrashedFavorite(let id):
      "No favorite with id \(id) in the trash."
    case .duplicateFavorite(let id):
      "Favorite \(id) would equal another favorite."
    case .locked(let path):
      "Another process holds the database \(shown(path)) and has stopped making progress, so "
        + "nothing was changed. Try again once it is done, or end it (an sqlite3 shell left in "
        + "a transaction, say)."
    case .notALibrary(let path, let missing):
      "\(shown(path)) is not a powerquotes database, or it is damaged (\(shown(missing))). "
        + "Pass another file with --database, or check this one with sqlite3."
    case .favoriteChanged(let id):
      "Favorite \(id) was changed by another command meanwhile, so the edit was not saved."
    case .sqlite(let path, let message):
      "The database \(shown(path)) could not be used: \(shown(message))."
    case .unreadableValue(let path):
      "The database \(shown(path)) holds a value powerquotes cannot read (a time, a number or a "
        + "text that is not one); it was left untouched. Check it with sqlite3, or pass another "
        + "file with --database."
    }
  }
}

extension StorageError.OpenFailure {
  /// The reason as a phrase that follows "Could not open the database PATH: ".
  var phrase: String {
    switch self {
    case .system(let words): words
    case .folderReadOnly(let folder):
      "the folder \(UntrustedText.sanitized(folder)) is read-only to you, so the file cannot be "
        + "created there"
    case .isFolder: "it is a folder, not a file"
    case .isSpecialFile: "it is a device, a pipe or a socket, not a file"
    case .fileInTheWay: "a file of that name is in the way"
    case .unknown: "it could not be made"
    case .otherSchemaVersion: "not this version's schema"
    }
  }
}
