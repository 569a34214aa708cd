import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// The trash, edits and the undo log (migration 0006) on a real database, on each store.
@Suite("Trash, edit and undo in the database")
struct LibraryUndoTests {
  /// Adds the samples: ids 1 to 4 (Rumi, Umar, Lao Tzu, Seneca).
  func addSamples(_ database: any QuoteStore) throws {
    for quote in [Samples.rumi, Samples.umar, Samples.lao, Samples.seneca] {
      _ = try database.addFavorite(quote, at: testDate)
    }
  }

  /// Tags favorite `id` (or untags it, with `kind` `.untag`) as `fav tag` and `fav untag` do.
  func tag(
    _ database: any QuoteStore, _ id: Int64, _ tags: [String], kind: LibraryChange.Kind = .tag
  ) throws {
    let tags = try tags.map { try FavoriteTag($0) }
    if kind == .tag {
      _ = try database.tag(id: id, with: tags, at: testDate)
    } else {
      _ = try database.untag(id: id, tags: tags, at: testDate)
    }
  }

  @Test(
    "A change is kept as facts; one an earlier version kept as its phrase is said as it was",
    arguments: StoreFactory.all)
  func storedFacts(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    try tag(database, 2, ["life", "stoic"])
    _ = try database.trashFavorites(ids: [3, 1], at: testDate)
    #expect(
      try LibrarySQL.rows(database, "SELECT summary FROM library_change ORDER BY id")
        == [["1"], ["2"], ["3"], ["4"], ["2 #life #stoic"], ["3 1"]])
    let changes = try database.libraryChanges()
    let tags = [try FavoriteTag("life"), try FavoriteTag("stoic")]
    #expect(changes.first?.facts == LibraryChange.Facts(favoriteIDs: [3, 1]))
    #expect(changes.dropFirst().first?.facts == LibraryChange.Facts(favoriteIDs: [2], tags: tags))

