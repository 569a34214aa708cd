import Foundation

/// Where favorites are kept: saving, reading, counting, picking and deleting them.
///
/// One of the three parts of ``QuoteStore``; its documentation says what every requirement
/// promises (atomicity, order, what "not found" returns, errors).
public protocol FavoriteStore: Sendable {
  /// Saves `quote` at `date`, with `work` (the title it came from, empty for none), unless an
  /// equal favorite exists: the store's unique key on the normalized quote and author
  /// (``QuoteKey``) decides, in one transaction; the work is not part of the key, and an
  /// existing favorite is returned as it is.
  func addFavorite(_ quote: Quote, work: String, at date: Date) throws -> AddFavoriteResult

  /// The favorite with `id`, or nil when there is none.
  func favorite(id: Int64) throws -> Favorite?

  /// Calls `body` with each favorite whose id is above `afterID`, in id order, one at a time
  /// (a long list is never all in memory), at most `limit` of them when a limit is given; with
  /// `authorText`, only favorites whose author contains it, ignoring case and diacritics
  /// (``QuoteKey/searchFolded(_:)``); with `tag`, only favorites that have it; with `work`, only
  /// favorites whose work has those words in that order, ignoring case and diacritics (as
  /// `fav find` matches a phrase).
  func forEachFavorite(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws

  /// ``forEachFavorite(matching:tag:work:after:limit:_:)`` for a writer: each favorite as a
  /// ``FavoriteRow``, its columns' bytes when the store has them as bytes (a ``RawFavorite``), so that a long listing makes no `String` per column.
  ///
  /// With `columns` ``FavoriteColumns/table`` a store may read only the columns a table shows.
  /// A default implementation hands over decoded favorites.
  func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws

  /// How many favorites match `authorText` (all when nil), have `tag` and match `work` (when
  /// given), and the largest id among them, without reading the favorites themselves.
  func favoriteListSize(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?
  ) throws -> (count: Int, largestID: Int64)

  /// Calls `body` with the author of each favorite matching `authorText` (all when nil) and
  /// having `tag` (when given), as its bytes as the store holds them (a span borrowed for the
  /// call), in no particular order and possibly repeated, until `body` returns false: so that
  /// measuring 100,000 authors makes no `String` of each.
  func forEachFavoriteAuthor(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    _ body: (Span<UInt8>) throws -> Bool
  ) throws

  /// How many favorites pass `filter`'s author, tag and work (its length is not looked at),
  /// counted without reading the favorites.
  func favoriteCount(matching filter: FavoriteFilter) throws -> Int

  /// The id of the favorite at `index` (0 ..< ``favoriteCount(matching:)``) in id order among
  /// those that pass `filter`'s author and tag, or nil when `index` is out of that range.
  func favoriteID(atIndex index: Int, matching filter: FavoriteFilter) throws -> Int64?

  /// The authors of favorites, sorted, for completion: each once as the library tells authors
  /// apart (by their folded name: 'Mark Twain' and 'mark twain' are one), in the spelling of its
  /// first favorite.
  func favoriteAuthors() throws -> [String]

  /// Saves the quotes `feed` hands to the function it is given, as they come, in one
  /// transaction: all of them, or none when anything fails; `count` is about how many there
  /// will be.
  ///
  /// As in ``addFavorite(_:at:)`` the unique key decides what is already a favorite, so a quote
  /// given twice is added once and then counted as already a favorite. A quote without its own
  /// `savedAt` is saved at `date`. With `dryRun` the same inserts run and are rolled back: the
  /// counts are exact and nothing changes.
  func importFavorites(
    count: Int,
    at date: Date,
    dryRun: Bool,
    feed: ((ImportedQuote) -> Void) throws -> Void
  ) throws -> (added: Int, alreadyFavorites: Int)
}

extension FavoriteStore {
  /// ``addFavorite(_:work:at:)`` of a quote from no named work.
  public func addFavorite(_ quote: Quote, at date: Date) throws -> AddFavoriteResult {
    try addFavorite(quote, work: "", at: date)
  }

  /// How many favorites there are: ``favoriteCount(matching:)`` of every favorite.
  public func favoriteCount() throws -> Int {
    try favoriteCount(matching: FavoriteFilter())
  }

  /// Each favorite decoded, from ``forEachFavorite(matching:tag:work:after:limit:_:)``.
  public func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    try forEachFavorite(
      matching: authorText, tag: tag, work: work, after: afterID, limit: limit
    ) {
      try body(.decoded($0))
    }
  }

  /// ``forEachFavorite(matching:tag:work:after:limit:_:)`` of every work.
  public func forEachFavorite(
    matching authorText: String?,
    tag: FavoriteTag?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws {
    try forEachFavorite(
      matching: authorText, tag: tag, work: nil, after: afterID, limit: limit, body)
  }

  /// ``forEachFavoriteRow(matching:tag:work:after:limit:columns:_:)`` of every work.
  public func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    try forEachFavoriteRow(
      matching: authorText, tag: tag, work: nil, after: afterID, limit: limit,
      columns: columns, body)
  }

  /// ``favoriteListSize(matching:tag:work:)`` of every work.
  public func favoriteListSize(
    matching authorText: String?, tag: FavoriteTag?
  ) throws -> (count: Int, largestID: Int64) {
    try favoriteListSize(matching: authorText, tag: tag, work: nil)
  }

  /// ``forEachFavoriteAuthor(matching:tag:work:_:)`` of every work.
  public func forEachFavoriteAuthor(
    matching authorText: String?, tag: FavoriteTag?, _ body: (Span<UInt8>) throws -> Bool
  ) throws {
    try forEachFavoriteAuthor(matching: authorText, tag: tag, work: nil, body)
  }

  /// ``forEachFavorite(matching:tag:after:limit:_:)`` of every tag.
  public func forEachFavorite(
    matching authorText: String?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws {
    try forEachFavorite(matching: authorText, tag: nil, after: afterID, limit: limit, body)
  }

  /// ``favoriteListSize(matching:tag:)`` of every tag.
  public func favoriteListSize(matching authorText: String?) throws -> (
    count: Int, largestID: Int64
  ) {
    try favoriteListSize(matching: authorText, tag: nil)
  }

  /// Every favorite, or those whose author contains `authorText`, in id order, in one array
  /// (tests and the benchmark; commands stream with ``forEachFavorite(matching:after:limit:_:)``).
  public func favorites(authorContaining authorText: String? = nil) throws -> [Favorite] {
    var favorites: [Favorite] = []
    try forEachFavorite(matching: authorText, after: 0, limit: nil) { favorites.append($0) }
    return favorites
  }
}
