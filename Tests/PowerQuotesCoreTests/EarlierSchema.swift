import Foundation
import GRDB
import Testing

@testable import PowerQuotesCore

/// A database at the schema an earlier release made, for the tests of an upgrade: the
/// migrations before one, and rows written in SQL through that schema's own triggers, as that
/// release wrote them.
struct EarlierSchema {
  /// The database.
  let queue: DatabaseQueue
  /// Its schema version: how many migrations came before the one named.
  let version: Int

  /// A new database at `path` with the migrations before the one whose name starts with
  /// `migration` (such as "0008").
  init(path: String, before migration: String) throws {
    version = try #require(embeddedMigrations.firstIndex { $0.name.hasPrefix(migration) })
    queue = try DatabaseQueue(path: path)
    try SchemaMigrator(migrations: Array(embeddedMigrations.prefix(version)))
      .migrate(queue, path: path)
  }

  /// Saves `quote` as a favorite with `note`, saved at 2026-11-01 10:00:00.250.
  static func insert(_ quote: Quote, note: String = "", in db: Database) throws {
    let key = quote.key
    try db.execute(
      sql: """
        INSERT INTO favorite (quote, author, source, source_id, saved_at, quote_key,
          author_key, author_folded, note)
        VALUES (?, ?, ?, ?, '2026-11-01 10:00:00.250', ?, ?, ?, ?)
        """,
      arguments: [
        quote.text, quote.author, quote.source.rawValue, quote.sourceID, key.quote,
        key.author, QuoteKey.searchFolded(quote.author), note,
      ])
  }

  /// Runs `body` as a change of `kind` that the undo history records, as the app records one.
  static func recording(_ kind: String, in db: Database, _ body: () throws -> Void) throws {
    try db.execute(
      sql: "INSERT INTO library_change (kind, summary, made_at) VALUES (?, ?, ?)",
      arguments: [kind, "\(kind)ing", "2026-11-01 10:00:00.250"])
    try db.execute(
      sql: "INSERT INTO library_recording (singleton, change_id) VALUES (1, ?)",
      arguments: [db.lastInsertedRowID])
    try body()
    try db.execute(sql: "DELETE FROM library_recording")
  }
}
