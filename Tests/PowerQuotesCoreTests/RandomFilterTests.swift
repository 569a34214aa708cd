import Foundation
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCore

/// A store of `store`'s kind with favorites by these authors with these texts, ids 1...n in
/// order.
private func library(
  _ store: StoreFactory, _ entries: [(text: String, author: String)] = []
) throws -> any QuoteStore {
  let database = try store.make()
  for entry in entries {
    _ = try database.addFavorite(
      Quote(text: entry.text, author: entry.author, source: .manual), at: testDate)
  }
  return database
}

/// Tags favorite `id` with `tags`, as `fav tag` does.
private func tag(_ database: any QuoteStore, _ id: Int64, _ tags: String...) throws {
  _ = try database.tag(id: id, with: tags.map { FavoriteTag(stored: $0) }, at: testDate)
}

private let long = String(repeating: "word ", count: 40)  // 200 characters
private let tags = FavoriteTag(stored: "stoic")

@Suite("Quote length")
struct QuoteLengthTests {
  @Test(
    "Short is at most 160 characters, long more; --max-length N at most N",
    arguments: [
      (QuoteLength.short, 160, true), (.short, 161, false), (.long, 160, false), (.long, 161, true),
      (.atMost(3), 3, true), (.atMost(3), 4, false),
    ]
  )
  func boundaries(length: QuoteLength, characters: Int, admitted: Bool) {
    #expect(length.admits(String(repeating: "a", count: characters)) == admitted)
  }

  @Test("Characters are counted as they show: grapheme clusters of the cleaned text")
  func graphemes() {
    // 160 characters of 'e' and a combining acute accent: 320 scalars, 160 characters.
    let accented = String(repeating: "e\u{301}", count: 160)
    #expect(QuoteLength.length(of: accented) == 160)
    #expect(QuoteLength.short.admits(accented))
    #expect(QuoteLength.length(of: "👍🏽 ok") == 4)
    #expect(QuoteLength.length(of: "漢字") == 2)
    // An escape sequence shows nothing, so it counts nothing.
    #expect(QuoteLength.length(of: "\u{1B}[31mred") == 3)
    #expect(QuoteLength.long.minimumScalars == 161)
    #expect(QuoteLength.short.minimumScalars == 0)
  }
}

@Suite("random --favorites: storage")
struct RandomFavoriteStorageTests {
  @Test(
    "Counts and picks by index go through the author and tag filters", arguments: StoreFactory.all)
  func countsAndIndexes(store: StoreFactory) throws {
    let database = try library(
      store,
      [
        ("One.", "Rumi"), ("Two.", "Seneca"), ("Three.", "Jalāl ad-Dīn Rūmī"), ("Four.", "Rumi"),
      ])
    try tag(database, 2, "stoic")
    try tag(database, 4, "stoic", "love")
    #expect(try database.favoriteCount(matching: FavoriteFilter()) == 4)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "RUMI")) == 3)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "ru")) == 3)
    #expect(try database.favoriteCount(matching: FavoriteFilter(tag: tags)) == 2)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "rumi", tag: tags)) == 1)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "zzz")) == 0)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "*")) == 0)

    #expect(try database.favoriteID(atIndex: 1, matching: FavoriteFilter(author: "rumi")) == 3)
    #expect(try database.favoriteID(atIndex: 1, matching: FavoriteFilter(tag: tags)) == 4)
    #expect(
      try database.favoriteID(atIndex: 0, matching: FavoriteFilter(author: "rumi", tag: tags)) == 4)
    #expect(try database.favoriteID(atIndex: 2, matching: FavoriteFilter(tag: tags)) == nil)

    // After a removal, the indexes close up over the gap.
    _ = try database.removeFavorites(ids: [1])
    #expect(try database.favoriteID(atIndex: 0, matching: FavoriteFilter()) == 2)
  }

  @Test(
    "A length is looked for among the favorites that pass the author and tag, and only those",
    arguments: StoreFactory.all)
  func texts(store: StoreFactory) throws {
    let database = try library(
      store, [("Short.", "Rumi"), (long, "Rumi"), ("Also short.", "Seneca")])
    // Fewer candidates than probes: every candidate is read at once; the last that fits wins.
    let controller = QuoteController(
      database: database, client: .failing, now: { testDate }, randomIndex: { $0 - 1 },
      builtIn: Quote.builtIn)
    #expect(try controller.randomFavorite(FavoriteFilter(author: "rumi", length: .short)).id == 1)
    #expect(try controller.randomFavorite(FavoriteFilter(length: .long)).id == 2)
    #expect(try controller.randomFavorite(FavoriteFilter(length: .short)).id == 3)
  }
}

@Suite("random --favorites and lengths: controller")
struct RandomFilterControllerTests {
  private func controller(
    _ database: any QuoteStore,
    client: QuoteClient = .failing,
    builtIn: [Quote] = Quote.builtIn,
    randomIndex: @escaping @Sendable (Int) -> Int = { _ in 0 }
  ) -> QuoteController {
    QuoteController(
      database: database, client: client, now: { testDate }, randomIndex: randomIndex,
      builtIn: builtIn)
  }

  @Test(
    "A favorite is picked by a uniform index among those that pass, and remembered",
    arguments: StoreFactory.all)
  func favoritePick(store: StoreFactory) throws {
    let database = try library(store, [("One.", "Rumi"), ("Two.", "Seneca"), ("Three.", "Rumi")])
    let asked = Mutex<[Int]>([])
    let pick = controller(database) { count in
      asked.withLock { $0.append(count) }
      return count - 1
    }
    let favorite = try pick.randomFavorite(FavoriteFilter(author: "rumi"))
    #expect(favorite.id == 3)
    #expect(asked.withLock { $0 } == [2])
    #expect(try database.lastShown() == favorite.quote)
  }

