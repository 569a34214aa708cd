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
  /// The folder for the database could not be made.
  case cannotCreateFolder(path: String, reason: String)
  /// The file could not be created or opened.
  case cannotOpen(path: String, reason: String)
  /// SQLite refused an operation (a disk error, a locked or damaged file, a read-only file).
  case sqlite(path: String, message: String)

  public var errorDescription: String? {
    switch self {
    case .notADatabase(let path):
      "\(path) is not a powerquotes database (not an SQLite file); it was left untouched. "
        + "Pass another file with --database."
    case .newerSchema(let path, let version, let known):
      "The database \(path) has schema version \(version), newer than the \(known) this "
        + "powerquotes knows; it was left untouched. Upgrade powerquotes to use it."
    case .otherProgramsDatabase(let path):
      "\(path) is another program's SQLite database, not a powerquotes one; it was left "
        + "untouched. Pass another file with --database."
    case .readOnly(let path):
      "The database \(path) is read-only to you, and powerquotes needs to write to it. Check "
        + "its permissions, or pass another file with --database."
    case .cannotCreateFolder(let path, let reason):
      "Could not create the folder \(path) for the database: \(reason)."
    case .cannotOpen(let path, let reason):
      "Could not open the database \(path): \(reason)."
    case .sqlite(let path, let message):
      "The database \(path) could not be used: \(message)."
    }
  }
}