    // Rows an earlier powerquotes wrote: its phrase, even one that starts with a number.
    try LibrarySQL.run(
      database,
      """
      UPDATE library_change SET summary = 'removing 2 favorites (3, 1)' WHERE kind = 'remove';
      UPDATE library_change SET summary = '2 tags on favorite 2' WHERE kind = 'tag'
      """)
    let earlier = try #require(try database.undoLastChange())
    #expect(earlier.earlierSummary == "removing 2 favorites (3, 1)")
    #expect(earlier.facts == LibraryChange.Facts())
    #expect(LibraryChangeView.sentence(undid: earlier) == "Undid: removing 2 favorites (3, 1).")
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "2 tags on favorite 2")
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "adding favorite 4")
  }

  @Test(
    "rm moves favorites to the trash whole; restore brings them back under their ids",
    arguments: StoreFactory.all)
  func trashAndRestore(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    try tag(database, 2, ["wisdom", "speech"])
    try LibrarySQL.run(database, "UPDATE favorite SET note = 'from a friend' WHERE id = 2")
    let before = try LibrarySQL.snapshot(database)

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
    #expect(try LibrarySQL.snapshot(database) == before)
  }

  @Test(
    "An unknown id moves nothing to the trash; an id not in the trash restores nothing",
    arguments: StoreFactory.all)
  func badIDs(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
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

  @Test(
    "Restoring a quote saved again since is refused, and nothing is restored",
    arguments: StoreFactory.all)
  func restoreDuplicate(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    _ = try database.trashFavorites(ids: [1, 3], at: testDate)
    guard case .added(let again) = try database.addFavorite(Samples.rumi, at: testDate) else {
      Issue.record("Rumi was not added again")
      return
    }
    #expect(again.id == 5)
    let before = try LibrarySQL.snapshot(database)
    #expect(throws: StorageError.duplicateFavorite(id: 1)) {
      try database.restoreFavorites(ids: [3, 1], at: testDate)
    }
    #expect(try LibrarySQL.snapshot(database) == before)
  }

  @Test(
    "An edit keeps the id, recomputes the keys and author search, and undoes exactly",
    arguments: StoreFactory.all)
  func edit(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    let before = try LibrarySQL.snapshot(database)
    let edited = try database.editFavorite(
      try #require(try database.favorite(id: 3)),
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
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "editing favorite 3")
    #expect(try LibrarySQL.snapshot(database) == before)
  }

  @Test(
    "An edit that makes a favorite equal to another is refused; nothing changes",
    arguments: StoreFactory.all)
  func editDuplicate(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    let before = try LibrarySQL.snapshot(database)
    let changes = try database.libraryChanges()
    #expect(throws: StorageError.duplicateFavorite(id: 3)) {
      try database.editFavorite(
        try #require(try database.favorite(id: 3)),
        quote: Quote(
          text: "luck is what happens when  preparation meets opportunity.",
          author: "SENECA", source: .manual), note: "", at: testDate)
    }
    #expect(throws: StorageError.noSuchFavorite(id: 42)) {
      try database.editFavorite(
        Favorite(id: 42, quote: Samples.socrates, savedAt: testDate), quote: Samples.socrates,
        note: "", at: testDate)
    }
    #expect(try LibrarySQL.snapshot(database) == before)
    #expect(try database.libraryChanges() == changes)
  }

  @Test(
    "Undo walks back add, tag, untag, rm, edit and restore, newest first",
    arguments: StoreFactory.all)
  func walksBack(store: StoreFactory) throws {
    let database = try store.make()
    var states = [try LibrarySQL.snapshot(database)]
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
      states.append(try LibrarySQL.snapshot(database))
    }
    try tag(database, 1, ["ocean", "heart"])
    states.append(try LibrarySQL.snapshot(database))
    try tag(database, 1, ["ocean"], kind: .untag)
    states.append(try LibrarySQL.snapshot(database))
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    states.append(try LibrarySQL.snapshot(database))
    _ = try database.restoreFavorites(ids: [1], at: testDate)
    states.append(try LibrarySQL.snapshot(database))
    _ = try database.editFavorite(
      try #require(try database.favorite(id: 1)), quote: Samples.socrates, note: "n",
      at: testDate)
    states.append(try LibrarySQL.snapshot(database))

    let summaries = try database.libraryChanges().map(LibraryChangeView.summary)
    #expect(
      summaries == [
        "editing favorite 1", "restoring favorite 1", "removing 2 favorites (1, 2)",
        "taking #ocean off favorite 1", "tagging favorite 1 with #heart #ocean",
        "adding favorite 3", "adding favorite 2", "adding favorite 1",
      ])
    try undoesBack(database, through: states)
  }

  @Test(
    "Undo walks back add, rm, restore, edit and remove, newest first", arguments: StoreFactory.all)
  func walksBackWithoutTags(store: StoreFactory) throws {
    let database = try store.make()
    var states = [try LibrarySQL.snapshot(database)]
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
      // Tags on the first, unrecorded: the trash and its undo carry them, and undoing the add
      // takes them with the favorite.
      if quote == Samples.rumi { try LibrarySQL.insertTags(database, 1, ["ocean", "heart"]) }
      states.append(try LibrarySQL.snapshot(database))
    }
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    states.append(try LibrarySQL.snapshot(database))
    _ = try database.restoreFavorites(ids: [1], at: testDate)
    states.append(try LibrarySQL.snapshot(database))
    _ = try database.editFavorite(
      try #require(try database.favorite(id: 1)), quote: Samples.socrates, note: "n",
      at: testDate)
    states.append(try LibrarySQL.snapshot(database))
    _ = try database.removeFavorites(ids: [3])
    states.append(try LibrarySQL.snapshot(database))

    let summaries = try database.libraryChanges().map(LibraryChangeView.summary)
    #expect(
      summaries == [
        "removing favorite 3", "editing favorite 1", "restoring favorite 1",
        "removing 2 favorites (1, 2)", "adding favorite 3", "adding favorite 2",
        "adding favorite 1",
      ])
    try undoesBack(database, through: states)
  }

  /// Undoes every change, newest first, checking that each undo brings back the state before
  /// it, and that nothing is left to undo; then the next add takes a new id, 4 (ids are never
  /// reused, even after an add was undone).
  private func undoesBack(_ database: any QuoteStore, through states: [[String]]) throws {
    for expected in states.dropLast().reversed() {
      #expect(try database.undoLastChange() != nil)
      #expect(try LibrarySQL.snapshot(database) == expected)
    }
    #expect(try database.undoLastChange() == nil)
    guard case .added(let favorite) = try database.addFavorite(Samples.seneca, at: testDate)
    else {
      Issue.record("Seneca was not added")
      return
    }
    #expect(favorite.id == 4)
  }

  @Test("A duplicate add and an unchanged trash record no change", arguments: StoreFactory.all)
  func noEmptyChanges(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    #expect(try database.libraryChanges().map(\.kind) == [.add])
  }

  @Test(
    "An import's notes and tags, on new favorites and merged into saved ones, undo with it",
    arguments: StoreFactory.all)
  func importNotesAndTagsUndo(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    try tag(database, 1, ["ocean"])
    let before = try LibrarySQL.snapshot(database)
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
    #expect(
      try database.libraryChanges().first.map(LibraryChangeView.summary) == "importing 1 favorite")
    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try LibrarySQL.snapshot(database) == before)

    // Only tags and notes for saved favorites: still one change, said as such.
    _ = try database.importFavorites([quotes[1]], at: testDate, dryRun: false)
    #expect(
      try database.libraryChanges().first.map(LibraryChangeView.summary)
        == "importing notes and tags")
    _ = try database.undoLastChange()
    #expect(try LibrarySQL.snapshot(database) == before)
  }

  @Test(
    "An import is one change, logged as one range of ids, undone as a whole",
    arguments: StoreFactory.all)
  func importUndo(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    _ = try database.trashFavorites(ids: [2], at: testDate)
    let before = try LibrarySQL.snapshot(database)
    let quotes = (1...500).map {
      ImportedQuote(
        position: $0, quote: Quote(text: "Quote \($0)", author: "Author \($0 % 7)", source: .manual)
      )
    }
    let counts = try database.importFavorites(
      quotes + [ImportedQuote(position: 501, quote: Samples.rumi)], at: testDate, dryRun: false)
    #expect(counts.added == 500)
    #expect(counts.alreadyFavorites == 1)
    let steps = try LibrarySQL.rows(
      database,
      "SELECT sql, first_added_id, last_added_id FROM library_undo_step "
        + "WHERE change_id = (SELECT max(id) FROM library_change)")
    #expect(steps == [[nil, "5", "504"]])
    #expect(
      try database.libraryChanges().first.map(LibraryChangeView.summary)
        == "importing 500 favorites")

    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try LibrarySQL.snapshot(database) == before)
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "removing favorite 2")
    #expect(try database.trashedFavorites().isEmpty)
  }

  @Test("A dry-run import records nothing", arguments: StoreFactory.all)
  func dryRun(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.importFavorites(
      [ImportedQuote(position: 1, quote: Samples.rumi)], at: testDate, dryRun: true)
    #expect(try database.libraryChanges().isEmpty)
  }

  @Test("Emptying the trash deletes for good and forgets the history", arguments: StoreFactory.all)
  func emptyTrash(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    #expect(try database.emptyTrash(ids: [1, 2]) == 2)
    #expect(try database.trashedFavorites().isEmpty)
    #expect(try database.libraryChanges().isEmpty)
    #expect(try database.undoLastChange() == nil)
    #expect(try database.favorites().map(\.id) == [3, 4])
    #expect(throws: StorageError.noSuchTrashedFavorite(id: 1)) {
      try database.restoreFavorites(ids: [1], at: testDate)
    }
  }

  @Test(
    "Emptying deletes only the ids it was given; the changes after their removal stay undoable",
    arguments: StoreFactory.all)
  func emptyTrashOfListed(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    _ = try database.trashFavorites(ids: [1], at: testDate)
    _ = try database.trashFavorites(ids: [2, 3], at: testDate)
    try tag(database, 4, ["stoic"])
    _ = try database.restoreFavorites(ids: [3], at: testDate)
    _ = try database.trashFavorites(ids: [4], at: testDate)
    let changes = try database.libraryChanges()

    // 3 left the trash and 4 entered it since the trash was read as [1, 2, 3].
    #expect(try database.emptyTrash(ids: [1, 2, 3]) == 2)
    #expect(try database.trashedFavorites().map(\.favorite.id) == [4])
    // Undoing the removal of 2 and 3 would bring 2 back: it goes, with everything older.
    #expect(try database.libraryChanges() == Array(changes.prefix(3)))
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "removing favorite 4")
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "restoring favorite 3")
    #expect(
      try database.undoLastChange().map(LibraryChangeView.summary)
        == "tagging favorite 4 with #stoic")
    #expect(try database.undoLastChange() == nil)
    #expect(try database.trashedFavorites().map(\.favorite.id) == [3])
    #expect(try database.favorites().map(\.id) == [4])
    #expect(try database.favorite(id: 4)?.tags == [])

    // Nothing of these is in the trash any more: nothing is deleted, nothing forgotten.
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    #expect(try database.emptyTrash(ids: [1, 2, 4]) == 0)
    #expect(try database.libraryChanges().map(LibraryChangeView.summary) == ["adding favorite 5"])
    #expect(try database.trashedFavorites().map(\.favorite.id) == [3])
  }

  @Test(
    "Emptying while another connection restores and removes deletes only what was listed",
    arguments: StoreFactory.all)
  func emptyTrashRace(store: StoreFactory) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (database, connect) = try await PostgresTestDatabase.onThread {
      try store.makeShared(in: folder)
    }
    try addSamples(database)
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    let listed = try database.trashedFavorites().map(\.favorite.id)

    // While the question waits, another process brings 1 back and removes 3.
    let other = try connect()
    _ = try other.restoreFavorites(ids: [1], at: testDate)
    _ = try other.trashFavorites(ids: [3], at: testDate)

    #expect(try database.emptyTrash(ids: listed) == 1)
    #expect(try database.trashedFavorites().map(\.favorite.id) == [3])
    #expect(
      try other.libraryChanges().map(LibraryChangeView.summary) == [
        "removing favorite 3", "restoring favorite 1",
      ])
    #expect(try other.undoLastChange().map(LibraryChangeView.summary) == "removing favorite 3")
    #expect(try other.undoLastChange().map(LibraryChangeView.summary) == "restoring favorite 1")
    #expect(try other.undoLastChange() == nil)
    #expect(try database.favorites().map(\.id) == [3, 4])
    #expect(try database.trashedFavorites().map(\.favorite.id) == [1])
  }

  @Test("The history keeps the last changes up to its limit", arguments: StoreFactory.all)
  func historyLimit(store: StoreFactory) throws {
    let database = try store.make()
    for index in 1...(LibraryChange.historyLimit + 5) {
      _ = try database.addFavorite(
        Quote(text: "Quote \(index)", author: "A", source: .manual), at: testDate)
    }
    let changes = try database.libraryChanges()
    #expect(changes.count == LibraryChange.historyLimit)
    #expect(changes.last.map(LibraryChangeView.summary) == "adding favorite 6")
    let steps = try LibrarySQL.rows(database, "SELECT count(*) FROM library_undo_step")
    #expect(steps == [[String(LibraryChange.historyLimit)]])
  }

  @Test(
    "Commands that change nothing record nothing, however many: undo still reaches every change",
    arguments: StoreFactory.all)
  func noOpsKeepTheHistory(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    try tag(database, 1, ["journey"])
    let file = [
      ImportedQuote(position: 1, quote: Samples.socrates, note: "read twice", tags: ["self"]),
      ImportedQuote(position: 2, quote: Samples.lao, tags: ["journey"]),
    ]
    _ = try database.importFavorites(file, at: testDate, dryRun: false)
    let changes = try database.libraryChanges()
    #expect(changes.count == 6)

    // More than the history holds of each: a duplicate add, a tag already there, an untag of
    // a tag not there, and the same file imported again.
    for _ in 0...LibraryChange.historyLimit {
      _ = try database.addFavorite(Samples.rumi, at: testDate)
      try tag(database, 1, ["journey"])
      try tag(database, 2, ["absent"], kind: .untag)
      _ = try database.importFavorites(file, at: testDate, dryRun: false)
    }
    #expect(try database.libraryChanges() == changes)
    // The next real change keeps the ones before it.
    _ = try database.addFavorite(
      Quote(text: "One more.", author: "Someone", source: .manual), at: testDate)
    #expect(try database.libraryChanges().count == changes.count + 1)
    #expect(try database.undoLastChange().map(LibraryChangeView.summary) == "adding favorite 6")
    var undone: [LibraryChange] = []
    while let change = try database.undoLastChange() { undone.append(change) }
    #expect(undone == changes)
    #expect(try database.favoriteCount() == 0)
  }

  @Test(
    "Eight writers at once leave exactly the last changes up to the limit",
    arguments: StoreFactory.all, [5, 15])
  func concurrentWriters(store: StoreFactory, addsEach: Int) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (database, connect) = try await PostgresTestDatabase.onThread {
      try store.makeShared(in: folder)
    }
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let writers = (0..<8).map { writer in
      PostgresTestDatabase.startThread {
        let connection = try connect()
        for index in 0..<addsEach {
          // Each real add after a duplicate one, which changes nothing.
          _ = try connection.addFavorite(Samples.rumi, at: testDate)
          let quote = Quote(text: "Writer \(writer), quote \(index)", author: "W", source: .manual)
          guard case .added = try connection.addFavorite(quote, at: testDate) else {
            throw StorageError.duplicateFavorite(id: 0)
          }
        }
      }
    }
    for writer in writers { try await writer.value }
    let real = 1 + 8 * addsEach
    let kept = min(real, LibraryChange.historyLimit)
    let changes = try database.libraryChanges()
    #expect(changes.count == kept)
    #expect(changes.allSatisfy { $0.kind == .add })
    for _ in 0..<kept { _ = try database.undoLastChange() }
    #expect(try database.undoLastChange() == nil)
    #expect(try database.favoriteCount() == real - kept)
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
    #expect(try reopened.undoLastChange().map(LibraryChangeView.summary) == "removing favorite 1")
    #expect(try reopened.favorites().map(\.id) == [1, 2])
    #expect(try reopened.undoLastChange().map(LibraryChangeView.summary) == "adding favorite 2")
  }

  @Test(
    "The trash and the history are the server's: another connection sees them",
    .enabled(if: PostgresTestDatabase.shouldRun))
  func survivesReconnect() throws {
    let first = try StoreFactory.postgres.make()
    _ = try first.addFavorite(Samples.rumi, at: testDate)
    _ = try first.addFavorite(Samples.lao, at: testDate)
    _ = try first.trashFavorites(ids: [1], at: testDate)
    let url = try #require((first as? PostgresStore)?.url)
    let second = try PostgresStore.open(url: url, timeout: 10)
    #expect(try second.trashedFavorites().map(\.favorite.id) == [1])
    #expect(try second.undoLastChange().map(LibraryChangeView.summary) == "removing favorite 1")
    #expect(try first.favorites().map(\.id) == [1, 2])
    #expect(try second.undoLastChange().map(LibraryChangeView.summary) == "adding favorite 2")
    #expect(try first.libraryChanges().map(LibraryChangeView.summary) == ["adding favorite 1"])
  }

  @Test(
    "A change made behind the log's back makes undo fail whole, changing nothing",
    arguments: StoreFactory.all)
  func undoFailsWhole(store: StoreFactory) throws {
    let database = try store.make()
    try addSamples(database)
    _ = try database.trashFavorites(ids: [1, 2], at: testDate)
    // Not through the app: a favorite equal to Rumi's takes its place, unrecorded.
    try LibrarySQL.run(
      database,
      """
      INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
        author_folded)
      SELECT quote, author, source, saved_at, quote_key, author_key, author_folded
      FROM trashed_favorite WHERE id = 1
      """)
    let before = try LibrarySQL.snapshot(database)
    #expect {
      try database.undoLastChange()
    } throws: { error in
      error is StorageError || error is PostgresError
    }
    #expect(try LibrarySQL.snapshot(database) == before)
    #expect(try database.libraryChanges().count == 5)
  }
}
