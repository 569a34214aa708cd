import Foundation

/// Where favorites are kept: the narrow interface every store implements.
///
/// Synchronous and throwing, like GRDB's API and a blocking C client's: a store runs each call
/// to completion on the caller's thread. The SQLite store is ``QuoteDatabase``; another store
/// implements the same requirements, and the same tests run against both. A store says what it
/// holds and throws only ``StorageError``; the rules (what is not found, what a confirmation
/// covers) are the controllers'.
public protocol FavoriteStore: Sendable {
  /// Saves `quote` at `date` unless an equal favorite exists: the store's unique key on the
  /// normalized quote and author (``QuoteKey``) decides, in one transaction.
  func addFavorite(_ quote: Quote, at date: Date) throws -> AddFavoriteResult

  /// The favorite with `id`, if there is one.
  func favorite(id: Int64) throws -> Favorite?

  /// The favorite at `index` in id order (0 ..< ``favoriteCount()``), if there is one.
  func favorite(atIndex index: Int) throws -> Favorite?

  /// How many favorites there are.
  func favoriteCount() throws -> Int

  /// Calls `body` with each favorite whose id is above `afterID`, in id order, one at a time
  /// (a long list is never all in memory), at most `limit` of them when a limit is given; with
  /// `authorText`, only favorites whose author contains it, ignoring case and diacritics
  /// (``QuoteKey/searchFolded(_:)``); with `tag`, only favorites that have it.
  func forEachFavorite(
    matching authorText: String?,
    tag: FavoriteTag?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws

  /// ``forEachFavorite(matching:tag:after:limit:_:)`` for a writer: each favorite as a
  /// ``FavoriteRow``, its columns' bytes when the store has them as bytes (a ``RawFavorite``), so that a long listing makes no `String` per column.
  ///
  /// With `columns` ``FavoriteColumns/table`` a store may read only the columns a table shows.
  /// A default implementation hands over decoded favorites.
  func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws

  /// How many favorites match `authorText` (all when nil) and have `tag` (when given), and the
  /// largest id among them, without reading the favorites themselves.
  func favoriteListSize(
    matching authorText: String?,
    tag: FavoriteTag?
  ) throws -> (count: Int, largestID: Int64)

  /// Calls `body` with the author of each favorite matching `authorText` (all when nil) and
  /// having `tag` (when given), as its bytes as the store holds them (a span borrowed for the
  /// call), in no particular order and possibly repeated, until `body` returns false: so that
  /// measuring 100,000 authors makes no `String` of each.
  func forEachFavoriteAuthor(
    matching authorText: String?,
    tag: FavoriteTag?,
    _ body: (Span<UInt8>) throws -> Bool
  ) throws

  /// How many favorites pass `filter`'s author and tag (its length is not looked at), counted
  /// without reading the favorites.
  func favoriteCount(matching filter: FavoriteFilter) throws -> Int

  /// The id of the favorite at `index` (0 ..< ``favoriteCount(matching:)``) in id order among
  /// those that pass `filter`'s author and tag, if there is one.
  func favoriteID(atIndex index: Int, matching filter: FavoriteFilter) throws -> Int64?

  /// Calls `body` with the id and quote text of each favorite that passes `filter`'s author
  /// and tag, and could be of its length, in id order; `body` decides the length.
  func forEachFavoriteText(
    matching filter: FavoriteFilter,
    _ body: (Int64, String) throws -> Void
  ) throws

  /// The authors of favorites, sorted, for completion: each once as the library tells authors
  /// apart (by their folded name: 'Mark Twain' and 'mark twain' are one), in the spelling of its
  /// first favorite.
  func favoriteAuthors() throws -> [String]

  /// Deletes the favorites with these ids in one transaction, all or none, and returns them in
  /// the order asked (an id given twice counts once).
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` for the first id that is not a favorite;
  ///   nothing is deleted then.
  func removeFavorites(ids: [Int64]) throws -> [Favorite]

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
  /// Each favorite decoded, from ``forEachFavorite(matching:tag:after:limit:_:)``.
  public func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    try forEachFavorite(matching: authorText, tag: tag, after: afterID, limit: limit) {
      try body(.decoded($0))
    }
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
