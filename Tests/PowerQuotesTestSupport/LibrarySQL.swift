import Foundation
import GRDB
import PowerQuotesCore
import Testing

/// SQL on either store, for what the store tests check or prepare behind the app's back: the
/// tables as they are, and changes the undo log does not see.
public enum LibrarySQL {
  /// Runs `sql` (no parameters; one statement, or several separated by semicolons).
  public static func run(_ database: any QuoteStore, _ sql: String) throws {
    switch database {
    case let sqlite as QuoteDatabase:
      try sqlite.writer.write { try $0.execute(sql: sql) }
    case let postgres as PostgresStore:
      try postgres.executeScript(sql)
    default:
      Issue.record("no SQL for \(type(of: database))")
    }
  }

  /// The rows `sql` returns, each value as text (nil for NULL).
  public static func rows(_ database: any QuoteStore, _ sql: String) throws -> [[String?]] {
    switch database {
    case let sqlite as QuoteDatabase:
      return try sqlite.writer.read { db in
        try Row.fetchAll(db, sql: sql).map { row in
          row.databaseValues.map { value in
            switch value.storage {
            case .null: nil
            case .int64(let number): String(number)
            case .double(let number): String(number)
            case .string(let text): text
            case .blob(let data): data.base64EncodedString()
            }
          }
        }
      }
    case let postgres as PostgresStore:
      return try postgres.execute(sql).values
    default:
      Issue.record("no SQL for \(type(of: database))")
      return []
    }
  }

  /// What is wrong with the store's own consistency, one line each; empty when nothing is.
  ///
  /// SQLite: `PRAGMA integrity_check`, FTS5's `integrity-check` of `favorite_search`, and the
  /// `favorite.tags` column against `favorite_tag`. PostgreSQL: the `search` and `tags`
  /// columns against what the favorites say, and `favorite_tag` rows of no favorite.
  public static func integrityProblems(_ database: any QuoteStore) throws -> [String] {
    var problems: [String] = []
    if database is QuoteDatabase {
      let integrity = try rows(database, "PRAGMA integrity_check").map { $0.first ?? nil }
      if integrity != ["ok"] { problems.append("integrity_check: \(integrity)") }
      do {
        try run(
          database, "INSERT INTO favorite_search (favorite_search) VALUES ('integrity-check')")
      } catch {
        problems.append("FTS5 integrity-check of favorite_search: \(error)")
      }
      let staleTags = try rows(
        database,
        """
        SELECT id, tags FROM favorite WHERE tags <> coalesce((
          SELECT group_concat(tag, ' ') FROM (
            SELECT tag FROM favorite_tag WHERE favorite_id = favorite.id ORDER BY tag)), '')
        """)
      if !staleTags.isEmpty { problems.append("favorite.tags unlike favorite_tag: \(staleTags)") }
    } else {
      let stale = try rows(
        database,
        """
        SELECT id FROM favorite WHERE search IS DISTINCT FROM to_tsvector('simple',
          unaccent(quote || ' ' || author || ' ' || note || ' ' || tags || ' ' || work))
        """)
      if !stale.isEmpty { problems.append("favorite.search out of date: \(stale)") }
      let staleTags = try rows(
        database,
        """
        SELECT id, tags FROM favorite WHERE tags <> coalesce((
          SELECT string_agg(tag, ' ' ORDER BY tag) FROM favorite_tag WHERE favorite_id = id), '')
        """)
      if !staleTags.isEmpty { problems.append("favorite.tags unlike favorite_tag: \(staleTags)") }
    }
    let orphans = try rows(
      database,
      """
      SELECT favorite_id, tag FROM favorite_tag
      WHERE favorite_id NOT IN (SELECT id FROM favorite)
      """)
    if !orphans.isEmpty { problems.append("favorite_tag rows of no favorite: \(orphans)") }
    let both = try rows(
      database, "SELECT id FROM favorite WHERE id IN (SELECT id FROM trashed_favorite)")
    if !both.isEmpty { problems.append("ids both favorite and in the trash: \(both)") }
    return problems
  }

