import Foundation
import GRDB
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@Suite("Import of notes and tags on a real database")
struct ImportTagsStorageTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  private func importFile(
    _ text: String, into path: String, dryRun: Bool = false, format: ImportFormat? = nil
  ) async throws -> ImportReport {
    let file = folder.file("import-\(UUID().uuidString)")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let controller = ExchangeController(
      database: try QuoteDatabase.open(path: path), downloadClient: .failing, now: { testDate })
    return try await controller.importFavorites(
      from: .file(path: file), dryRun: dryRun, format: format)
  }

  /// Each favorite's quote, note and tags column, and its tag rows, in id order.
  private func stored(_ path: String) throws -> [[String]] {
    try DatabaseQueue(path: path).read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT quote, note, tags,
            (SELECT coalesce(group_concat(tag, ','), '') FROM
              (SELECT tag FROM favorite_tag WHERE favorite_id = favorite.id ORDER BY tag)) AS rows
          FROM favorite ORDER BY id
          """
      ).map { [$0["quote"], $0["note"], $0["tags"], $0["rows"]] }
    }
  }

  private func searched(_ path: String, _ query: String) throws -> [String] {
    try DatabaseQueue(path: path).read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT favorite.quote FROM favorite_search JOIN favorite ON favorite.id = favorite_search.rowid
          WHERE favorite_search MATCH ? ORDER BY favorite.id
          """,
        arguments: [query])
    }
  }

  @Test("Notes and tags are saved with each quote, as tag rows the triggers index")
  func saved() async throws {
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let report = try await importFile(
      """
      [{"quote": "Know thyself.", "author": "Socrates", "note": "Delphi", "tags": ["Greek", "wisdom"]},
       {"quote": "Be kind.", "author": "Plato"}]
      """, into: path)
    #expect(report.added == 2)
    #expect(
      try stored(path) == [
        ["Know thyself.", "Delphi", "greek wisdom", "greek,wisdom"], ["Be kind.", "", "", ""],
      ])
    #expect(try searched(path, "delphi") == ["Know thyself."])
    #expect(try searched(path, "tags:greek") == ["Know thyself."])
    // FTS5 throws when its index does not match the favorites.
    try await DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: "INSERT INTO favorite_search (favorite_search) VALUES ('integrity-check')")
    }
  }

  @Test("A quote already saved adds its tags, and its note only where there was none")
  func merged() async throws {
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    _ = try await importFile(
      """
      [{"quote": "Know thyself.", "author": "Socrates", "note": "Mine", "tags": ["greek"]},
       {"quote": "Be kind.", "author": "Plato"}]
      """, into: path)
    let report = try await importFile(
      """
      [{"quote": "Know thyself.", "author": "Socrates", "note": "Theirs", "tags": ["GREEK", "delphi"]},
       {"quote": "Be kind.", "author": "Plato", "note": "Added later", "tags": ["kind"]},
       {"quote": "Be kind.", "author": "Plato", "note": "Not this", "tags": ["twice"]}]
      """, into: path)
    #expect((report.added, report.alreadyFavorites) == (0, 3))
    #expect(
      try stored(path) == [
        ["Know thyself.", "Mine", "delphi greek", "delphi,greek"],
        ["Be kind.", "Added later", "kind twice", "kind,twice"],
      ])
    #expect(try searched(path, "delphi") == ["Know thyself."])
    #expect(try searched(path, "later") == ["Be kind."])
  }

  @Test(
    "Notes and tags round-trip through fav export and fav import",
    arguments: [ExportFormat.json, .csv])
  func roundTrip(format: ExportFormat) async throws {
    defer { folder.remove() }
    let source = folder.file("source.sqlite")
    _ = try await importFile(
      #"""
      [{"quote": "Know thyself.", "author": "Socrates", "note": "Delphi,\n\"the temple\"",
        "tags": ["greek", "wisdom"]},
       {"quote": "Be kind.", "author": "Plato"},
       {"quote": "Stay.", "author": "Ann", "tags": ["Ünïcode"]}]
      """#, into: source)
    let before = try QuoteDatabase.open(path: source).favorites()
    #expect(before.map(\.note) == ["Delphi,\n\"the temple\"", "", ""])
    #expect(before.map(\.tags) == [["greek", "wisdom"], [], ["ünïcode"]])
    let target = folder.file("target.sqlite")
    let report = try await importFile(ExportView.streamed(before, format: format), into: target)
    #expect(report.added == 3)
    #expect(report.rejected.isEmpty)
    let after = try QuoteDatabase.open(path: target).favorites()
    #expect(after.map(\.quote) == before.map(\.quote))
    #expect(after.map(\.note) == before.map(\.note))
    #expect(after.map(\.tags) == before.map(\.tags))
    #expect(after.map(\.savedAt) == before.map(\.savedAt))
  }

  @Test("A dry run counts exactly and leaves no note or tag behind")
  func dryRun() async throws {
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    _ = try await importFile(#"[{"quote": "A", "author": "B"}]"#, into: path)
    let report = try await importFile(
      #"[{"quote": "A", "author": "B", "tags": ["x"], "note": "n"}, {"quote": "C", "author": "D", "tags": ["y"]}]"#,
      into: path, dryRun: true)
    #expect((report.added, report.alreadyFavorites) == (1, 1))
    #expect(try stored(path) == [["A", "", "", ""]])
  }

  @Test("A Kindle's clippings land as favorites with notes; the report counts what was skipped")
  func clippings() async throws {
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let report = try await importFile(kindleClippings, into: path)
    #expect(report.format == .clippings)
    #expect((report.added, report.alreadyFavorites, report.skipped) == (4, 0, 4))
    #expect(report.rejected.map(\.position) == [10])
    #expect(
      try stored(path).map { $0[1] }.first
        == "page 12, location 180-182\nRead again in the morning.")
    #expect(
      try searched(path, "aurelius") == [
        "Waste no more time arguing what a good man should be. Be one."
      ])
    #expect(
      ImportReportView.summary(report)
        == "Read 5 favorites: 4 added, 0 already favorites, 1 rejected; 4 entries skipped "
        + "(bookmarks, limit notices, highlights without text, notes with no highlight).\n")
    // The same file again adds nothing.
    let again = try await importFile(kindleClippings, into: path)
    #expect((again.added, again.alreadyFavorites) == (0, 4))
  }

  @Test("A Readwise export lands with its tags; --from readwise reads the same")
  func readwise() async throws {
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let report = try await importFile(readwiseExport, into: path, format: .readwise)
    #expect(report.format == .readwise)
    #expect(report.added == 3)
    #expect(try stored(path).first?[3] == "stoic,virtue")
    #expect(try stored(path).last?[3] == "good,red,two-words")
  }
}
