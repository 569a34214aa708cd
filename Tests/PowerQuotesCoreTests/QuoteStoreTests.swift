import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// What every ``QuoteStore`` must do, run against each store in ``StoreFactory/all``.
@Suite("Every store")
struct QuoteStoreTests {
  @Test(
    "The trash keeps removed favorites under their ids until restored", arguments: StoreFactory.all)
  func trashAndRestore(store: StoreFactory) throws {
    let database = try store.make()
    guard case .added(let rumi) = try database.addFavorite(Samples.rumi, at: testDate),
      case .added(let umar) = try database.addFavorite(Samples.umar, at: testDate)
    else {
      Issue.record("expected both favorites to be added")
      return
    }
    #expect(throws: StorageError.noSuchFavorite(id: 99)) {
      try database.trashFavorites(ids: [rumi.id, 99], at: testDate)
    }
    #expect(try database.favoriteCount() == 2)
    #expect(try database.trashFavorites(ids: [rumi.id], at: testDate) == [rumi])
    #expect(try database.favoriteCount() == 1)
    #expect(try database.trashedFavorites().map(\.favorite) == [rumi])

    // Saved again meanwhile: restoring the old one would make two, so it stays in the trash.
    guard case .added(let again) = try database.addFavorite(Samples.rumi, at: testDate) else {
      Issue.record("expected the quote to be saved again")
      return
    }
    #expect(again.id != rumi.id)
    #expect(throws: StorageError.duplicateFavorite(id: rumi.id)) {
      try database.restoreFavorites(ids: [rumi.id], at: testDate)
    }
    #expect(try database.trashedFavorites().count == 1)
    #expect(throws: StorageError.noSuchTrashedFavorite(id: umar.id)) {
      try database.restoreFavorites(ids: [umar.id], at: testDate)
    }

    _ = try database.trashFavorites(ids: [again.id], at: testDate)
    #expect(try database.restoreFavorites(ids: [rumi.id], at: testDate) == [rumi])
    #expect(try database.favorite(id: rumi.id) == rumi)
    #expect(try database.emptyTrash(ids: [again.id]) == 1)
    #expect(try database.trashedFavorites().isEmpty)
    #expect(try database.favorites().map(\.id) == [rumi.id, umar.id])
  }

  @Test("The database decides duplicates, whatever the spelling", arguments: StoreFactory.all)
  func duplicates(store: StoreFactory) throws {
    let database = try store.make()
    let first = try database.addFavorite(Samples.rumi, at: testDate)
    guard case .added(let saved) = first else {
      Issue.record("expected .added, got \(first)")
      return
    }
    var variant = Samples.rumi
    variant.text = "  “" + variant.text.lowercased() + "”"
    variant.sourceID = 1277
    #expect(try database.addFavorite(variant, at: testDate) == .alreadyFavorite(saved))
    #expect(try database.favoriteCount() == 1)

    let king = Quote(
      text: "Faith is taking the first step.", author: "Martin Luther King, Jr.",
      source: .dummyJSON, sourceID: 809)
    let kingAgain = Quote(
      text: "Faith is taking the first step.", author: "Martin Luther King  Jr.",
      source: .dummyJSON, sourceID: 995)
    guard case .added = try database.addFavorite(king, at: testDate) else {
      Issue.record("expected the first King quote to be added")
      return
    }
    guard case .alreadyFavorite = try database.addFavorite(kingAgain, at: testDate) else {
      Issue.record("expected the second spelling to be a duplicate")
      return
    }
    #expect(try database.favoriteCount() == 2)
  }

  @Test(
    "Ids are stable: removing one never shifts or reuses the others", arguments: StoreFactory.all)
  func stableIDs(store: StoreFactory) throws {
    let database = try store.make()
    for quote in [Samples.rumi, Samples.umar, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    // A duplicate in between must not use up an id either.
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    #expect(try database.favorites().map(\.id) == [1, 2, 3])
    _ = try database.removeFavorites(ids: [3])
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favorites().map(\.id) == [2])
    guard case .added(let next) = try database.addFavorite(Samples.rumi, at: testDate) else {
      Issue.record("expected .added")
      return
    }
    #expect(next.id == 4)
  }

  @Test("Removing several is all or nothing", arguments: StoreFactory.all)
  func removeIsAtomic(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    #expect(throws: StorageError.noSuchFavorite(id: 99)) {
      try database.removeFavorites(ids: [1, 99, 2])
    }
    #expect(try database.favoriteCount() == 2)
    #expect(try database.removeFavorites(ids: [2, 1, 2]).map(\.id) == [2, 1])
    #expect(try database.favoriteCount() == 0)
  }

  @Test(
    "Author search ignores case and diacritics",
    arguments: StoreFactory.all,
    [
      ("umar", [2]), ("UMAR", [2]), ("khattab", [2]), ("Khattāb", [2]), ("al-k", [2]),
      ("r.a", [2]), ("u", [1, 2]), ("ru", [1]), ("rumi", [1]), ("nobody", []), ("*", []),
      ("?", []), ("[", []), ("al khattab", [2]), ("孔子", [4]), ("孔", [4]), ("🐉", [4]),
      ("strasse", [5]), ("ße", [5]),
    ]
  )
  func authorSearch(store: StoreFactory, search: (query: String, expected: [Int64])) throws {
    let (query, expected) = search
    let database = try store.make()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    _ = try database.addFavorite(
      Quote(text: "學而時習之", author: "孔子 🐉", source: .manual), at: testDate)
    _ = try database.addFavorite(
      Quote(text: "Ja.", author: "Straße", source: .manual), at: testDate)
    #expect(try database.favorites(authorContaining: query).map(\.id) == expected)
  }

  @Test("Search still finds authors after removals", arguments: StoreFactory.all)
  func searchAfterRemove(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.umar, at: testDate)
    var another = Samples.umar
    another.text = "Another saying."
    _ = try database.addFavorite(another, at: testDate)
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favorites(authorContaining: "umar").map(\.id) == [2])
  }

  @Test("The author index follows adds and removes", arguments: StoreFactory.all)
  func authorIndexFollowsChanges(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.umar, at: testDate)
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favorites(authorContaining: "umar").isEmpty)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    var spelledOtherwise = Samples.umar
    spelledOtherwise.text = "Another saying."
    spelledOtherwise.author = "UMAR IBN AL-KHATTAB (R.A)"
    _ = try database.addFavorite(spelledOtherwise, at: testDate)
    #expect(try database.favorites(authorContaining: "khattab").map(\.id) == [2, 3])
    _ = try database.removeFavorites(ids: [2])
    #expect(try database.favorites(authorContaining: "khattab").map(\.id) == [3])
  }

  @Test(
    "The list shape counts, finds the largest id and the widest author", arguments: StoreFactory.all
  )
  func listShape(store: StoreFactory) throws {
    let database = try store.make()
    let controller = FavoritesController(database: database, client: .failing, now: { testDate })
    #expect(
      try FavoriteListView.shape(widthLimit: nil) {
        try controller.listSize(author: nil, authors: $0)
      }
        == FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
    )
    for quote in [Samples.rumi, Samples.umar, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    #expect(
      try FavoriteListView.shape(widthLimit: nil) {
        try controller.listSize(author: nil, authors: $0)
      }
        == FavoriteListShape(count: 3, largestID: 3, widestAuthor: 25)
    )
    #expect(
      try FavoriteListView.shape(widthLimit: nil) {
        try controller.listSize(author: "ru", authors: $0)
      }
        == FavoriteListShape(count: 1, largestID: 1, widestAuthor: 4)
    )
    #expect(
      try FavoriteListView.shape(widthLimit: nil) {
        try controller.listSize(author: "nobody at all", authors: $0)
      }
        == FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
    )
  }

  @Test(
    "With a width limit, authors are measured until one reaches it; counts stay exact",
    arguments: StoreFactory.all)
  func listShapeWidthLimit(store: StoreFactory) throws {
    let database = try store.make()
    let controller = FavoritesController(database: database, client: .failing, now: { testDate })
    for quote in [Samples.rumi, Samples.umar, Samples.socrates, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    _ = try database.removeFavorites(ids: [4])
    let limited = try FavoriteListView.shape(widthLimit: 10) {
      try controller.listSize(author: nil, authors: $0)
    }
    #expect(limited?.count == 3)
    #expect(limited?.largestID == 3)
    #expect((limited?.widestAuthor ?? 0) >= 10)
    #expect(
      try FavoriteListView.shape(widthLimit: 100) {
        try controller.listSize(author: nil, authors: $0)
      }?.widestAuthor == 25)
    let search = try FavoriteListView.shape(widthLimit: 10) {
      try controller.listSize(author: "umar", authors: $0)
    }
    #expect(search == FavoriteListShape(count: 1, largestID: 2, widestAuthor: 25))
  }

  @Test(
    "Shown quotes join the pool once and the last one is remembered", arguments: StoreFactory.all)
  func pool(store: StoreFactory) throws {
    let database = try store.make()
    #expect(try database.lastShown() == nil)
    try database.recordShown(Samples.rumi, at: testDate)
    try database.recordShown(Samples.umar, at: testDate)
    try database.recordShown(Samples.rumi, at: testDate)
    #expect(try database.poolCount() == 2)
    #expect(try database.poolQuote(at: 0) == Samples.rumi)
    #expect(try database.poolQuote(at: 1) == Samples.umar)
    #expect(try database.poolQuote(at: 2) == nil)
    #expect(try database.lastShown() == Samples.rumi)
  }

  @Test(
    "A sync's place is kept, moved page by page, and marked finished", arguments: StoreFactory.all)
  func syncState(store: StoreFactory) throws {
    let database = try store.make()
    #expect(try database.syncState(source: .dummyJSON) == nil)
    let started = SyncState(nextSkip: 0, total: nil, startedAt: testDate, finishedAt: nil)
    #expect(try database.addToPool([], sync: (.dummyJSON, started), at: testDate) == 0)
    #expect(try database.syncState(source: .dummyJSON) == started)
    let later = testDate.addingTimeInterval(60.5)
    var page = started
    page.nextSkip = 2
    page.total = 3
    let added = try database.addToPool(
      [Samples.rumi, Samples.umar], sync: (.dummyJSON, page), at: later)
    #expect(added == 2)
    #expect(try database.poolCount() == 2)
    #expect(try database.syncState(source: .dummyJSON) == page)
    #expect(
      try LibrarySQL.rows(database, "SELECT updated_at FROM sync_state")
        == [["2027-01-15 08:01:00.500"]])
    page.finishedAt = later
    _ = try database.addToPool([], sync: (.dummyJSON, page), at: later)
    #expect(try database.syncState(source: .dummyJSON)?.finishedAt == later)
    #expect(try database.syncState(source: .zenQuotes) == nil)
    // A new sync replaces the state whole; the pool keeps what the last one saved.
    _ = try database.addToPool([], sync: (.dummyJSON, started), at: testDate)
    #expect(try database.syncState(source: .dummyJSON) == started)
    #expect(try database.poolCount() == 2)
  }

  @Test(
    "An import is one transaction: counted exactly, a dry run changes nothing",
    arguments: StoreFactory.all)
  func importIsOneTransaction(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let saved = Date(timeIntervalSince1970: 1_700_000_000.125)
    let quotes = [
      ImportedQuote(position: 1, quote: Samples.umar, savedAt: saved),
      ImportedQuote(position: 2, quote: Samples.rumi),
      ImportedQuote(position: 3, quote: Samples.lao),
      ImportedQuote(position: 4, quote: Samples.lao),
    ]
    let dry = try database.importFavorites(quotes, at: testDate, dryRun: true)
    #expect(dry.added == 2 && dry.alreadyFavorites == 2)
    #expect(try database.favoriteCount() == 1)
    let real = try database.importFavorites(quotes, at: testDate, dryRun: false)
    #expect(real.added == 2 && real.alreadyFavorites == 2)
    // Neither the dry run nor the duplicates used up an id.
    #expect(try database.favorites().map(\.id) == [1, 2, 3])
    #expect(try database.favorite(id: 2)?.savedAt == saved)
    #expect(try database.favorite(id: 2)?.quote == Samples.umar)
    #expect(try database.favorite(id: 3)?.savedAt == testDate)
    #expect(try database.favorite(id: 3)?.quote.sourceID == nil)

    // A feed that fails part-way saves nothing.
    struct Broken: Error {}
    #expect(throws: Broken.self) {
      try database.importFavorites(count: 2, at: testDate, dryRun: false) { insert in
        insert(ImportedQuote(position: 1, quote: Samples.socrates))
        throw Broken()
      }
    }
    #expect(try database.favoriteCount() == 3)
  }

  @Test(
    "An import of several batches counts copies as SQLite does, row by row, and draws no id for them",
    arguments: StoreFactory.all)
  func importBatches(store: StoreFactory) throws {
    let database = try store.make()
    func quote(_ number: Int) -> Quote {
      Quote(text: "Saying \(number).", author: "Author \(number % 37)", source: .manual)
    }
    _ = try database.addFavorite(quote(1500), at: testDate)
    var rows = (1...2400).map { ImportedQuote(position: $0, quote: quote($0)) }
    var copyInBatch = quote(10)
    copyInBatch.text = "SAYING 10."
    // A copy a few rows after its first (one batch, on PostgreSQL), with a tag; a copy far
    // after its first (another batch), with a note; the saved favorite in between.
    rows.insert(ImportedQuote(position: 0, quote: copyInBatch, tags: ["copy"]), at: 20)
    rows.insert(ImportedQuote(position: 0, quote: quote(5), note: "Said twice."), at: 1205)
    rows[2000].tags = ["late"]
    for index in rows.indices { rows[index].position = index + 1 }

    let dry = try database.importFavorites(rows, at: testDate, dryRun: true)
    #expect(dry.added == 2399 && dry.alreadyFavorites == 3)
    #expect(try database.favoriteCount() == 1)
    let counts = try database.importFavorites(rows, at: testDate, dryRun: false)
    #expect(counts.added == 2399 && counts.alreadyFavorites == 3)
    // In file order, without a gap: neither the dry run nor a copy used up an id.
    let size = try database.favoriteListSize(matching: nil)
    #expect(size.count == 2400 && size.largestID == 2400)
    #expect(try database.favorite(id: 2)?.quote == quote(1))
    #expect(try database.favorite(id: 11)?.quote == quote(10))
    #expect(try database.favorite(id: 11)?.tags == ["copy"])
    #expect(try database.favorite(id: 6)?.note == "Said twice.")
    #expect(try database.favorite(id: 1500)?.quote == quote(1500 - 1))
    #expect(try database.favorite(id: 2400)?.quote == quote(2400))
    #expect(try database.favorites().filter { $0.tags == ["late"] }.count == 1)
    #expect(
      try database.libraryChanges().first.map(LibraryChangeView.summary)
        == "importing 2399 favorites")
    #expect(try database.undoLastChange()?.kind == .importFile)
    #expect(try database.favorites().map(\.quote) == [quote(1500)])
  }

  @Test(
    "Backslashes, quote marks and wildcards are text like any other", arguments: StoreFactory.all)
  func unusualCharacters(store: StoreFactory) throws {
    let database = try store.make()
    let odd = [
      Quote(text: #"C:\new\table 'x' "y""#, author: #"Back\slash 100%"#, source: .manual),
      Quote(text: #"\x41"#, author: "Hex_Man", source: .manual),
      Quote(text: "A", author: "Hex_Man", source: .manual),
    ]
    for quote in odd {
      guard case .added(let favorite) = try database.addFavorite(quote, at: testDate) else {
        Issue.record("expected \(quote.text) to be added")
        return
      }
      #expect(favorite.quote == quote)
    }
    #expect(
      try database.addFavorite(odd[0], at: testDate)
        == .alreadyFavorite(Favorite(id: 1, quote: odd[0], savedAt: testDate)))
    #expect(try database.favorites().map(\.quote) == odd)
    #expect(try database.favorites(authorContaining: "100%").map(\.id) == [1])
    #expect(try database.favorites(authorContaining: "x_m").map(\.id) == [2, 3])
    #expect(try database.favorites(authorContaining: "hex").map(\.id) == [2, 3])
    #expect(try database.favoriteAuthors() == [#"Back\slash 100%"#, "Hex_Man"])
  }

  @Test(
    "A long list goes by pages of ids, after an id and up to a limit", arguments: StoreFactory.all)
  func longList(store: StoreFactory) throws {
    let database = try store.make()
    let quotes = (1...4500).map {
      ImportedQuote(
        position: $0,
        quote: Quote(text: "Saying number \($0).", author: "Author \($0 % 7)", source: .manual))
    }
    #expect(try database.importFavorites(quotes, at: testDate, dryRun: false).added == 4500)
    _ = try database.removeFavorites(ids: [2000, 2001])
    var seen: [Int64] = []
    try database.forEachFavorite(matching: nil, after: 0, limit: nil) { seen.append($0.id) }
    #expect(seen.count == 4498)
    #expect(seen == seen.sorted() && !seen.contains(2000) && seen.last == 4500)
    seen = []
    try database.forEachFavorite(matching: nil, after: 1999, limit: 2400) { seen.append($0.id) }
    #expect(seen.count == 2400 && seen.first == 2002 && seen.last == 4401)
    let size = try database.favoriteListSize(matching: "author 3")
    #expect(size.count == 643 && size.largestID == 4497)
    #expect(try database.favorite(atIndex: 1999)?.id == 2002)
  }
}
