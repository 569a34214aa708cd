import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// An import's favorites as one bulk write (migration 0007): the per-row triggers step aside and
/// the import writes the author counts, the full-text index, the tags column and its undo step
/// for the whole range; the undo deletes the range the same way.
@Suite("Bulk imports and their undo")
struct BulkImportTests {
  let database: QuoteDatabase

  init() throws {
    database = try QuoteDatabase.inMemory()
  }

  /// The ids of the favorites `fav find QUERY` lists, best first.
  func found(_ query: String, tag: String? = nil) throws -> [Int64] {
    var ids: [Int64] = []
    try database.forEachSearchHit(
      try SearchQuery(query), tag: try tag.map { try FavoriteTag($0) }, matches: false
    ) { ids.append($0.favorite.id) }
    return ids
  }

  /// Every row of the library, after checking that what the triggers keep matches the
  /// favorites: the full-text index, the author counts and each `tags` column; and that the
  /// bulk-write table is empty, as it is outside a transaction, where every trigger runs.
  func checkedRows() throws -> [String] {
    try BulkImportTests.checkedRows(database.writer)
  }

  static func checkedRows(_ writer: any DatabaseWriter) throws -> [String] {
    try writer.write { db in
      // Throws when the full-text index does not match the favorites.
      try db.execute(
        sql: "INSERT INTO favorite_search (favorite_search) VALUES ('integrity-check')")
      if try db.tableExists("favorite_bulk_write") {
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite_bulk_write") == 0)
      }
      let counts = try Row.fetchAll(
        db, sql: "SELECT folded, favorite_count FROM favorite_author ORDER BY folded")
      let expected = try Row.fetchAll(
        db,
        sql: """
          SELECT author_folded AS folded, count(*) AS favorite_count FROM favorite
          GROUP BY author_folded ORDER BY author_folded
          """)
      #expect(counts.map { "\($0)" } == expected.map { "\($0)" })
      let wrongTags = try Int64.fetchAll(
        db,
        sql: """
          SELECT id FROM favorite WHERE tags != coalesce((
            SELECT group_concat(tag, ' ') FROM (
              SELECT tag FROM favorite_tag WHERE favorite_id = favorite.id ORDER BY tag)), '')
          """)
      #expect(wrongTags == [])
      // Since migration 8, each favorite's keys hashed as the app hashes them (a row no SQL
      // could hash yet, NULL, only between an old undo step and the next import).
      if try db.columns(in: "favorite").contains(where: { $0.name == "key_hash" }) {
        for row in try Row.fetchAll(
          db, sql: "SELECT quote_key, author_key, key_hash FROM favorite ORDER BY id")
        {
          if let hash = row[2] as Int64? {
            #expect(hash == QuoteKey(quote: row[0], author: row[1]).keyHash)
          }
        }
      }
      // The columns a favorite had before migration 8, which only added key_hash.
      var lines = try Row.fetchAll(
        db,
        sql: """
          SELECT id, quote, author, source, source_id, saved_at, quote_key, author_key,
            author_folded, note, tags
          FROM favorite ORDER BY id
          """
      ).map { "\($0)" }
      lines += try Row.fetchAll(db, sql: "SELECT * FROM favorite_tag ORDER BY 1, 2").map {
        "\($0)"
      }
      // The trash's columns before migration 12, which only added the work.
      lines += try Row.fetchAll(
        db,
        sql: """
          SELECT id, quote, author, source, source_id, saved_at, quote_key, author_key,
            author_folded, note, tags, trashed_at
          FROM trashed_favorite ORDER BY id
          """
      ).map { "\($0)" }
      return lines
    }
  }

  @Test("Imported quotes, notes and tags are found; duplicates count; undo takes exactly them")
  func importFindUndo() throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    _ = try database.tag(id: 1, with: [FavoriteTag("ocean")], at: testDate)
    let before = try checkedRows()

