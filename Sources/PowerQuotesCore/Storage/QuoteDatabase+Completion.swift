import Foundation
import GRDB

/// What a shell's Tab completion reads: the library opened read-only, and favorites' ids with
/// the start of their quote.
extension QuoteDatabase {
  /// The database file at `path` opened for reading only, or nil when there is no such file.
  ///
  /// Nothing is created or written: not the file, its folder, nor its schema (a file whose
  /// schema is not this binary's latest is refused, as its tables may differ). For a shell's
  /// completion, which must never change anything.
  public static func openForReading(path: String) throws -> QuoteDatabase? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.foreignKeysEnabled = false
    configuration.busyMode = .timeout(0.01)
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    let version = try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
    guard version == SchemaMigrator(migrations: embeddedMigrations).latestVersion else {
      throw StorageError.cannotOpen(path: path, reason: .otherSchemaVersion)
    }
    return try QuoteDatabase(path: path, writer: queue, readOnly: true)
  }

  /// The ids of favorites whose decimal id starts with `prefix`, in order, each with its quote
  /// (stored text, not cleaned), at most `limit` of them.
  public func favoriteIDs(startingWith prefix: String, limit: Int) throws -> [(
    id: Int64, quote: String
  )] {
    guard prefix.allSatisfy(\.isASCII) && prefix.allSatisfy(\.isNumber) else { return [] }
    return try translatingErrors {
      try writer.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT id, substr(quote, 1, 60) FROM favorite
            WHERE ?1 = '' OR CAST(id AS TEXT) LIKE ?1 || '%' ORDER BY id LIMIT ?2
            """,
          arguments: [prefix, limit]
        ).map { (id: $0[0], quote: $0[1]) }
      }
    }
  }
}