  @Test(
    "A length is checked on a few picks, then on every candidate; never forever",
    arguments: StoreFactory.all)
  func favoriteLength(store: StoreFactory) throws {
    // 40 favorites, one of them long: the picks (always index 0) miss it, the pass finds it.
    var entries = (1...39).map { ("Quote \($0).", "Author \($0)") }
    entries.insert((long, "Long Author"), at: 20)
    let database = try library(store, entries)
    let picks = Mutex(0)
    let favorite = try controller(database) { _ in
      picks.withLock { $0 += 1 }
      return 0
    }.randomFavorite(FavoriteFilter(length: .long))
    #expect(favorite.quote.author == "Long Author")
    #expect(picks.withLock { $0 } == QuoteController.probes + 1)
  }

  @Test(
    "No favorites, and no favorite that passes, are different sentences",
    arguments: StoreFactory.all)
  func noneMatch(store: StoreFactory) throws {
    let empty = try library(store)
    #expect(throws: RandomError.noFavorites) {
      try controller(empty).randomFavorite(FavoriteFilter(author: "rumi"))
    }
    let database = try library(store, [("One.", "Rumi")])
    let filter = FavoriteFilter(author: "rumi", tag: tags, length: .short)
    #expect(throws: RandomError.noFavoriteMatches(filter)) {
      try controller(database).randomFavorite(filter)
    }
    #expect(throws: RandomError.noFavoriteMatches(FavoriteFilter(length: .long))) {
      try controller(database).randomFavorite(FavoriteFilter(length: .long))
    }
    #expect(
      RandomError.noFavoriteMatches(filter).errorDescription
        == "No favorite has an author matching 'rumi', has the tag 'stoic' and is short (at "
        + "most 160 characters). Run 'powerquotes fav list' to see them all.")
    #expect(try database.lastShown() == nil)
  }

  @Test(
    "An online service is asked at most 5 times for a quote of the length",
    arguments: StoreFactory.all)
  func onlineTries(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let calls = Mutex(0)
    let client = QuoteClient(
      random: {
        let call = calls.withLock {
          $0 += 1
          return $0
        }
        return call < 3 ? Quote(text: long, author: "Long", source: .dummyJSON) : Samples.rumi
      },
      quote: { _ in Samples.rumi })
    let shown = try await controller(database, client: client)
      .random(mode: .automatic, length: .short)
    #expect(shown.quote == Samples.rumi)
    #expect(shown.fallbackNote == nil)
    #expect(calls.withLock { $0 } == 3)
  }

  @Test(
    "When the service sends none of the length, a saved one is shown with a note",
    arguments: StoreFactory.all)
  func lengthFallback(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    let calls = Mutex(0)
    let client = QuoteClient(
      random: {
        calls.withLock { $0 += 1 }
        return Quote(text: long, author: "Long", source: .dummyJSON)
      },
      quote: { _ in Samples.rumi })
    let shown = try await controller(database, client: client, builtIn: [Samples.socrates])
      .random(mode: .automatic, length: .atMost(20))
    #expect(calls.withLock { $0 } == QuoteController.onlineTries)
    #expect(shown.quote == Samples.socrates)
    #expect(
      shown.fallbackNote
        == "DummyJSON sent no quote that is at most 20 characters long in 5 tries; "
        + "showing an offline quote.")
    #expect(try database.lastShown() == Samples.socrates)

    // --online fails instead, after the same 5 tries.
    await #expect(throws: RandomError.serviceSentNone(.atMost(20), service: .dummyJSON, tries: 5)) {
      try await controller(database, client: client).random(mode: .online, length: .atMost(20))
    }
    #expect(calls.withLock { $0 } == 2 * QuoteController.onlineTries)
  }

  @Test(
    "A failing service falls back to a saved quote of the length, with its own note",
    arguments: StoreFactory.all)
  func failureFallback(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    try database.addToPool([Quote(text: long, author: "Long", source: .dummyJSON)], at: testDate)
    let shown = try await controller(
      database, client: .throwing(.serverError(status: 503)), builtIn: [Samples.socrates]
    ).random(mode: .automatic, length: .long)
    #expect(shown.quote.author == "Long")
    #expect(
      shown.fallbackNote == "DummyJSON is failing (server error 503); showing an offline quote.")
  }

  @Test(
    "The pool and the built-in set are searched whole when the picks miss",
    arguments: StoreFactory.all)
  func offlineLength(store: StoreFactory) async throws {
    let database = try await store.makeOffPool()
    try database.addToPool(
      (1...30).map { Quote(text: "Pool quote number \($0).", author: "P", source: .dummyJSON) },
      at: testDate)
    // Only the built-in set's last quote is long enough; index 0 of any draw misses it.
    let builtIn = [Samples.socrates, Quote(text: long, author: "Long", source: .builtIn)]
    let shown = try await controller(database, builtIn: builtIn)
      .random(mode: .offline, length: .long)
    #expect(shown.quote.author == "Long")

    await #expect(throws: RandomError.noQuoteFits(.atMost(2))) {
      try await controller(database, builtIn: builtIn).random(mode: .offline, length: .atMost(2))
    }
  }
}
