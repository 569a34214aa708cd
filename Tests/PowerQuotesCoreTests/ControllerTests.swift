import Foundation
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCore

@Suite("Controllers")
struct ControllerTests {
  private func quoteController(
    _ database: any QuoteStore,
    client: QuoteClient,
    randomIndex: @escaping @Sendable (Int) -> Int = { _ in 0 }
  ) -> QuoteController {
    QuoteController(database: database, client: client, now: { testDate }, randomIndex: randomIndex)
  }

  @Test("An online quote is shown, pooled and remembered", arguments: StoreFactory.all)
  func onlineQuote(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let shown = try await quoteController(database, client: .returning(Samples.rumi))
      .random(mode: .automatic)
    #expect(shown.quote == Samples.rumi)
    #expect(shown.fallbackReason == nil)
    #expect(try database.lastShown() == Samples.rumi)
    #expect(try database.poolCount() == 1)
  }

  @Test(
    "Service failures fall back to a saved quote",
    arguments: StoreFactory.all,
    [
      QuoteClientError.unreachable(reason: "could not connect to the server"),
      .timedOut(seconds: 10), .rateLimited(retryAfter: 10), .serverError(status: 503),
      .unexpectedResponse(detail: "an HTML page instead of JSON"),
    ]
  )
  func fallback(store: StoreFactory, error: QuoteClientError) async throws {
    let database = try await store.makeOffPool()
    try database.recordShown(Samples.umar, at: testDate)
    let shown = try await quoteController(database, client: .throwing(error))
      .random(mode: .automatic)
    #expect(shown.fallbackReason == error)
    #expect(Quote.builtIn.contains(shown.quote) || shown.quote == Samples.umar)
  }

