import FlyingFox
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

@Suite("The catalogue: browse and sync")
struct CatalogueTests {
  /// Records the waits a controller asked for, without waiting.
  final class Sleeps: Sendable {
    let seconds = Mutex<[Int]>([])
    var sleep: @Sendable (Duration) async throws -> Void {
      { duration in self.seconds.withLock { $0.append(Int(duration.components.seconds)) } }
    }
  }

  private func controller(
    _ database: any QuoteStore,
    _ server: FixtureServer,
    sleeps: Sleeps = Sleeps()
  ) -> CatalogueController {
    CatalogueController(
      database: database,
      client: .live(baseURL: server.baseURL, timeoutSeconds: 5),
      now: { testDate },
      sleep: sleeps.sleep
    )
  }

  @Test("The client reads a page, with the reply's limit being the count returned")
  func clientPage() async throws {
    let catalogue = FakeCatalogue(count: 12)
    try await FixtureServer.with(catalogue.routes) { server in
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: 5)
      let page = try await client.page(5, 10)
      #expect(page.quotes == Array(catalogue.quotes[10..<12]))
      #expect(page.total == 12)
      #expect(page.skip == 10)
      let past = try await client.page(5, 40)
      #expect(past.quotes.isEmpty)
      #expect(past.total == 12)
      #expect(catalogue.requests == ["limit=5&skip=10", "limit=5&skip=40"])
    }
  }

  @Test("A page of the wrong shape is an unexpected reply")
  func clientWrongShape() async throws {
    let routes: @Sendable (HTTPServer) async -> Void = { server in
      await server.appendRoute("GET /quotes") { _ in .json(#"{"id":1,"quote":"x","author":"y"}"#) }
    }
    try await FixtureServer.with(routes) { server in
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: 5)
      await #expect(
        throws: QuoteClientError.unexpectedResponse(detail: "JSON that is not a page of quotes")
      ) {
        try await client.page(5, 0)
      }
    }
  }

  /// Numbers from the server are believed only within range: a total, skip or id near
  /// `Int.max` or below zero is an unexpected reply, never a trap in the arithmetic after it.
  @Test(
    "Out-of-range numbers in a reply are an unexpected reply",
    arguments: [
      (
        #"{"quotes":[{"id":1,"quote":"x","author":"y"}],"total":9223372036854775807,"skip":0}"#,
        "a page whose total or skip is out of range (9223372036854775807, 0)"
      ),
      (
        #"{"quotes":[{"id":1,"quote":"x","author":"y"}],"total":-1,"skip":0}"#,
        "a page whose total or skip is out of range (-1, 0)"
      ),
      (
        #"{"quotes":[{"id":1,"quote":"x","author":"y"}],"total":5,"skip":-3}"#,
        "a page whose total or skip is out of range (5, -3)"
      ),
      (
        #"{"quotes":[{"id":-5,"quote":"x","author":"y"}],"total":5,"skip":0}"#,
        "a quote with id -5"
      ),
      (
        #"{"quotes":[{"id":0,"quote":"x","author":"y"}],"total":5,"skip":0}"#,
        "a quote with id 0"
      ),
    ]
  )
  func outOfRangeNumbers(body: String, detail: String) async throws {
    let routes: @Sendable (HTTPServer) async -> Void = { server in
      await server.appendRoute("GET /quotes") { _ in .json(body) }
    }
    let database = try QuoteDatabase.inMemory()
    try await FixtureServer.with(routes) { server in
      let controller = controller(database, server)
      await #expect(throws: QuoteClientError.unexpectedResponse(detail: detail)) {
        try await controller.page(1, perPage: 10)
      }
      await #expect(throws: QuoteClientError.unexpectedResponse(detail: detail)) {
        try await controller.sync(perPage: 10) { _ in }
      }
    }
    #expect(try database.poolCount() == 0)
  }

  @Test(
    "A page number whose skip would overflow is refused before asking", arguments: StoreFactory.all)
  func pageOutOfRange(store: StoreFactory) async throws {
    let catalogue = FakeCatalogue(count: 3)
    let database = try await store.makeOffPool()
    try await FixtureServer.with(catalogue.routes) { server in
      let controller = controller(database, server)
      for (page, perPage) in [(922_337_203_685_477_582, 10), (0, 10), (Int.max, 100), (2, 0)] {
        await #expect(throws: CatalogueError.pageOutOfRange(page: page, perPage: perPage)) {
          try await controller.page(page, perPage: perPage)
        }
      }
      #expect(catalogue.requests.isEmpty)
    }
  }

  @Test(
    "An empty page before the total is reached stops the sync unfinished",
    arguments: StoreFactory.all)
  func emptyPageBeforeTheEnd(store: StoreFactory) async throws {
    let routes: @Sendable (HTTPServer) async -> Void = { server in
      await server.appendRoute("GET /quotes") { _ in .json(#"{"quotes":[],"total":5000,"skip":0}"#)
      }
    }
    let database = try await store.makeOffPool()
    try await FixtureServer.with(routes) { server in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(detail: "an empty page at 0 of 5000 quotes")
      ) {
        try await controller(database, server).sync(perPage: 100) { _ in }
      }
    }
    #expect(try database.syncState(source: .dummyJSON)?.finishedAt == nil)
  }

  @Test(
    "Browsing shows a page and where it stands; past the end is a clear error",
    arguments: StoreFactory.all)
  func browse(store: StoreFactory) async throws {
    let catalogue = FakeCatalogue(count: 23)
    let database = try await store.makeOffPool()
    try await FixtureServer.with(catalogue.routes) { server in
      let controller = controller(database, server)
      let page = try await controller.page(3, perPage: 10)
      #expect(page.number == 3)
      #expect(page.pages == 3)
      #expect(page.total == 23)
      #expect(page.quotes.compactMap(\.sourceID) == [21, 22, 23])
      #expect(CataloguePageView.position(page) == "page 3 of 3 (23 quotes)")
      var single = page
      single.total = 1
      single.pages = 1
      single.number = 1
      #expect(CataloguePageView.position(single) == "page 1 of 1 (1 quote)")
      // Browsed quotes join the offline pool.
      #expect(try database.poolCount() == 3)
      await #expect(throws: CatalogueError.pastTheEnd(page: 4, pages: 3)) {
        try await controller.page(4, perPage: 10)
      }
    }
  }

  @Test(
    "A sync copies the whole catalogue into the pool, page by page", arguments: StoreFactory.all)
  func fullSync(store: StoreFactory) async throws {
    let catalogue = FakeCatalogue(count: 23)
    let database = try await store.makeOffPool()
    try await FixtureServer.with(catalogue.routes) { server in
      let events = Mutex<[SyncEvent]>([])
      let result = try await controller(database, server).sync(perPage: 10) { event in
        events.withLock { $0.append(event) }
      }
      #expect(result.done == 23)
      #expect(result.total == 23)
      #expect(result.added == 23)
      #expect(result.resumedFrom == 0)
      #expect(catalogue.requests == ["limit=10&skip=0", "limit=10&skip=10", "limit=10&skip=20"])
      let done = events.withLock { $0 }.compactMap { event -> Int? in
        if case .progress(let progress) = event { return progress.done }
        return nil
      }
      #expect(done == [10, 20, 23])
      #expect(try database.poolCount() == 23)
      #expect(try database.syncState(source: .dummyJSON)?.finishedAt != nil)
    }
  }

  @Test(
    "A 429 in the middle of a sync is waited out for as long as it asks",
    arguments: StoreFactory.all)
  func rateLimitedSync(store: StoreFactory) async throws {
    let catalogue = FakeCatalogue(count: 23)
    catalogue.rateLimit(request: 2, retryAfter: 7)
    let database = try await store.makeOffPool()
    let sleeps = Sleeps()
    try await FixtureServer.with(catalogue.routes) { server in
      let result = try await controller(database, server, sleeps: sleeps).sync(perPage: 10) { _ in
      }
      #expect(result.done == 23)
      #expect(sleeps.seconds.withLock { $0 } == [7])
      #expect(
        catalogue.requests == [
          "limit=10&skip=0", "limit=10&skip=10", "limit=10&skip=10", "limit=10&skip=20",
        ]
      )
    }
  }

  @Test(
    "A sync stopped by an error continues where it stopped; a finished one starts over",
    arguments: StoreFactory.all)
  func resumedSync(store: StoreFactory) async throws {
    let catalogue = FakeCatalogue(count: 23)
    catalogue.fail(request: 3)
    let database = try await store.makeOffPool()
    try await FixtureServer.with(catalogue.routes) { server in
      let controller = controller(database, server)
      await #expect(throws: QuoteClientError.serverError(status: 500)) {
        try await controller.sync(perPage: 10) { _ in }
      }
      #expect(try database.syncState(source: .dummyJSON)?.nextSkip == 20)
      #expect(try database.poolCount() == 20)

      let resumed = try await controller.sync(perPage: 10) { _ in }
      #expect(resumed.resumedFrom == 20)
      #expect(resumed.done == 23)
      #expect(resumed.added == 3)
      #expect(catalogue.requests.last == "limit=10&skip=20")

      let again = try await controller.sync(perPage: 10) { _ in }
      #expect(again.resumedFrom == 0)
      #expect(again.added == 0)
      #expect(try database.poolCount() == 23)
    }
  }

  @Test(
    "After a sync, random --offline draws from the whole catalogue", arguments: StoreFactory.all)
  func offlineAfterSync(store: StoreFactory) async throws {
    let catalogue = FakeCatalogue(count: 23)
    let database = try await store.makeOffPool()
    try await FixtureServer.with(catalogue.routes) { server in
      _ = try await controller(database, server).sync(perPage: 100) { _ in }
    }
    let counts = Mutex<[Int]>([])
    let quotes = QuoteController(
      database: database,
      client: .failing,
      now: { testDate },
      randomIndex: { count in
        counts.withLock { $0.append(count) }
        return 22
      }
    )
    let shown = try await quotes.random(mode: .offline)
    #expect(counts.withLock { $0.first } == 23 + Quote.builtIn.count)
    #expect(shown.quote == catalogue.quotes[22])
  }

  @Test("The progress bar fits its width and shows count, percentage and rate")
  func progressBar() {
    let progress = SyncProgress(
      done: 600,
      total: 1454,
      resumedFrom: 0,
      added: 590,
      seconds: 2
    )
    let bar = SyncProgressView.bar(progress, width: 80)
    #expect(bar.hasSuffix("]  600/1454  41%  300 quotes/s"))
    #expect(TerminalText.displayWidth(bar) <= 80)
    #expect(
      SyncProgressView.summary(progress)
        == "Synced 600 of 1454 DummyJSON quotes (600 fetched in 2.0 s); 590 new in the offline pool."
    )
  }
}
