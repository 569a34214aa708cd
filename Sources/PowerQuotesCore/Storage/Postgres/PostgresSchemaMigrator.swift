/// Applies the embedded PostgreSQL migrations in order, each in its own transaction.
///
/// The schema version lives in a one-row table, `powerquotes_schema`: migration N has been
/// applied when it is N or more, as SQLite's `user_version` says for the other store. A start
/// whose database is up to date reads it and takes no lock. Otherwise the migrator holds a
/// session-level advisory lock while it migrates, so that two machines starting at once on a
/// new database apply each migration once: the second waits, then finds nothing left to do.
public struct PostgresSchemaMigrator: Sendable {
  /// The advisory lock's key, as `pg_locks` shows it: the eight ASCII bytes of "pqschema".
  static let lockKey = "8102384075406667105"

  /// The migrations, oldest first.
  var migrations: [EmbeddedMigration]

  /// Run in the transaction of the last migration, once the schema is the latest: what SQL
  /// alone cannot do for the data (as ``SchemaMigrator/finish`` for SQLite).
  var finish: @Sendable (PostgresConnection) throws -> Void = { _ in }

  /// The migrations compiled into this binary.
  public init() {
    migrations = embeddedPostgresMigrations
    finish = PostgresStore.normalizeTags
  }

  init(
    migrations: [EmbeddedMigration],
    finish: @escaping @Sendable (PostgresConnection) throws -> Void = { _ in }
  ) {
    self.migrations = migrations
    self.finish = finish
  }

  /// The version a fully migrated database has.
  public var latestVersion: Int { migrations.count }

  /// Migrates the database of `connection` to the latest version, refusing one from a newer
  /// powerquotes.
  ///
  /// - Throws: ``PostgresError/newerSchema(database:version:known:)``, or the connection's
  ///   errors.
  public func migrate(_ connection: PostgresConnection) throws {
    let version = try currentVersion(connection)
    try checkNotNewer(version, connection)
    guard version < latestVersion else { return }

    try connection.execute("SELECT pg_advisory_lock($1)", [Self.lockKey])
    // Released by hand on every way out; if the connection itself is gone, so is the lock.
    defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [Self.lockKey]) }
    for (index, migration) in migrations.enumerated() {
      // Under the lock, the version read here stays true until this migration commits.
      let version = try currentVersion(connection)
      try checkNotNewer(version, connection)
      guard version == index else { continue }
      if version == 0 { try checkHasNoOtherTables(connection) }
      // The first migration makes the version's table too: a failed start leaves nothing behind.
      let versionTable =
        index > 0
        ? ""
        : """
        CREATE TABLE IF NOT EXISTS powerquotes_schema (
          singleton integer PRIMARY KEY CHECK (singleton = 1),
          version integer NOT NULL CHECK (version >= 0)
        );
        INSERT INTO powerquotes_schema (singleton, version) VALUES (1, 0)
        ON CONFLICT DO NOTHING;

        """
      let setVersion = "UPDATE powerquotes_schema SET version = \(index + 1);"
      guard index == migrations.count - 1 else {
        // One transaction: statements sent together run as one implicit transaction, so the
        // migration and the new version commit together or not at all (PostgreSQL's DDL is
        // transactional), and an error leaves the connection out of any transaction.
        try connection.executeScript("\(versionTable)\(migration.sql)\n;\n\(setVersion)")
        continue
      }
      // The last one, then `finish`, in a transaction of their own; rolled back on any error.
      do {
        try connection.executeScript("BEGIN;\n\(versionTable)\(migration.sql)\n;")
        try finish(connection)
        try connection.executeScript("\(setVersion)\nCOMMIT;")
      } catch {
        _ = try? connection.execute("ROLLBACK")
        throw error
      }
    }
  }

  /// Refuses a database at schema version 0 that already has tables where powerquotes would
  /// make its own (the first schema of the search path): another application's, as
  /// ``QuoteDatabase`` refuses an SQLite file at version 0 that has tables.
  ///
  /// - Throws: ``PostgresError/otherApplicationsDatabase(database:table:)``, having changed
  ///   nothing.
  private func checkHasNoOtherTables(_ connection: PostgresConnection) throws {
    let found = try connection.execute(
      """
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND c.relname <> 'powerquotes_schema'
      ORDER BY c.relname LIMIT 1
      """)
    if let table = found.value("name") {
      throw PostgresError.otherApplicationsDatabase(
        database: connection.url.description, table: table)
    }
  }

  /// The database's schema version: 0 for a database powerquotes has never migrated.
  public func currentVersion(_ connection: PostgresConnection) throws -> Int {
    let rows = try connection.execute(
      "SELECT to_regclass('powerquotes_schema') IS NOT NULL AS migrated")
    guard rows.value("migrated") == "t" else { return 0 }
    let version = try connection.execute("SELECT version FROM powerquotes_schema")
    return version.value("version").flatMap { Int($0) } ?? 0
  }

  /// Throws when `version` is past the migrations this binary knows.
  private func checkNotNewer(_ version: Int, _ connection: PostgresConnection) throws {
    if version > latestVersion {
      throw PostgresError.newerSchema(
        database: connection.url.description, version: version, known: latestVersion)
    }
  }
}
