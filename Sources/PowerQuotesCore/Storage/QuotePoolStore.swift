import Foundation

/// Where the quotes seen are kept: the offline pool, the last shown, a sync's progress.
///
/// One of the three parts of ``QuoteStore``, whose documentation says what every requirement
/// promises. Nothing here is an undoable change.
public protocol QuotePoolStore: Sendable {
  /// Remembers `quote` as the last one shown and adds it to the offline pool (built-in quotes
  /// stay out of the pool). A store that cannot be written remembers nothing, without error.
  func recordShown(_ quote: Quote, at date: Date) throws

  /// The quote shown last, if any.
  func lastShown() throws -> Quote?

  /// The quote of the day remembered for `day` (a local date, `YYYY-MM-DD`), or nil when the
  /// one remembered is another day's, or there is none.
  func quoteOfTheDay(day: String) throws -> QuoteOfTheDay?

  /// Remembers `today` as the quote of its day, in place of another day's; a quote already
  /// remembered for that day stays. A store that cannot be written remembers nothing, without
  /// error.
  func rememberQuoteOfTheDay(_ today: QuoteOfTheDay) throws

  /// Adds quotes to the offline pool without showing them and, with `sync`, saves how far the
  /// sync of its source has got (its whole state, in place of the one saved, changed `date`),
  /// together in one transaction, so a stopped sync never skips or repeats a page; returns how
  /// many quotes were new to the pool.
  @discardableResult
  func addToPool(
    _ quotes: [Quote], sync: (source: QuoteSource, state: SyncState)?, at date: Date
  ) throws -> Int

  /// How many quotes the offline pool holds (not counting the built-in set).
  func poolCount() throws -> Int

  /// The pool quote at `index` in the order they were first seen (0 ..< ``poolCount()``).
  func poolQuote(at index: Int) throws -> Quote?

  /// Calls `body` with the index (as ``poolQuote(at:)`` takes it) and text of each pool quote
  /// with at least `minimumScalars` Unicode scalars, in the order they were first seen.
  func forEachPoolText(minimumScalars: Int, _ body: (Int, String) throws -> Void) throws

  /// Where the last sync of `source` got to (saved by ``addToPool(_:sync:at:)``), or nil when
  /// none was ever started.
  func syncState(source: QuoteSource) throws -> SyncState?
}

extension QuotePoolStore {
  /// Adds quotes to the offline pool without showing them; returns how many were new to it.
  @discardableResult
  public func addToPool(_ quotes: [Quote], at date: Date) throws -> Int {
    try addToPool(quotes, sync: nil, at: date)
  }
}