    let lantern = Quote(text: "A lantern in the fog", author: "Émile Zola", source: .imported)
    let quotes = [
      ImportedQuote(position: 1, quote: lantern, note: "from a letter", tags: ["zèbre", "apple"]),
      ImportedQuote(
        position: 2, quote: Quote(text: "Quiet harbours", author: "Rumi", source: .imported)),
      // The same quote again: its tags and note join the favorite row 1 made.
      ImportedQuote(position: 3, quote: lantern, note: "ignored", tags: ["école", "apple"]),
      // A saved favorite: its tags join, its note fills the empty one.
      ImportedQuote(position: 4, quote: Samples.rumi, note: "merged note", tags: ["heart"]),
      ImportedQuote(position: 5, quote: Samples.umar),
    ]
    let counts = try database.importFavorites(quotes, at: testDate, dryRun: false)
    #expect(counts.added == 2)
    #expect(counts.alreadyFavorites == 3)
    _ = try checkedRows()

    let lanternFavorite = try #require(try database.favorite(id: 3))
    #expect(lanternFavorite.tags == ["apple", "zèbre", "école"])
    #expect(lanternFavorite.note == "from a letter")
    #expect(try database.favorite(id: 1)?.tags == ["heart", "ocean"])
    #expect(try database.favorite(id: 1)?.note == "merged note")
    #expect(try found("lantern") == [3])
    #expect(try found("zola") == [3])
    #expect(try found("letter") == [3])
    #expect(try found("ecole") == [3])
    #expect(try found("zebre", tag: "apple") == [3])
    #expect(try found("harbours") == [4])
    #expect(try found("heart").contains(1))
    #expect(try found("merged") == [1])
    #expect(try database.favorites(authorContaining: "rumi").map(\.id) == [1, 4])
    #expect(try database.favorites(authorContaining: "zola").map(\.id) == [3])

    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "importing 2 favorites")
    #expect(try checkedRows() == before)
    #expect(try found("lantern") == [])
    #expect(try found("merged") == [])
    #expect(try database.favorites(authorContaining: "zola").isEmpty)
    // The change before the import is next.
    #expect(try database.libraryChanges().first?.kind == .tag)
  }

  @Test("An import's tags column is what fav tag's trigger writes, for any order of tags")
  func tagsColumnAsTriggers() throws {
    let tags = ["zèbre", "école", "apple", "Ωmega".lowercased(), "a-b", "a", "z9"]
    _ = try database.importFavorites(
      [ImportedQuote(position: 1, quote: Samples.lao, tags: tags)], at: testDate, dryRun: false)
    _ = try database.addFavorite(Samples.seneca, at: testDate)
    _ = try database.tag(id: 2, with: try tags.map { try FavoriteTag($0) }, at: testDate)
    let columns = try database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT tags FROM favorite ORDER BY id")
    }
    #expect(columns.count == 2)
    #expect(columns.first == columns.last)
    _ = try checkedRows()
  }

  @Test("Imported favorites take later edits, tags, trash and undo like any other")
  func laterChanges() throws {
    let quotes = (1...300).map {
      ImportedQuote(
        position: $0,
        quote: Quote(text: "Saying number \($0)", author: "Author \($0 % 5)", source: .imported),
        tags: $0 % 2 == 0 ? ["even"] : [])
    }
    #expect(try database.importFavorites(quotes, at: testDate, dryRun: false).added == 300)
    let imported = try checkedRows()
    _ = try database.tag(id: 7, with: [FavoriteTag("lucky")], at: testDate)
    _ = try database.editFavorite(
      try #require(try database.favorite(id: 8)),
      quote: Quote(text: "Saying changed", author: "Author 3", source: .imported),
      note: "edited", at: testDate)
    _ = try database.trashFavorites(ids: [9, 10], at: testDate)
    _ = try checkedRows()
    #expect(try found("lucky") == [7])
    #expect(try found("changed") == [8])
    #expect(try found("even").count == 149)
    for _ in 1...3 { _ = try database.undoLastChange() }
    #expect(try checkedRows() == imported)
    #expect(
      try database.undoLastChange().map(LibraryChangeView.summary) == "importing 300 favorites")
    #expect(try checkedRows() == [])
    #expect(try found("saying") == [])
  }

  @Test("An import that fails part-way leaves nothing, and the next change is indexed")
  func failedImportLeavesNothing() throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let before = try checkedRows()
    struct Broken: Error {}
    #expect(throws: Broken.self) {
      try database.importFavorites(count: 3, at: testDate, dryRun: false) { insert in
        insert(ImportedQuote(position: 1, quote: Samples.lao, note: "n", tags: ["road"]))
        insert(ImportedQuote(position: 2, quote: Samples.rumi, tags: ["heart"]))
        throw Broken()
      }
    }
    #expect(try checkedRows() == before)
    #expect(try database.libraryChanges().map(\.kind) == [.add])
    #expect(try found("road") == [])
    // The triggers run again outside an import: a plain add is indexed and counted.
    guard case .added(let favorite) = try database.addFavorite(Samples.lao, at: testDate) else {
      Issue.record("Lao Tzu was not added")
      return
    }
    #expect(try found("journey") == [favorite.id])
    _ = try checkedRows()

    // A dry run changes nothing either.
    let dry = try database.importFavorites(
      [ImportedQuote(position: 1, quote: Samples.seneca, tags: ["time"])], at: testDate,
      dryRun: true)
    #expect(dry.added == 1)
    #expect(try found("time") == [])
    _ = try checkedRows()
  }

  @Test("A database at the schema before 0007 upgrades in place, everything kept and undoable")
  func upgradesFromBefore0007() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let rows: [String]
    do {
      // What the previous release made: its migrations, and its own triggers writing the rows
      // (favorites, a note, tags, the trash and the undo history of an import and a tag).
      let earlier = try EarlierSchema(path: path, before: "0007")
      let queue = earlier.queue
      try queue.write { db in
        try EarlierSchema.insert(Samples.rumi, note: "a note", in: db)
        try EarlierSchema.recording("import", in: db) {
          try EarlierSchema.insert(Samples.umar, in: db)
          try EarlierSchema.insert(Samples.lao, in: db)
          try db.execute(sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (3, 'road')")
        }
        try EarlierSchema.recording("tag", in: db) {
          try db.execute(sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (1, 'heart')")
        }
        try EarlierSchema.insert(Samples.seneca, in: db)
        try db.execute(
          sql: """
            INSERT INTO trashed_favorite SELECT id, quote, author, source, source_id, saved_at,
              quote_key, author_key, author_folded, note, tags, '2026-11-02 10:00:00.000'
            FROM favorite WHERE id = 4
            """)
        try db.execute(sql: "DELETE FROM favorite WHERE id = 4")
      }
      #expect(
        try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == earlier.version)
      rows = try Self.checkedRows(queue)
    }

    let database = try QuoteDatabase.open(path: path)
    let upgraded = try database.writer.read { db in
      try Int.fetchOne(db, sql: "PRAGMA user_version")
    }
    #expect(upgraded == QuoteDatabase.schemaVersion)
    #expect(try checkedRowsOf(database) == rows)
    var hits: [Int64] = []
    try database.forEachSearchHit(try SearchQuery("note")) { hits.append($0.favorite.id) }
    try database.forEachSearchHit(try SearchQuery("road")) { hits.append($0.favorite.id) }
    #expect(hits == [1, 3])
    #expect(try database.trashedFavorites().map(\.favorite.id) == [4])

    // The history written before the upgrade undoes as it did.
    #expect(try database.undoLastChange()?.kind == .tag)
    #expect(try database.favorite(id: 1)?.tags == [])
    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try database.favorites().map(\.id) == [1])
    _ = try checkedRowsOf(database)

    // And a new import goes through the bulk write.
    let counts = try database.importFavorites(
      [ImportedQuote(position: 1, quote: Samples.umar, tags: ["faith"])], at: testDate,
      dryRun: false)
    #expect(counts.added == 1)
    #expect(try database.favorites().map(\.id) == [1, 5])
    hits = []
    try database.forEachSearchHit(try SearchQuery("faith")) { hits.append($0.favorite.id) }
    #expect(hits == [5])
    _ = try checkedRowsOf(database)
  }

  private func checkedRowsOf(_ database: QuoteDatabase) throws -> [String] {
    try Self.checkedRows(database.writer)
  }
}
