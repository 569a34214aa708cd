import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// An import drops the per-row INSERT triggers of `favorite` inside its transaction (they step
/// aside for its favorites anyway) and creates them again before it ends: whether it commits,
/// fails or is a dry run, the schema afterwards is the one before, and a favorite saved
/// afterwards runs every trigger.
@Suite("The INSERT triggers an import sets aside")
struct ImportInsertTriggerTests {
  let database: QuoteDatabase

  init() throws {
    database = try QuoteDatabase.inMemory()
  }

  /// Every trigger's name and statement, by name.
  func triggers() throws -> [String] {
    try database.writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name"
      ).map { row in "\(row["name"] as String): \(row["sql"] as String)" }
    }
  }

  /// The names of the triggers that run after an INSERT into `favorite`, in the order they were
  /// created (which decides the order SQLite runs them in).
  func insertTriggers() throws -> [String] {
    try database.writer.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT name FROM sqlite_master WHERE type = 'trigger'
          AND sql LIKE '%AFTER INSERT ON favorite' || char(10) || '%' ORDER BY rowid
          """)
    }
  }

  /// Adds `quote` as a plain favorite and checks that every INSERT trigger ran for it: it is
  /// found, counted by author and undone on its own.
  func addAndCheckTriggers(_ quote: Quote, word: String) throws {
    guard case .added(let favorite) = try database.addFavorite(quote, at: testDate) else {
      Issue.record("\(quote.author) was not added")
      return
    }
    var ids: [Int64] = []
    try database.forEachSearchHit(try SearchQuery(word), tag: nil, matches: false) {
      ids.append($0.favorite.id)
    }
    #expect(ids == [favorite.id])
    _ = try BulkImportTests.checkedRows(database.writer)
    #expect(try database.undoLastChange()?.kind == .add)
    #expect(try database.favorite(id: favorite.id) == nil)
    _ = try BulkImportTests.checkedRows(database.writer)
  }

  @Test("After an import, a failed import and a dry run, the triggers are as before and run")
  func triggersComeBack() throws {
    let before = try triggers()
    let insertOrder = [
      "favorite_after_insert", "favorite_search_after_insert", "favorite_undo_after_insert",
    ]
    #expect(try insertTriggers() == insertOrder)

    let counts = try database.importFavorites(
      [
        ImportedQuote(position: 1, quote: Samples.rumi, tags: ["heart"]),
        ImportedQuote(position: 2, quote: Samples.rumi, note: "again", tags: ["soul"]),
        ImportedQuote(position: 3, quote: Samples.seneca),
      ], at: testDate, dryRun: false)
    #expect(counts.added == 2 && counts.alreadyFavorites == 1)
    // The duplicate's failed INSERT, with no statement journal now, took no id and left
    // nothing: the next favorite has the next id, and the first has both tags and the note.
    let rows = try database.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT id, note, tags FROM favorite ORDER BY id")
        .map { "\($0["id"] as Int64) \($0["note"] as String) \($0["tags"] as String)" }
    }
    #expect(rows == ["1 again heart soul", "2  "])
    #expect(try triggers() == before)
    #expect(try insertTriggers() == insertOrder)
    try addAndCheckTriggers(Samples.lao, word: "journey")

    struct Broken: Error {}
    #expect(throws: Broken.self) {
      try database.importFavorites(count: 2, at: testDate, dryRun: false) { insert in
        insert(ImportedQuote(position: 1, quote: Samples.seneca))
        throw Broken()
      }
    }
    #expect(try triggers() == before)
    #expect(try insertTriggers() == insertOrder)
    try addAndCheckTriggers(Samples.lao, word: "journey")

    let dry = try database.importFavorites(
      [ImportedQuote(position: 1, quote: Samples.socrates, tags: ["time"])], at: testDate,
      dryRun: true)
    #expect(dry.added == 1)
    #expect(try triggers() == before)
    #expect(try insertTriggers() == insertOrder)
    try addAndCheckTriggers(Samples.lao, word: "journey")
  }
}
