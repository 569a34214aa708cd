extension QuoteController {
  /// How many quotes `random` asks an online service for, at most, to find one of the length
  /// asked: ZenQuotes' free tier allows 5 requests in 30 seconds.
  public static let onlineTries = 5

  /// How many uniform picks are tried before every candidate is read: a filter that most
  /// quotes pass is answered from a few rows; a rare one costs one pass over the candidates.
  static let probes = 16

  /// A random favorite that passes `filter`, remembered as the last shown.
  ///
  /// Uniform over the favorites that pass: the author and tag are counted through indexes and
  /// one of them picked by its index (as ``today()`` picks), without reading the others. A
  /// length is checked on up to ``probes`` such picks; when none fits, the candidates' texts
  /// are read once and one of those that fit is picked. (Each step is uniform over the
  /// favorites that fit, so the whole is too.)
  ///
  /// - Throws: ``RandomError/noFavorites`` or ``RandomError/noFavoriteMatches(_:)``.
  public func randomFavorite(_ filter: FavoriteFilter) throws -> Favorite {
    let count = try database.favoriteCount(matching: filter)
    guard count > 0 else {
      let any =
        filter.author == nil && filter.tag == nil && filter.work == nil
        ? 0 : try database.favoriteCount()
      throw any == 0 ? RandomError.noFavorites : RandomError.noFavoriteMatches(filter)
    }
    var picked: Favorite?
    if let length = filter.length {
      for _ in 0..<(count > Self.probes ? Self.probes : 0) {
        if let id = try database.favoriteID(atIndex: randomIndex(count), matching: filter),
          let favorite = try database.favorite(id: id), length.admits(favorite.quote.text)
        {
          picked = favorite
          break
        }
      }
      if picked == nil {
        var fitting: [Int64] = []
        try database.forEachFavorite(
          matching: filter.author, tag: filter.tag, work: filter.work, after: 0, limit: nil
        ) { favorite in
          if length.admits(favorite.quote.text) { fitting.append(favorite.id) }
        }
        guard !fitting.isEmpty else { throw RandomError.noFavoriteMatches(filter) }
        picked = try database.favorite(id: fitting[randomIndex(fitting.count)])
      }
    } else if let id = try database.favoriteID(atIndex: randomIndex(count), matching: filter) {
      picked = try database.favorite(id: id)
    }
    // Only a favorite removed by another process since the count leaves nothing picked.
    guard let picked else { throw RandomError.noFavoriteMatches(filter) }
    try database.recordShown(picked.quote, at: now())
    return picked
  }

  /// ``random(mode:from:length:)`` with a length: the service is asked up to
  /// ``onlineTries`` times for a quote of that length, and the pool gives one when it sends
  /// none (with ``ShownQuote/lengthMiss`` set), except `.online`, which then fails.
  func random(
    mode: Mode,
    from service: QuoteService,
    fitting length: QuoteLength
  ) async throws -> ShownQuote {
    let shown: ShownQuote
    switch mode {
    case .offline:
      shown = ShownQuote(quote: try poolQuote(fitting: length), fallbackReason: nil)
    case .online, .automatic:
      do {
        if let quote = try await fetchRandom(from: service, fitting: length) {
          shown = ShownQuote(quote: quote, fallbackReason: nil)
        } else if mode == .online {
          throw RandomError.serviceSentNone(length, service: service, tries: Self.onlineTries)
        } else {
          shown = ShownQuote(
            quote: try poolQuote(fitting: length),
            fallbackReason: nil,
            lengthMiss: .init(service: service, length: length, tries: Self.onlineTries)
          )
        }
      } catch let error as QuoteClientError where mode == .automatic && error.allowsFallback {
        shown = ShownQuote(quote: try poolQuote(fitting: length), fallbackReason: error)
      }
    }
    try database.recordShown(shown.quote, at: now())
    return shown
  }

  /// The first of up to ``onlineTries`` quotes from `service` that has `length`, or nil.
  private func fetchRandom(
    from service: QuoteService,
    fitting length: QuoteLength
  ) async throws -> Quote? {
    for _ in 0..<Self.onlineTries {
      let quote = try await fetchRandom(from: service)
      if length.admits(quote.text) { return quote }
    }
    return nil
  }

  /// A quote of `length` drawn uniformly from the pool and the built-in set, avoiding an
  /// immediate repeat of the last one shown when there is a choice.
  ///
  /// - Throws: ``RandomError/noQuoteFits(_:)`` when none has that length.
  func poolQuote(fitting length: QuoteLength) throws -> Quote {
    let saved = try database.poolCount()
    let total = saved + builtIn.count
    let last = try database.lastShown()?.key
    for _ in 0..<Self.probes {
      let candidate = try quote(atPoolIndex: randomIndex(total), saved: saved)
      guard length.admits(candidate.text) else { continue }
      if candidate.key != last { return candidate }
    }
    var fitting: [Int] = []
    try database.forEachPoolText(minimumScalars: length.minimumScalars) { index, text in
      if length.admits(text) { fitting.append(index) }
    }
    for (index, quote) in builtIn.enumerated() where length.admits(quote.text) {
      fitting.append(saved + index)
    }
    guard !fitting.isEmpty else { throw RandomError.noQuoteFits(length) }
    var candidate = try quote(atPoolIndex: fitting[randomIndex(fitting.count)], saved: saved)
    // As in poolQuote(): a few redraws make a repeat unlikely without looping forever.
    for _ in 0..<3 where fitting.count > 1 && candidate.key == last {
      candidate = try quote(atPoolIndex: fitting[randomIndex(fitting.count)], saved: saved)
    }
    return candidate
  }
}

extension QuoteController {
  /// The quote `plan` asks for, of `length` when given (a favorites plan carries its own),
  /// remembered as the last shown; its ``ShownQuote/fallbackNote`` says when it came from the
  /// pool instead of the service.
  ///
  /// - Throws: ``RandomError`` when no quote fits, and the client's error when `.quote(id:)` or
  ///   a service without fallback fails.
  public func show(_ plan: RandomPlan, length: QuoteLength?) async throws -> ShownQuote {
    switch plan {
    case .quote(let id):
      return ShownQuote(quote: try await quote(id: id), fallbackReason: nil)
    case .offline:
      return try await random(mode: .offline, length: length)
    case .service(let service, let fallback):
      return try await random(mode: fallback ? .automatic : .online, from: service, length: length)
    case .favorites(let filter):
      let favorite = try randomFavorite(filter)
      return ShownQuote(quote: favorite.quote, work: favorite.work, fallbackReason: nil)
    }
  }
}
