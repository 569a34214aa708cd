import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// The trash, edits and the undo log (migration 0006) on a real database.
@Suite("Trash, edit and undo in the database")
struct LibraryUndoTests {
  let database: QuoteDatabase

  init() throws {
    database = try QuoteDatabase.inMemory()
  }

  /// Adds the samples: ids 1 to 4 (Rumi, Umar, Lao Tzu, Seneca).
  func addSamples() throws {
    for quote in [Samples.rumi, Samples.umar, Samples.lao, Samples.seneca] {
      _ = try database.addFavorite(quote, at: testDate)
    }
  }

  /// Tags favorite `id` (or untags it, with `kind` `.untag`) as `fav tag` and `fav untag` do.
  func tag(_ id: Int64, _ tags: [String], kind: LibraryChange.Kind = .tag) throws {
    let tags = try tags.map { try FavoriteTag($0) }
    if kind == .tag {
      _ = try database.tag(id: id, with: tags, at: testDate)
    } else {
      _ = try database.untag(id: id, tags: tags, at: testDate)
    }
  }

  /// Everything the undo must put back as it was: every favorite's row, the tags, the trash,
  /// and the derived tables (author counts, full-text index) checked against the favorites.
  func snapshot() throws -> [String] {
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

  @Test("rm moves favorites to the trash whole; restore brings them back under their ids")
  func trashAndRestore() throws {
    try addSamples()
    try tag(2, ["wisdom", "speech"])
    try database.writer.write { db in
      try db.execute(sql: "UPDATE favorite SET note = 'from a friend' WHERE id = 2")
    }
    let before = try snapshot()

    let removed = try database.trashFavorites(ids: [2, 4, 2], at: testDate)
    #expect(removed.map(\.id) == [2, 4])
    #expect(try database.favorites().map(\.id) == [1, 3])
    let trash = try database.trashedFavorites()
    #expect(trash.map(\.favorite.id) == [2, 4])
    #expect(trash[0].favorite.note == "from a friend")
    #expect(trash[0].favorite.tags == ["speech", "wisdom"])
    #expect(trash[0].favorite.quote == Samples.umar)

    let restored = try database.restoreFavorites(ids: [4, 2], at: testDate)
    #expect(restored.map(\.id) == [4, 2])
    #expect(restored[1].note == "from a friend")
    #expect(restored[1].tags == ["speech", "wisdom"])
    #expect(try database.favorite(id: 2)?.tags == ["speech", "wisdom"])
    #expect(try database.trashedFavorites().isEmpty)
    #expect(try snapshot() == before)
  }

  @Test("An unknown id moves nothing to the trash; an id not in the trash restores nothing")
  func badIDs() throws {
    try addSamples()
    #expect(throws: StorageError.noSuchFavorite(id: 99)) {
      try database.trashFavorites(ids: [1, 99], at: testDate)
    }
    #expect(try database.favoriteCount() == 4)
    _ = try database.trashFavorites(ids: [1], at: testDate)
    #expect(throws: StorageError.noSuchTrashedFavorite(id: 3)) {
      try database.restoreFavorites(ids: [1, 3], at: testDate)
    }
    #expect(try database.trashedFavorites().map(\.favorite.id) == [1])
    #expect(try database.favoriteCount() == 3)
  }

  @Test("Restoring a quote saved again since is refused, and nothing is restored")
  func restoreDuplicate() throws {
    try addSamples()
    _ = try database.trashFavorites(ids: [1, 3], at: testDate)
    guard case .added(let again) = try database.addFavorite(Samples.rumi, at: testDate) else {
      Issue.record("Rumi was not added again")
      return
    }
    #expect(again.id == 5)
    let before = try snapshot()
    #expect(throws: StorageError.duplicateFavorite(id: 1)) {
      try database.restoreFavorites(ids: [3, 1], at: testDate)
    }
    #expect(try snapshot() == before)
  }

  @Test("An edit keeps the id, recomputes the keys and author search, and undoes exactly")
  func edit() throws {
    try addSamples()
    let before = try snapshot()
    let edited = try database.editFavorite(
      id: 3,
      quote: Quote(text: "A journey of a thousand li.", author: "Laozi", source: .zenQuotes),
      note: "Tao Te Ching, 64", at: testDate)
    #expect(edited.id == 3)
    #expect(try database.favorites(authorContaining: "laozi").map(\.id) == [3])
    #expect(try database.favorites(authorContaining: "lao tzu").isEmpty)
    #expect(try database.favorite(id: 3)?.note == "Tao Te Ching, 64")
    // The keys changed with the words: the old quote can be saved again.
    guard case .added = try database.addFavorite(Samples.lao, at: testDate) else {
      Issue.record("The old words were still a favorite")
      return
    }
    _ = try database.undoLastChange()
    #expect(try database.undoLastChange()?.summary == "editing favorite 3")
    #expect(try snapshot() == before)
  }

  @Test("An edit that makes a favorite equal to another is refused; nothing changes")
  func editDuplicate() throws {
    try addSamples()
    let before = try snapshot()
    let changes = try database.libraryChanges()
    #expect(throws: StorageError.duplicateFavorite(id: 3)) {
      try database.editFavorite(
        id: 3,
        quote: Quote(
          text: "luck is what happens when  preparation meets opportunity.",
          author: "SENECA", source: .manual), note: "", at: testDate)
    }
    #expect(throws: StorageError.noSuchFavorite(id: 42)) {
      try database.editFavorite(id: 42, quote: Samples.socrates, note: "", at: testDate)
    }
    #expect(try snapshot() == before)
    #expect(try database.libraryChanges() == changes)
  }

  @Test("Undo walks back add, tag, untag, rm, edit and restore, newest first")
  func walksBack() throws {
    var states = [try snapshot()]
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
      states.append(try snapshot())
    }
    try tag(1, ["ocean", "heart"])
    states.append(try snapshot())
    try tag(1, ["ocean"], kind: .untag)
    states.append(try snapshot())
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    states.append(try snapshot())
    _ = try database.restoreFavorites(ids: [1], at: testDate)
    states.append(try snapshot())
    _ = try database.editFavorite(id: 1, quote: Samples.socrates, note: "n", at: testDate)
    states.append(try snapshot())

    let summaries = try database.libraryChanges().map(\.summary)
    #expect(
      summaries == [
        "editing favorite 1", "restoring favorite 1", "removing 2 favorites (1, 2)",
        "taking #ocean off favorite 1", "tagging favorite 1 with #heart #ocean",
        "adding favorite 3", "adding favorite 2", "adding favorite 1",
      ])
    for expected in states.dropLast().reversed() {
      #expect(try database.undoLastChange() != nil)
      #expect(try snapshot() == expected)
    }
    #expect(try database.undoLastChange() == nil)
    // Ids are never reused, even after an add was undone.
    guard case .added(let favorite) = try database.addFavorite(Samples.seneca, at: testDate)
    else {
      Issue.record("Seneca was not added")
      return
    }
    #expect(favorite.id == 4)
  }

  @Test("A duplicate add and an unchanged trash record no change")
  func noEmptyChanges() throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    #expect(try database.libraryChanges().map(\.kind) == [.add])
  }

  @Test("An import's notes and tags, on new favorites and merged into saved ones, undo with it")
  func importNotesAndTagsUndo() throws {
    try addSamples()
    try tag(1, ["ocean"])
    let before = try snapshot()
    let quotes = [
      ImportedQuote(
        position: 1, quote: Quote(text: "New words", author: "Someone", source: .manual),
        note: "a new note", tags: ["journey", "fresh"]),
      ImportedQuote(position: 2, quote: Samples.rumi, note: "merged note", tags: ["heart"]),
    ]
    let counts = try database.importFavorites(quotes, at: testDate, dryRun: false)
    #expect(counts.added == 1)
    #expect(try database.favorite(id: 1)?.tags == ["heart", "ocean"])
    #expect(try database.favorite(id: 1)?.note == "merged note")
    #expect(try database.favorite(id: 5)?.tags == ["fresh", "journey"])
    #expect(try database.libraryChanges().first?.summary == "importing 1 favorite")
    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try snapshot() == before)

    // Only tags and notes for saved favorites: still one change, said as such.
    _ = try database.importFavorites([quotes[1]], at: testDate, dryRun: false)
    #expect(try database.libraryChanges().first?.summary == "importing notes and tags")
    _ = try database.undoLastChange()
    #expect(try snapshot() == before)
  }

  @Test("An import is one change, logged as one range of ids, undone as a whole")
  func importUndo() throws {
    try addSamples()
    _ = try database.trashFavorites(ids: [2], at: testDate)
    let before = try snapshot()
    let quotes = (1...500).map {
      ImportedQuote(
        position: $0, quote: Quote(text: "Quote \($0)", author: "Author \($0 % 7)", source: .manual)
      )
    }
    let counts = try database.importFavorites(
      quotes + [ImportedQuote(position: 501, quote: Samples.rumi)], at: testDate, dryRun: false)
    #expect(counts.added == 500)
    #expect(counts.alreadyFavorites == 1)
    let steps = try database.writer.read { db in
      try Row.fetchAll(
        db,
        sql: "SELECT sql, first_added_id, last_added_id FROM library_undo_step "
          + "WHERE change_id = (SELECT max(id) FROM library_change)")
    }
    #expect(steps.count == 1)
    #expect(steps.first.map { [$0[1], $0[2]] as [Int64] } == [5, 504])
    #expect(try database.libraryChanges().first?.summary == "importing 500 favorites")

    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try snapshot() == before)
    #expect(try database.undoLastChange()?.summary == "removing favorite 2")
    #expect(try database.trashedFavorites().isEmpty)
  }

  @Test("A dry-run import records nothing")
  func dryRun() throws {
    _ = try database.importFavorites(
      [ImportedQuote(position: 1, quote: Samples.rumi)], at: testDate, dryRun: true)
    #expect(try database.libraryChanges().isEmpty)
  }

  @Test("Emptying the trash deletes for good and forgets the history")
  func emptyTrash() throws {
    try addSamples()
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    #expect(try database.emptyTrash() == 2)
    #expect(try database.trashedFavorites().isEmpty)
    #expect(try database.libraryChanges().isEmpty)
    #expect(try database.undoLastChange() == nil)
    #expect(try database.favorites().map(\.id) == [3, 4])
    #expect(throws: StorageError.noSuchTrashedFavorite(id: 1)) {
      try database.restoreFavorites(ids: [1], at: testDate)
    }
  }

  @Test("The history keeps the last changes up to its limit")
  func historyLimit() throws {
    for index in 1...(QuoteDatabase.undoHistoryLimit + 5) {
      _ = try database.addFavorite(
        Quote(text: "Quote \(index)", author: "A", source: .manual), at: testDate)
    }
    let changes = try database.libraryChanges()
    #expect(changes.count == QuoteDatabase.undoHistoryLimit)
    #expect(changes.last?.summary == "adding favorite 6")
    let steps = try database.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM library_undo_step")
    }
    #expect(steps == QuoteDatabase.undoHistoryLimit)
  }

  @Test("The trash and the history survive closing the file")
  func survivesReopen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("powerquotes.sqlite")
    do {
      let database = try QuoteDatabase.open(path: path)
      _ = try database.addFavorite(Samples.rumi, at: testDate)
      _ = try database.addFavorite(Samples.lao, at: testDate)
      _ = try database.trashFavorites(ids: [1], at: testDate)
    }
    let reopened = try QuoteDatabase.open(path: path)
    #expect(try reopened.trashedFavorites().map(\.favorite.id) == [1])
    #expect(try reopened.undoLastChange()?.summary == "removing favorite 1")
    #expect(try reopened.favorites().map(\.id) == [1, 2])
    #expect(try reopened.undoLastChange()?.summary == "adding favorite 2")
  }

  @Test("A change made behind the log's back makes undo fail whole, changing nothing")
  func undoFailsWhole() throws {
    try addSamples()
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    // Not through the app: a favorite equal to Rumi's takes its place, unrecorded.
    try database.writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
            author_folded)
          SELECT quote, author, source, saved_at, quote_key, author_key, author_folded
          FROM trashed_favorite WHERE id = 1
          """)
    }
    let before = try snapshot()
    #expect(throws: StorageError.self) { try database.undoLastChange() }
    #expect(try snapshot() == before)
    #expect(try database.libraryChanges().count == 5)
  }
}
