import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// Issue 20 with the built binary, on SQLite and on PostgreSQL: a time at the calendar's edge
/// never enters the library, and a bad one already in it (by hand, or by an older version)
/// never blocks the rest.
@Suite("Saved times at the calendar's edge, end to end")
struct SavedTimeEndToEndTests {
  /// The stores: an SQLite file, and a PostgreSQL database when a test server is set.
  static let stores = StoreFactory.allNames

  /// A new library of `kind` for `body`: what `--database` takes, and a way to run SQL on it
  /// behind the binary's back.
  func withLibrary(
    _ kind: String, home: TemporaryFolder,
    _ body: (_ database: String, _ sql: (String) throws -> Void) async throws -> Void
  ) async throws {
    guard kind == "PostgreSQL" else {
      let path = home.file("favorites.sqlite")
      try await body(path) { sql in
        let database = try QuoteDatabase.open(path: path)
        try database.writer.write { try $0.execute(sql: sql) }
      }
      return
    }
    let base = try PostgresTestDatabase.serverURL()
    let url = try await PostgresTestDatabase.onThread { try PostgresTestDatabase.create(on: base) }
    defer { PostgresTestDatabase.drop(url, on: base) }
    let text =
      "postgres://\(base.user ?? "postgres"):\(base.password ?? "")@\(base.host ?? "127.0.0.1"):"
      + "\(base.port)/\(url.database ?? "")"
    try await body(text) { sql in
      try PostgresConnection(url: url, timeout: 60).execute(sql)
    }
  }

  @Test(
    "Imports refuse edge times by name; a bad stored one is left out and named", arguments: stores)
  func edges(store: String) async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withLibrary(store, home: home) { database, sql in
      func run(_ arguments: String...) async throws -> RunResult {
        try await runBinary(
          arguments + ["--database", database], home: home.path,
          environment: ["TZ": "Pacific/Kiritimati"])
      }
      let csv = home.file("edges.csv")
      try """
      quote,author,saved_at
      First.,Ann,2020-01-01T00:00:00Z
      Late.,Bob,9999-12-31T23:00:00-05:00
      Early.,Cy,0000-01-01T00:00:00+14:00
      No such day.,Di,2020-02-30
      Last.,Ed,9999-12-31T23:59:59.999Z

      """.write(toFile: csv, atomically: true, encoding: .utf8)
      let imported = try await run("fav", "import", csv)
      #expect(imported.status == 2, "stderr: \(imported.err)")
      #expect(imported.out == "Read 5 favorites: 2 added, 0 already favorites, 3 rejected.\n")
      #expect(
        imported.err.contains(
          "row 2: its saved_at '9999-12-31T23:00:00-05:00' is, in UTC, outside the times the "
            + "library keeps"))
      #expect(imported.err.contains("row 3: its saved_at '0000-01-01T00:00:00+14:00'"))
      #expect(imported.err.contains("row 4: its saved_at '2020-02-30' is no real date and time"))

      // The last millisecond is local year 10000 at +14:00: the months and the gap are right.
      let stats = try await run("fav", "stats")
      #expect(stats.status == 0, "stderr: \(stats.err)")
      #expect(
        stats.out.hasSuffix(
          "Saved per month\n  2020-01           1\n  2020-02..9999-12  0\n  10000-01          1\n"),
        "\(stats.out)")

      // Favorite 3, with a time an older version wrote, and favorite 4 with no time at all.
      #expect(try await run("fav", "add", "Third.", "--author", "Fay").status == 0)
      #expect(try await run("fav", "add", "Fourth.", "--author", "Gus").status == 0)
      try sql("UPDATE favorite SET saved_at = '10000-01-01 04:00:00.000' WHERE id = 3")
      try sql("UPDATE favorite SET saved_at = 'garbage' WHERE id = 4")
      let named =
        "Error: Favorites 3, 4 were left out, the others written: the database holds no time "
        + "powerquotes can read in their saved_at (UTC from 0000-01-01 to 9999-12-31, as "
        + "2026-01-15 08:00:00.000). Correct them in the database, or remove them with "
        + "'fav rm 3 4'.\n"
      for format in ["json", "csv", "markdown", "fortune"] {
        let exported = try await run("fav", "export", "--format", format)
        #expect(exported.status == 1, "\(format)")
        #expect(exported.err == named, "\(format)")
        #expect(exported.out.contains("First.") && exported.out.contains("Last."), "\(format)")
        #expect(!exported.out.contains("Third.") && !exported.out.contains("1970"), "\(format)")
      }
      let file = home.file("backup.json")
      let backup = try await run("fav", "export", "--output", file)
      #expect(backup.status == 1 && backup.err.hasSuffix(named))
      #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Last."))
      let json = try await run("fav", "list", "--format", "json")
      #expect(json.status == 1 && json.err == named)
      #expect(json.out.hasPrefix("[") && json.out.hasSuffix("]\n") && json.out.contains("First."))

      // Everything else goes on; the bad rows themselves can be shown, tagged, edited, removed.
      #expect(try await run("fav", "list").status == 0)
      #expect(try await run("fav", "show", "1").status == 0)
      #expect(try await run("today").status == 0)
      #expect(try await run("random", "--favorites").status == 0)
      let shown = try await run("fav", "show", "3")
      #expect(shown.status == 0 && shown.out.contains("saved at a time powerquotes cannot read"))
      #expect(try await run("fav", "tag", "3", "old").status == 0)
      #expect(try await run("fav", "edit", "3", "--note", "From an old version.").status == 0)
      let removed = try await run("fav", "rm", "3", "4", "--yes")
      #expect(removed.out == "Removed 2 favorites: 3, 4.\n", "stderr: \(removed.err)")
      #expect(try await run("fav", "export").status == 0)
    }
  }
}
