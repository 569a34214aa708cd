import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite struct PostgresMigrationFilesTests {
  @Test func bothStoresHaveTheSameVersions() {
    #expect(embeddedPostgresMigrations.map(\.name) == embeddedMigrations.map(\.name))
    #expect(PostgresSchemaMigrator().latestVersion == QuoteDatabase.schemaVersion)
  }
}

@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipReason))
struct PostgresSchemaMigratorTests {
  /// Counts the advisory locks in this test's database (other tests run beside it).
  static let advisoryLocksHere = """
    SELECT count(*) AS c FROM pg_locks
    WHERE locktype = 'advisory'
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    """

  @Test func appliesEachMigrationOnce() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let connection = try PostgresConnection(url: url, timeout: 10)
      let migrator = PostgresSchemaMigrator()
      #expect(try migrator.currentVersion(connection) == 0)
      try migrator.migrate(connection)
      #expect(try migrator.currentVersion(connection) == migrator.latestVersion)
      // Again: nothing to do (0001's CREATE TABLE would fail if it ran twice).
      try migrator.migrate(connection)
      #expect(try migrator.currentVersion(connection) == migrator.latestVersion)
      let tables = try connection.execute(
        """
        SELECT string_agg(tablename, ' ' ORDER BY tablename) AS names FROM pg_tables
        WHERE schemaname = 'public'
        """)
      #expect(
        tables.value("names")
          == "favorite favorite_count favorite_tag last_shown library_change library_recording "
          + "library_undo_step pool_quote powerquotes_schema quote_of_the_day sync_state trashed_favorite"
      )
    }
  }

  @Test func twoMachinesStartingAtOnceMigrateOnce() async throws {
    try await PostgresTestServer.withFreshDatabase { url in
      // A long timeout: this test is about taking turns, and on a loaded machine the others may
      // wait longer than the usual 10 s before the monitor below gets its turn.
      let connections = try (0..<4).map { _ in try PostgresConnection(url: url, timeout: 300) }
      // One holds the lock first, so that all the others wait on it and find the work done.
      try connections[0].execute("SELECT pg_advisory_lock($1)", [PostgresSchemaMigrator.lockKey])
      let migrations = connections.dropFirst().map { connection in
        PostgresTestDatabase.startThread { try PostgresSchemaMigrator().migrate(connection) }
      }
      let monitor = try PostgresConnection(url: url, timeout: 10)
      try await PostgresTestServer.waitUntil("three sessions waiting for the lock") {
        try monitor.execute(Self.advisoryLocksHere + " AND NOT granted").value("c") == "3"
      }
      try PostgresSchemaMigrator().migrate(connections[0])
      try connections[0].execute("SELECT pg_advisory_unlock($1)", [PostgresSchemaMigrator.lockKey])
      for migration in migrations { try await migration.value }
      let latest = PostgresSchemaMigrator().latestVersion
      #expect(try PostgresSchemaMigrator().currentVersion(monitor) == latest)
      // Every session let go of the lock.
      #expect(
        try monitor.execute(Self.advisoryLocksHere)
          .value("c") == "0")
    }
  }

  @Test func refusesANewerSchemaInOneSentence() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let connection = try PostgresConnection(url: url, timeout: 10)
      try PostgresSchemaMigrator().migrate(connection)
      try connection.execute("UPDATE powerquotes_schema SET version = 99")
      let known = PostgresSchemaMigrator().latestVersion
      let error = PostgresError.newerSchema(database: url.description, version: 99, known: known)
      #expect(throws: error) { try PostgresSchemaMigrator().migrate(connection) }
      #expect(
        error.localizedDescription
          == "The database \(url.description) has schema version 99, newer than the \(known) this "
          + "powerquotes knows; it was left untouched. Upgrade powerquotes to use it.")
      #expect(!error.localizedDescription.contains(url.password ?? "-"))
    }
  }

  @Test func aFailedMigrationLeavesNothingBehind() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let connection = try PostgresConnection(url: url, timeout: 10)
      let broken = PostgresSchemaMigrator(migrations: [
        EmbeddedMigration(name: "0001_half", sql: "CREATE TABLE half (n integer); SELECT 1/0;")
      ])
      #expect(throws: PostgresError.self) { try broken.migrate(connection) }
      #expect(try broken.currentVersion(connection) == 0)
      #expect(try connection.execute("SELECT to_regclass('half') AS t").value("t") == nil)
      #expect(
        try connection.execute("SELECT to_regclass('powerquotes_schema') AS t").value("t") == nil)
      // The lock was let go, and the connection is out of any transaction.
      #expect(
        try connection.execute(Self.advisoryLocksHere)
          .value("c") == "0")
    }
  }

  @Test(
    "Another application's database is refused in one sentence, and nothing is made in it",
    arguments: [
      ("users", "CREATE TABLE users (id integer PRIMARY KEY, name text)"),
      ("favorite", "CREATE TABLE favorite (id integer, quote text)"),
      ("favorite", "CREATE VIEW favorite AS SELECT 1 AS id"),
    ])
  func refusesAnotherApplicationsDatabase(table: String, sql: String) throws {
    try PostgresTestServer.withFreshDatabase { url in
      let connection = try PostgresConnection(url: url, timeout: 10)
      try connection.execute(sql)
      let objects = """
        SELECT (SELECT string_agg(relname, ' ' ORDER BY relname) FROM pg_class
          WHERE relnamespace = 'public'::regnamespace) AS relations,
          (SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm') AS trigrams
        """
      let before = try connection.execute(objects).values
      let error = PostgresError.otherApplicationsDatabase(
        database: url.description, table: table)
      #expect(throws: error) { try PostgresStore.open(url: url, timeout: 10) }
      #expect(
        error.localizedDescription
          == "The database \(url.description) holds another application's tables (such as "
          + "\(table)) and no powerquotes schema; it was left untouched. Give the URL of an "
          + "empty database, or of one powerquotes made.")
      #expect(try connection.execute(objects).values == before)
      #expect(try connection.execute(Self.advisoryLocksHere).value("c") == "0")
    }
  }

  @Test func theServerRefusesDuplicatesByTheirKeys() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let connection = try PostgresConnection(url: url, timeout: 10)
      try PostgresSchemaMigrator().migrate(connection)
      let insert = """
        INSERT INTO favorite
          (quote, author, source, source_id, saved_at, quote_key, author_key, author_folded)
        VALUES ($1, $2, 'dummyjson', NULL, '2025-01-02 03:04:05.006', $3, $4, $5)
        """
      func add(_ text: String, _ author: String) throws {
        let key = QuoteKey(text: text, author: author)
        try connection.execute(
          insert, [text, author, key.quote, key.author, QuoteKey.searchFolded(author)])
      }
      try add("Stay hungry.", "Martin Luther King, Jr.")
      #expect {
        try add("\u{201C}stay  HUNGRY.\u{201D}", "Martin Luther King  Jr.")
      } throws: { error in
        guard case .statementFailed(_, "23505", _) = error as? PostgresError else { return false }
        return true
      }
      // A key longer than a B-tree entry may be is still compared, through its digest.
      let long = String(repeating: "A long quote from a fortune file. ", count: 400)
      try add(long, "Anonymous")
      #expect(throws: PostgresError.self) { try add(long + " ", "anonymous") }
      try add("Umar's words.", "Umar ibn Al-Khattāb (R.A)")
      let found = try connection.execute(
        "SELECT author FROM favorite WHERE author_folded LIKE '%' || $1 || '%'", ["al khattab"])
      #expect(found.values == [["Umar ibn Al-Khattāb (R.A)"]])
      #expect(try connection.execute("SELECT count(*) AS c FROM favorite").value("c") == "3")
    }
  }
}
