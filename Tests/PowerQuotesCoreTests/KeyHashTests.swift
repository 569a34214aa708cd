import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// Duplicates found through a hash of the keys (migration 0008): the schema still refuses an
/// equal favorite from any writer, a hash two different keys share refuses neither, and a
/// database of the schema before upgrades with every row, id and undo step kept.
@Suite("The hash of a favorite's keys")
struct KeyHashTests {
  /// The SQL of a favorite with these keys and hash, by hand.
  static let insert = """
    INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key, author_folded,
      key_hash)
    VALUES (?, ?, 'manual', '2026-01-01 00:00:00.000', ?, ?, 'a', ?)
    """

  @Test("The hash is FNV-1a over the keys' UTF-8 with a 0xFF byte between, as stored")
  func hashIsFixed() {
    // Worked out apart (FNV-1a: offset basis 0xcbf29ce484222325, prime 0x100000001b3): the
    // databases hold these values, so they may never change.
    #expect(QuoteKey(quote: "", author: "").keyHash == Int64(bitPattern: 0xaf64_724c_8602_eb6e))
    #expect(QuoteKey(quote: "a", author: "b").keyHash == Int64(bitPattern: 0xe57d_a319_03de_37b1))
    #expect(QuoteKey(quote: "ab", author: "").keyHash == Int64(bitPattern: 0xe720_2e19_0542_452f))
  }

