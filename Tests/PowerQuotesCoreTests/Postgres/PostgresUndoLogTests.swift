import Foundation
import Testing

@testable import PowerQuotesCore

/// Migration 0006 on PostgreSQL logs the same inverse steps as SQLite's, and running them newest
/// first puts every table back.
@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipReason))
struct PostgresUndoLogTests {
  @Test func stepsUndoAddsTagsEditsAndTheTrash() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let db = try PostgresConnection(url: url, timeout: 10)
      try PostgresSchemaMigrator().migrate(db)
      func add(_ text: String) throws {
        try db.execute(
          """
          INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
            author_folded)
          VALUES ($1, 'A', 'manual', '2026-01-01 00:00:00.000', $1, 'a', 'a')
          """, [text])
      }
      func snapshot() throws -> PostgresRows {
        try db.execute(
          """
          SELECT (SELECT string_agg(f::text, ';' ORDER BY id) FROM favorite f) AS favorites,
            (SELECT string_agg(t::text, ';' ORDER BY 1) FROM favorite_tag t) AS tags,
            (SELECT string_agg(r::text, ';' ORDER BY id) FROM trashed_favorite r) AS trash
          """)
      }
      try add("Before.")
      let before = try snapshot()

      try db.executeScript(
        """
        INSERT INTO library_change (kind, summary, made_at) VALUES ('edit', 'test', 'now');
        INSERT INTO library_recording (singleton, change_id)
          SELECT 1, max(id) FROM library_change;
        """)
      try add("One.")
      try add("Two.")
      try add("Three.")
      try db.executeScript(
        """
        INSERT INTO favorite_tag (favorite_id, tag) VALUES (1, 'kept'), (2, 'x');
        UPDATE favorite SET note = 'it''s a note', author = 'B' WHERE id = 1;
        INSERT INTO trashed_favorite SELECT id, quote, author, source, source_id, saved_at,
          quote_key, author_key, author_folded, note, tags, 'now' FROM favorite WHERE id = 1;
        DELETE FROM favorite WHERE id = 1;
        DELETE FROM library_recording;
        """)
      let steps = try db.execute(
        "SELECT sql, first_added_id, last_added_id FROM library_undo_step ORDER BY id DESC")
      // The three adds are one range; the tag on 1 goes with the cascade of its delete.
      #expect(steps.values.filter { $0[0] == nil }.map { [$0[1], $0[2]] } == [["2", "4"]])
      #expect(try snapshot() != before)

      var undo = "BEGIN; SET CONSTRAINTS ALL DEFERRED;"
      for step in steps.values {
        undo +=
          (step[0] ?? "DELETE FROM favorite WHERE id BETWEEN \(step[1] ?? "") AND \(step[2] ?? "")")
          + ";"
      }
      try db.executeScript(undo + "COMMIT;")
      #expect(try snapshot() == before)
    }
  }
}
