import Foundation

/// Finds a quote to show: the random quote screen of the iOS app.
public struct QuoteController: Sendable {
  /// Where `random` may look.
  public enum Mode: Sendable, Equatable {
    /// The online service, falling back to a saved or built-in quote when it fails.
    case automatic
    /// The online service only: its failure is the command's failure.
    case online
    /// Saved and built-in quotes only: no network.
    case offline
  }

  let database: any QuoteStore
  let client: QuoteClient
  let zenQuotes: ZenQuotesClient
  let now: @Sendable () -> Date
  private let localTime: LocalTime
  let randomIndex: @Sendable (Int) -> Int
  let builtIn: [Quote]

  /// Makes a controller; `randomIndex(n)` returns a uniform index below `n`.
  ///
  /// `client` is DummyJSON and `zenQuotes` ZenQuotes (failing unless given); `localTime` decides
  /// the local date of ``today()``.
  public init(
    database: any QuoteStore,
    client: QuoteClient,
    zenQuotes: ZenQuotesClient = .failing,
    now: @escaping @Sendable () -> Date,
    localTime: LocalTime = .system,
    randomIndex: @escaping @Sendable (Int) -> Int,
    builtIn: [Quote] = Quote.builtIn
  ) {
    self.database = database
    self.client = client
    self.zenQuotes = zenQuotes
    self.now = now
    self.localTime = localTime
    self.randomIndex = randomIndex
    self.builtIn = builtIn
  }

  /// A random quote from `service` (or the pool, offline), remembered as the last shown and
  /// added to the pool; with `length`, one of that length (see
  /// ``random(mode:from:fitting:)``).
  public func random(
    mode: Mode,
    from service: QuoteService = .dummyJSON,
    length: QuoteLength? = nil
  ) async throws -> ShownQuote {
    if let length {
      return try await random(mode: mode, from: service, fitting: length)
    }
    let shown: ShownQuote
    switch mode {
    case .offline:
      shown = ShownQuote(quote: try poolQuote(), fallbackReason: nil)
    case .online:
      shown = ShownQuote(quote: try await fetchRandom(from: service), fallbackReason: nil)
    case .automatic:
      do {
        shown = ShownQuote(quote: try await fetchRandom(from: service), fallbackReason: nil)
      } catch let error as QuoteClientError where error.allowsFallback {
        shown = ShownQuote(quote: try poolQuote(), fallbackReason: error)
      }
    }
    try database.recordShown(shown.quote, at: now())
    return shown
  }

  /// The quote of the day for the local date now, remembered as the last shown.
  ///
  /// The day's first call picks it from the favorites, else from the quotes seen before, else
  /// from the built-in set, at the index that a stable hash of the local date picks (see
  /// ``QuoteOfTheDay/index(forDay:count:)``), and the store remembers it for that date: later
  /// calls that day show the same quote whatever is saved or removed meanwhile, even a removed
  /// favorite (whose id is then left out). A store that cannot be written remembers nothing,
  /// and each call picks again. Remembered like any quote shown, so `fav add` and `share` act
  /// on it.
  public func today() throws -> QuoteOfTheDay {
    let date = QuoteOfTheDay.day(of: now(), in: localTime)
    let today: QuoteOfTheDay
    if var remembered = try database.quoteOfTheDay(day: date) {
      // The id only while it still names that quote: ids of removed favorites may be reused.
      if let id = remembered.favoriteID,
        try database.favorite(id: id)?.quote.key != remembered.quote.key
      {
        remembered.favoriteID = nil
      }
      today = remembered
    } else {
      today = try quoteOfTheDay(date: date)
      try database.rememberQuoteOfTheDay(today)
    }
    try database.recordShown(today.quote, at: now())
    return today
  }

  private func quoteOfTheDay(date: String) throws -> QuoteOfTheDay {
    let every = FavoriteFilter()
    let favorites = try database.favoriteCount(matching: every)
    if favorites > 0,
      let id = try database.favoriteID(
        atIndex: QuoteOfTheDay.index(forDay: date, count: favorites), matching: every),
      let favorite = try database.favorite(id: id)
    {
      return QuoteOfTheDay(
        date: date, quote: favorite.quote, origin: .favorites, favoriteID: favorite.id)
    }
    let seen = try database.poolCount()
    if seen > 0,
      let quote = try database.poolQuote(at: QuoteOfTheDay.index(forDay: date, count: seen))
    {
      return QuoteOfTheDay(date: date, quote: quote, origin: .seen)
    }
    let quote = builtIn[QuoteOfTheDay.index(forDay: date, count: builtIn.count)]
    return QuoteOfTheDay(date: date, quote: quote, origin: .builtIn)
  }

  func fetchRandom(from service: QuoteService) async throws -> Quote {
    switch service {
    case .dummyJSON: try await client.random()
    case .zenQuotes: try await zenQuotes.random()
    }
  }

  /// DummyJSON's quote `id`, remembered as the last shown.
  public func quote(id: Int) async throws -> Quote {
    let quote = try await client.quote(id)
    try database.recordShown(quote, at: now())
    return quote
  }

  /// The quote shown last, to share.
  public func lastShown() throws -> Quote {
    guard let quote = try database.lastShown() else { throw FavoritesError.nothingToShareYet }
    return quote
  }

  /// The work of the favorite that `quote` is (the same quote and author, as the store's key
  /// decides), empty when it is no favorite or names none: looked for among the favorites of
  /// its author.
  public func work(of quote: Quote) throws -> String {
    var work = ""
    let key = quote.key
    try database.forEachFavorite(
      matching: quote.author, tag: nil, work: nil, after: 0, limit: nil
    ) { favorite in
      if work.isEmpty, favorite.quote.key == key { work = favorite.work }
    }
    return work
  }

  /// The work of the quote of the day, when it is a favorite that names one; else empty.
  public func work(of today: QuoteOfTheDay) throws -> String {
    guard let id = today.favoriteID else { return "" }
    return try database.favorite(id: id)?.work ?? ""
  }

  /// A quote drawn uniformly from every quote seen before and the built-in set, avoiding an
  /// immediate repeat of the last one shown when there is a choice.
  func poolQuote() throws -> Quote {
    let saved = try database.poolCount()
    let total = saved + builtIn.count
    let last = try database.lastShown()?.key
    var candidate = try quote(atPoolIndex: randomIndex(total), saved: saved)
    // A few redraws make a repeat unlikely without looping forever on a pool of one.
    for _ in 0..<3 where total > 1 && candidate.key == last {
      candidate = try quote(atPoolIndex: randomIndex(total), saved: saved)
    }
    return candidate
  }

  func quote(atPoolIndex index: Int, saved: Int) throws -> Quote {
    if index < saved, let quote = try database.poolQuote(at: index) {
      return quote
    }
    return builtIn[max(0, index - saved) % builtIn.count]
  }
}