  /// Gives favorite `id` `tags` through the table, unrecorded; the triggers keep its `tags`
  /// column and the search index.
  public static func insertTags(_ database: any QuoteStore, _ id: Int64, _ tags: [String]) throws {
    for tag in tags {
      try run(database, "INSERT INTO favorite_tag (favorite_id, tag) VALUES (\(id), '\(tag)')")
    }
  }

  /// Everything an undo must put back as it was: every favorite's row, the tags, the trash,
  /// and what the store derives from them (SQLite's author counts and full-text index,
  /// PostgreSQL's tags and search columns) checked against the favorites.
  public static func snapshot(_ database: any QuoteStore) throws -> [String] {
    switch database {
    case let sqlite as QuoteDatabase:
      return try snapshot(sqlite)
    case let postgres as PostgresStore:
      return try snapshot(postgres)
    default:
      Issue.record("no snapshot for \(type(of: database))")
      return []
    }
  }

  private static func snapshot(_ database: QuoteDatabase) throws -> [String] {
    // A write, as SQLite sees the integrity check, though it changes nothing.
    try database.writer.write { db in
      // Throws when the full-text index does not match the favorites.
      try db.execute(
        sql: "INSERT INTO favorite_search (favorite_search) VALUES ('integrity-check')")
      let counts = try Row.fetchAll(
        db, sql: "SELECT folded, favorite_count FROM favorite_author ORDER BY folded")
      let expected = try Row.fetchAll(
        db,
        sql: """
          SELECT author_folded AS folded, count(*) AS favorite_count FROM favorite
          GROUP BY author_folded
          ORDER BY author_folded
          """)
      #expect(counts.map { "\($0)" } == expected.map { "\($0)" })
      var lines = try Row.fetchAll(db, sql: "SELECT * FROM favorite ORDER BY id").map {
        "\($0)"
      }
      lines += try Row.fetchAll(db, sql: "SELECT * FROM favorite_tag ORDER BY 1, 2").map {
        "\($0)"
      }
      lines += try Row.fetchAll(db, sql: "SELECT * FROM trashed_favorite ORDER BY id").map {
        "\($0)"
      }
      let matches = try Int64.fetchAll(
        db, sql: "SELECT rowid FROM favorite_search WHERE favorite_search MATCH 'journey'")
      lines.append("journey: \(matches)")
      return lines
    }
  }

  private static func snapshot(_ database: PostgresStore) throws -> [String] {
    let derived = try database.execute(
      """
      SELECT
        (SELECT count(*) FROM favorite WHERE search IS DISTINCT FROM to_tsvector('simple',
          unaccent(quote || ' ' || author || ' ' || note || ' ' || tags || ' ' || work))) AS stale_search,
        (SELECT count(*) FROM favorite WHERE tags <> coalesce((
          SELECT string_agg(tag, ' ' ORDER BY tag) FROM favorite_tag WHERE favorite_id = id),
          '')) AS stale_tags
      """)
    #expect(derived.values == [["0", "0"]])
    var lines = try database.execute(
      """
      SELECT row(id, quote, author, source, source_id, saved_at, quote_key, author_key,
        author_folded, note, tags, work)::text FROM favorite ORDER BY id
      """
    ).values.map { $0[0] ?? "" }
    lines += try database.execute("SELECT row(favorite_tag.*)::text FROM favorite_tag ORDER BY 1")
      .values.map { $0[0] ?? "" }
    lines += try database.execute(
      "SELECT row(trashed_favorite.*)::text FROM trashed_favorite ORDER BY id"
    ).values.map { $0[0] ?? "" }
    let matches = try database.execute(
      "SELECT id FROM favorite WHERE search @@ to_tsquery('simple', 'journey') ORDER BY id")
    lines.append("journey: \(matches.values.map { $0[0] ?? "" })")
    return lines
  }
}
