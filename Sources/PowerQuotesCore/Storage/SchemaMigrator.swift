import GRDB

/// A migration compiled in from `Migrations/NNNN_name.sql` by the EmbedMigrations build plugin.
struct EmbeddedMigration: Sendable {
  /// The file name without `.sql`, such as `0001_initial`.
  var name: String
  /// The file's SQL.
  var sql: String
}

/// Applies the embedded migrations in order, each in its own transaction.
///
/// The schema version is SQLite's `user_version`: migration N has been applied when it is N or more.
/// GRDB's `DatabaseMigrator` reads which migrations were applied before it takes the write lock,
/// so two processes opening a new database at the same moment could both apply the first one;
/// here the check and the migration share one IMMEDIATE transaction.
struct SchemaMigrator: Sendable {
  /// The migrations, oldest first.
  var migrations: [EmbeddedMigration]

  /// Run in the transaction of the last migration, once the schema is the latest: what SQL
  /// alone cannot do for the data.
  var finish: @Sendable (Database) throws -> Void = { _ in }

  /// The version a fully migrated database has.
  var latestVersion: Int { migrations.count }

  /// Migrates `writer` to the latest version, refusing a database from a newer powerquotes.
  func migrate(_ writer: any DatabaseWriter, path: String) throws {
    // One statement: no transaction around it (see QuoteDatabase.readOneStatement).
    let version = try writer.unsafeRead { db in try currentVersion(db) }
    try checkNotNewer(version, path: path)
    guard version < latestVersion else { return }
    try writer.barrierWriteWithoutTransaction { db in
      // Foreign keys are not enforced while a migration runs, and checked before it commits: a
      // migration that makes a table again (0008) drops the old one, and with them on, SQLite
      // would delete the rows that refer to it (sqlite.org/lang_altertable.html). The setting
      // cannot change inside a transaction.
      let foreignKeys = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
      if foreignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
      defer { if foreignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
      for (index, migration) in migrations.enumerated() {
        try db.inTransaction(.immediate) {
          let version = try currentVersion(db)
          try checkNotNewer(version, path: path)
          if version == index {
            try db.execute(sql: migration.sql)
            if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil {
              throw DatabaseError(
                resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY,
                message: "migration \(migration.name) broke a foreign key")
            }
            try db.execute(sql: "PRAGMA user_version = \(index + 1)")
            if index == migrations.count - 1 { try finish(db) }
          }
          return .commit
        }
      }
      // Copy the new schema into the database file itself, so that its header shows the version
      // to the next start (DatabaseFile reads it there), not only the write-ahead log does.
      // Passive and best effort: another process is never waited for (SQLite says busy when one
      // is checkpointing too), and where the header lags, the next start asks SQLite instead.
      if try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" {
        _ = try? db.checkpoint(.passive)
      }
    }
  }

  private func currentVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
  }

  /// Throws when `version` is past the migrations this binary knows.
  func checkNotNewer(_ version: Int, path: String) throws {
    if version > latestVersion {
      throw StorageError.newerSchema(path: path, version: version, known: latestVersion)
    }
  }
}