  @Test(
    "ZenQuotes: its quote is shown and pooled; its failures fall back and name ZenQuotes",
    arguments: StoreFactory.all)
  func zenQuotes(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let working = QuoteController(
      database: database,
      client: .failing,
      zenQuotes: .returning(Samples.lao),
      now: { testDate },
      randomIndex: { _ in 0 }
    )
    let shown = try await working.random(mode: .automatic, from: .zenQuotes)
    #expect(shown.quote == Samples.lao)
    #expect(try database.lastShown() == Samples.lao)
    #expect(try database.poolCount() == 1)

    let limited = QuoteClientError.rateLimited(retryAfter: nil, service: .zenQuotes)
    let failing = QuoteController(
      database: database,
      client: .failing,
      zenQuotes: .throwing(limited),
      now: { testDate },
      randomIndex: { _ in 1 }
    )
    let fallback = try await failing.random(mode: .automatic, from: .zenQuotes)
    #expect(fallback.fallbackReason == limited)
    #expect(fallback.fallbackReason?.service == .zenQuotes)
    #expect(fallback.quote == Quote.builtIn[0])
    await #expect(throws: limited) {
      try await failing.random(mode: .online, from: .zenQuotes)
    }
  }

  @Test("--online turns the fallback off", arguments: StoreFactory.all)
  func onlineOnly(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let controller = quoteController(database, client: .throwing(.timedOut(seconds: 3)))
    await #expect(throws: QuoteClientError.timedOut(seconds: 3)) {
      try await controller.random(mode: .online)
    }
    #expect(try database.lastShown() == nil)
  }

  @Test(
    "Offline draws from seen quotes and the built-in set, never the network",
    arguments: StoreFactory.all)
  func offlinePool(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    try database.recordShown(Samples.rumi, at: testDate)
    try database.recordShown(Samples.umar, at: testDate)
    let indexes = Mutex([0, 1, 2, 3])
    let controller = quoteController(database, client: .failing) { count in
      #expect(count == 2 + Quote.builtIn.count)
      return indexes.withLock { $0.isEmpty ? 0 : $0.removeFirst() }
    }
    // Index 0 is Rumi; the last shown is Umar, so no redraw.
    #expect(try await controller.random(mode: .offline).quote == Samples.rumi)
    // Index 1 is Umar; Rumi was shown last, so it is kept.
    #expect(try await controller.random(mode: .offline).quote == Samples.umar)
    // Index 2 and 3 are the first built-in quotes.
    #expect(try await controller.random(mode: .offline).quote == Quote.builtIn[0])
    #expect(try await controller.random(mode: .offline).quote == Quote.builtIn[1])
  }

  @Test("Offline avoids showing the same quote twice in a row", arguments: StoreFactory.all)
  func noImmediateRepeat(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    try database.recordShown(Samples.rumi, at: testDate)
    let indexes = Mutex([0, 0, 5])
    let controller = quoteController(database, client: .failing) { _ in
      indexes.withLock { $0.isEmpty ? 0 : $0.removeFirst() }
    }
    #expect(try await controller.random(mode: .offline).quote == Quote.builtIn[4])
  }

  @Test("A 404 for an id is an error, not a fallback", arguments: StoreFactory.all)
  func notFoundIsNotFallback(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let controller = quoteController(database, client: .throwing(.notFound(id: 9999)))
    await #expect(throws: QuoteClientError.notFound(id: 9999)) {
      try await controller.quote(id: 9999)
    }
  }

  @Test(
    "Favorites: add the last shown, by id, by hand; refuse empty text", arguments: StoreFactory.all)
  func favorites(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let controller = FavoritesController(
      database: database,
      client: .returning(Samples.umar),
      now: { testDate }
    )
    #expect(throws: FavoritesError.nothingShownYet) { try controller.addLastShown() }
    try database.recordShown(Samples.rumi, at: testDate)
    guard case .added(let first) = try controller.addLastShown() else {
      Issue.record("expected .added")
      return
    }
    #expect(first.quote == Samples.rumi)
    #expect(first.savedAt == testDate)
    guard case .alreadyFavorite(first) = try controller.addLastShown() else {
      Issue.record("expected .alreadyFavorite")
      return
    }
    guard case .added(let second) = try await controller.add(dummyJSONID: 20) else {
      Issue.record("expected .added")
      return
    }
    #expect(second.quote == Samples.umar)
    #expect(try database.lastShown() == Samples.umar)
    #expect(throws: FavoritesError.emptyText) { try controller.add(text: " \n", author: "A") }
    // Control characters and escape sequences show as nothing: still empty.
    #expect(throws: FavoritesError.emptyText) {
      try controller.add(text: "\u{1B}[31m\u{1B}[0m\u{01}", author: "A")
    }
    #expect(throws: FavoritesError.emptyAuthor) {
      try controller.add(text: "Words", author: "\u{7F}")
    }
    #expect(throws: FavoritesError.emptyAuthor) { try controller.add(text: "Words", author: "") }
    #expect(throws: FavoritesError.notFound(id: 7)) { try controller.favorite(id: 7) }
    guard case .added(let typed) = try controller.add(text: "  Spaced out.\n", author: " Ann ")
    else {
      Issue.record("expected .added")
      return
    }
    #expect(typed.quote.text == "Spaced out.")
    #expect(typed.quote.author == "Ann")
    var page: [Int64] = []
    #expect(
      try controller.forEach(author: "UMAR", after: 0, limit: 10) { page.append($0.id) }.count == 1)
    #expect(page == [second.id])
  }

  @Test(
    "Removing: every id is looked up first, and what was confirmed goes all or none",
    arguments: StoreFactory.all)
  func remove(store: StoreFactory) throws {
    let database = try store.make()
    let controller = FavoritesController(database: database, client: .failing, now: { testDate })
    _ = try controller.add(Samples.rumi)
    _ = try controller.add(Samples.umar)
    #expect(throws: FavoritesError.notFound(id: 9)) {
      try controller.favoritesToRemove(ids: [1, 9])
    }
    let confirmed = try controller.favoritesToRemove(ids: [2, 1])
    #expect(confirmed.map(\.id) == [2, 1])
    // One of them goes meanwhile (another process): nothing is removed, and the error says which.
    _ = try database.removeFavorites(ids: [1])
    #expect(throws: FavoritesError.notFound(id: 1)) { try controller.remove(confirmed) }
    #expect(try database.favoriteCount() == 1)
    #expect(try controller.remove([try controller.favorite(id: 2)]).map(\.id) == [2])
    #expect(try database.favoriteCount() == 0)
  }

  @Test(
    "Authors offered for completion are cleaned, once each, whatever the database holds",
    arguments: StoreFactory.all)
  func authorsForCompletion(store: StoreFactory) throws {
    let database = try store.make()
    let controller = FavoritesController(database: database, client: .failing, now: { testDate })
    _ = try controller.add(Samples.rumi)
    // As a database written by hand or by an older powerquotes may hold them.
    try LibrarySQL.run(
      database,
      """
      INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
        author_folded)
      VALUES ('One.', 'Evil\u{1B}]52;c;SGk=\u{07}Author', 'manual', '2026-01-01 00:00:00.000',
        'one', 'evil', 'evil'),
      ('Two.', '\u{1B}[31m', 'manual', '2026-01-01 00:00:00.000', 'two', 'red', 'red')
      """)
    let authors = try controller.authors()
    #expect(authors.sorted() == ["EvilAuthor", "Rumi"])
  }
}