  @Test("The schema refuses equal keys from any writer, by hash or without one")
  func schemaRefusesDuplicates() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    _ = try QuoteDatabase.open(path: path)
    let queue = try DatabaseQueue(path: path)
    let key = QuoteKey(quote: "x", author: "a")
    try queue.write { db in
      try db.execute(sql: Self.insert, arguments: ["x", "a", "x", "a", key.keyHash])
    }
    for hash in [key.keyHash, nil] {
      let error = #expect(throws: DatabaseError.self) {
        try queue.write { db in
          try db.execute(sql: Self.insert, arguments: ["X", "A", "x", "a", hash])
        }
      }
      #expect(error.map(QuoteDatabase.isDuplicateFavorite) == true)
    }
    // A favorite saved without its hash is found by the next one that has it.
    let other = QuoteKey(quote: "y", author: "a")
    try queue.write { db in
      try db.execute(sql: Self.insert, arguments: ["y", "a", "y", "a", nil])
    }
    #expect(throws: DatabaseError.self) {
      try queue.write { db in
        try db.execute(sql: Self.insert, arguments: ["Y", "a", "y", "a", other.keyHash])
      }
    }
    // Changing keys into another favorite's is refused too, with or without the new hash.
    for hash in ["key_hash", "?"] {
      #expect(throws: DatabaseError.self) {
        try queue.write { db in
          try db.execute(
            sql: """
              UPDATE favorite SET quote_key = 'x', key_hash = \(hash == "?" ? "?" : hash)
              WHERE quote_key = 'y'
              """,
            arguments: hash == "?" ? [key.keyHash] : [])
        }
      }
    }
    #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM favorite") } == 2)
  }

  @Test("Two different keys with one hash are two favorites, in add, import, edit and restore")
  func collidingHashes() throws {
    let database = try QuoteDatabase.inMemory()
    let quote = Quote(text: "Collide with me.", author: "Someone", source: .manual)
    // A favorite whose stored hash is that of `quote`'s keys, but whose keys are other.
    try database.writer.write { db in
      try db.execute(
        sql: Self.insert,
        arguments: ["Other words.", "Someone", "other words.", "someone", quote.key.keyHash])
    }
    let imported = try database.importFavorites(
      [ImportedQuote(position: 1, quote: quote, tags: ["t"])], at: testDate, dryRun: false)
    #expect(imported.added == 1)
    let again = try database.importFavorites(
      [ImportedQuote(position: 1, quote: quote, note: "n")], at: testDate, dryRun: false)
    #expect(again.added == 0 && again.alreadyFavorites == 1)
    #expect(try database.favorite(id: 2)?.note == "n")
    guard case .alreadyFavorite(let existing) = try database.addFavorite(quote, at: testDate)
    else {
      Issue.record("the imported quote was added again")
      return
    }
    #expect(existing.id == 2)
    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try database.favorite(id: 2)?.note == "")

    // An edit to the keys of the first, and back.
    let edited = Quote(text: "Edited words.", author: "Someone", source: .manual)
    _ = try database.editFavorite(
      try #require(try database.favorite(id: 1)), quote: edited, note: "", at: testDate)
    #expect(throws: StorageError.duplicateFavorite(id: 1)) {
      try database.editFavorite(
        try #require(try database.favorite(id: 1)), quote: quote, note: "", at: testDate)
    }
    _ = try database.trashFavorites(ids: [2], at: testDate)
    guard case .added(let readded) = try database.addFavorite(quote, at: testDate) else {
      Issue.record("the trashed quote was not added")
      return
    }
    #expect(throws: StorageError.duplicateFavorite(id: 2)) {
      try database.restoreFavorites(ids: [2], at: testDate)
    }
    _ = try database.removeFavorites(ids: [readded.id])
    #expect(try database.restoreFavorites(ids: [2], at: testDate).map(\.id) == [2])
    _ = try BulkImportTests.checkedRows(database.writer)
  }

  @Test("A database at the schema before 0008 upgrades in place: rows, ids, hashes and undo")
  func upgradesFromBefore0008() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let rows: [String]
    do {
      // What the previous release made, written through its own triggers.
      let earlier = try EarlierSchema(path: path, before: "0008")
      let queue = earlier.queue
      try queue.write { db in
        try EarlierSchema.insert(Samples.rumi, in: db)
        try EarlierSchema.insert(Samples.umar, in: db)
        try EarlierSchema.insert(Samples.lao, in: db)
        try EarlierSchema.insert(Samples.seneca, in: db)
        try db.execute(sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (2, 'faith')")
        // The highest id goes to the trash: no new favorite may take it.
        try db.execute(
          sql: """
            INSERT INTO trashed_favorite SELECT id, quote, author, source, source_id, saved_at,
              quote_key, author_key, author_folded, note, tags, '2026-11-02 10:00:00.000'
            FROM favorite WHERE id = 4
            """)
        try db.execute(sql: "DELETE FROM favorite WHERE id = 4")
        // Undo steps in the earlier form: a removal and an edit of the keys.
        try EarlierSchema.recording("remove", in: db) {
          try db.execute(sql: "DELETE FROM favorite WHERE id = 1")
        }
        let edited = QuoteKey(text: "Be mindful.", author: Samples.umar.author)
        try EarlierSchema.recording("edit", in: db) {
          try db.execute(
            sql: "UPDATE favorite SET quote = 'Be mindful.', quote_key = ? WHERE id = 2",
            arguments: [edited.quote])
        }
      }
      #expect(
        try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == earlier.version)
      rows = try BulkImportTests.checkedRows(queue)
    }

    let database = try QuoteDatabase.open(path: path)
    let (version, unhashed, uniqueIndexes) = try database.writer.read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite WHERE key_hash IS NULL"),
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM pragma_index_list('favorite') WHERE \"unique\"")
      )
    }
    #expect(version == QuoteDatabase.schemaVersion)
    #expect(unhashed == 0)
    #expect(uniqueIndexes == 0)
    #expect(try BulkImportTests.checkedRows(database.writer) == rows)
    #expect(try database.favoriteCount() == 2)
    var hits: [Int64] = []
    try database.forEachSearchHit(try SearchQuery("faith")) { hits.append($0.favorite.id) }
    #expect(hits == [2])

    // The old steps undo as they did; the edit's gives the old keys back without their hash.
    #expect(try database.undoLastChange()?.kind == .edit)
    #expect(try database.favorite(id: 2)?.quote.text == Samples.umar.text)
    #expect(try database.undoLastChange()?.kind == .remove)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
    // Both are still refused as duplicates, and found as the favorites they are.
    guard case .alreadyFavorite(let rumi) = try database.addFavorite(Samples.rumi, at: testDate)
    else {
      Issue.record("Rumi was added twice")
      return
    }
    #expect(rumi.id == 1)
    let counts = try database.importFavorites(
      [
        ImportedQuote(position: 1, quote: Samples.umar),
        ImportedQuote(position: 2, quote: Samples.socrates),
      ],
      at: testDate, dryRun: false)
    #expect(counts.added == 1 && counts.alreadyFavorites == 1)
    // The import hashed what the old steps wrote; the new favorite is above the trashed id.
    #expect(
      try database.writer.read {
        try Int.fetchOne($0, sql: "SELECT count(*) FROM favorite WHERE key_hash IS NULL")
      } == 0)
    #expect(try database.favorites().map(\.id) == [1, 2, 3, 5])
    #expect(try database.restoreFavorites(ids: [4], at: testDate).isEmpty == false)
    _ = try BulkImportTests.checkedRows(database.writer)
  }
}
