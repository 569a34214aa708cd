import Foundation

/// Pages through DummyJSON's catalogue and copies it into the offline pool: the seed apps'
/// infinite scroll and download screen.
public struct CatalogueController: Sendable {
  /// How many times a rate-limited page is asked for before the sync gives up.
  public static let rateLimitAttempts = 5
  /// The longest wait for one 429, in seconds, whatever its Retry-After says.
  public static let longestWait = 300

  private let database: any QuotePoolStore
  private let client: QuoteClient
  private let now: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void

  /// Makes a controller; `sleep` waits out a rate limit (tests pass one that returns at once).
  public init(
    database: any QuotePoolStore,
    client: QuoteClient,
    now: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.database = database
    self.client = client
    self.now = now
    self.sleep = sleep
  }

  /// Page `number` (from 1) at `perPage` quotes a page; its quotes join the offline pool.
  ///
  /// - Throws: ``CatalogueError/pastTheEnd(page:pages:)`` for a page after the last.
  public func page(_ number: Int, perPage: Int) async throws -> CataloguePage {
    // Flags are range-checked, but a page number from anywhere else must not trap either.
    let (skip, overflow) = (number - 1).multipliedReportingOverflow(by: perPage)
    guard number >= 1, perPage >= 1, !overflow, skip <= QuoteClient.largestNumber else {
      throw CatalogueError.pageOutOfRange(page: number, perPage: perPage)
    }
    let reply = try await client.page(perPage, skip)
    let pages = max(1, (reply.total + perPage - 1) / perPage)
    // Past the end DummyJSON answers 200 with an empty page, not an error.
    guard !reply.quotes.isEmpty else {
      throw CatalogueError.pastTheEnd(page: number, pages: pages)
    }
    try database.addToPool(reply.quotes, at: now())
    return CataloguePage(number: number, pages: pages, total: reply.total, quotes: reply.quotes)
  }

  /// Copies the whole catalogue into the offline pool, page by page.
  ///
  /// Each page is saved with how far the sync has got, so running it again after Ctrl-C or a
  /// network error continues from there; after a complete sync it starts over. A 429 is waited
  /// out (its Retry-After, else 10 s), up to ``rateLimitAttempts`` times for one page.
  public func sync(
    perPage: Int,
    onEvent: @Sendable (SyncEvent) -> Void
  ) async throws -> SyncProgress {
    let started = now()
    var state = SyncState(nextSkip: 0, total: nil, startedAt: started, finishedAt: nil)
    if let saved = try database.syncState(source: .dummyJSON), saved.finishedAt == nil {
      state = saved
    } else {
      try database.addToPool([], sync: (.dummyJSON, state), at: started)
    }
    var skip = state.nextSkip
    var progress = SyncProgress(done: skip, total: 0, resumedFrom: skip, added: 0, seconds: 0)
    while true {
      let reply = try await pageWaitingOutRateLimits(limit: perPage, skip: skip, onEvent: onEvent)
      progress.total = reply.total
      if reply.quotes.isEmpty {
        // An empty page before the total is reached is a server that lost its place, not the
        // end: marking the sync finished would leave the rest of the catalogue out for good.
        if skip < reply.total {
          throw QuoteClientError.unexpectedResponse(
            detail: "an empty page at \(skip) of \(reply.total) quotes")
        }
        break
      }
      skip += reply.quotes.count
      state.nextSkip = skip
      state.total = reply.total
      progress.added += try database.addToPool(
        reply.quotes, sync: (.dummyJSON, state), at: now())
      progress.done = skip
      progress.seconds = now().timeIntervalSince(started)
      onEvent(.progress(progress))
      if skip >= reply.total { break }
    }
    let finished = now()
    state.finishedAt = finished
    try database.addToPool([], sync: (.dummyJSON, state), at: finished)
    progress.seconds = now().timeIntervalSince(started)
    return progress
  }

  private func pageWaitingOutRateLimits(
    limit: Int,
    skip: Int,
    onEvent: @Sendable (SyncEvent) -> Void
  ) async throws -> QuotePage {
    var attempt = 1
    while true {
      do {
        return try await client.page(limit, skip)
      } catch QuoteClientError.rateLimited(let retryAfter, _) where attempt < Self.rateLimitAttempts
      {
        // A server asking for more than five minutes is not waited on that long.
        let seconds = min(Self.longestWait, max(1, retryAfter ?? 10))
        onEvent(.waiting(seconds: seconds))
        try await sleep(.seconds(seconds))
        attempt += 1
      }
    }
  }
}

/// Why a catalogue request could not be done.
public enum CatalogueError: LocalizedError, Equatable, Sendable {
  /// A page after the last one.
  case pastTheEnd(page: Int, pages: Int)
  /// A page number or size no catalogue can have (below 1, or past the largest skip).
  case pageOutOfRange(page: Int, perPage: Int)

  public var errorDescription: String? {
    switch self {
    case .pastTheEnd(let page, let pages):
      "There is no page \(page): at this page size the catalogue has \(pages) "
        + "page\(pages == 1 ? "" : "s")."
    case .pageOutOfRange(let page, let perPage):
      "There is no page \(page) of \(perPage) quotes: pages start at 1, and a catalogue has at "
        + "most \(QuoteClient.largestNumber) quotes."
    }
  }
}
