import Foundation

/// Saves, finds, shows and removes favorites: the favorites table of the iOS app.
public struct FavoritesController: Sendable {
  private let database: any QuoteStore
  private let client: QuoteClient
  private let now: @Sendable () -> Date

  /// Makes a controller over the store `database`; `client` fetches quotes for
  /// `add(dummyJSONID:)`.
  public init(
    database: any QuoteStore,
    client: QuoteClient,
    now: @escaping @Sendable () -> Date
  ) {
    self.database = database
    self.client = client
    self.now = now
  }

  /// Saves a quote the user typed, from `work` (a title, cleaned onto one line, see
  /// ``QuoteText/enteringWork(_:)``; empty for none).
  ///
  /// What the user typed is saved without white space around it; quotes from a service are
  /// saved exactly as received.
  public func add(text: String, author: String, work: String = "") throws -> AddFavoriteResult {
    try add(
      Quote(
        text: text.trimmingCharacters(in: .whitespacesAndNewlines),
        author: author.trimmingCharacters(in: .whitespacesAndNewlines),
        source: .manual
      ),
      work: work
    )
  }

  /// Saves the quote shown last, from `work` (empty for none).
  public func addLastShown(work: String = "") throws -> AddFavoriteResult {
    guard let quote = try database.lastShown() else { throw FavoritesError.nothingShownYet }
    return try add(quote, work: work)
  }

  /// Fetches DummyJSON's quote `id` and saves it, from `work` (empty for none).
  public func add(dummyJSONID id: Int, work: String = "") async throws -> AddFavoriteResult {
    let quote = try await client.quote(id)
    try database.recordShown(quote, at: now())
    return try add(quote, work: work)
  }

  /// Saves `quote` from `work`, cleaned as ``QuoteText`` cleans every quote and title that
  /// enters the library, unless it is already a favorite (whose work then stays as it is).
  ///
  /// - Throws: ``FavoritesError`` for a quote that is empty once cleaned, or a quote, author
  ///   or work's title too long.
  public func add(_ quote: Quote, work: String = "") throws -> AddFavoriteResult {
    let quote = try QuoteText.admitted(quote).mapError(FavoritesError.init).get()
    let work = try QuoteText.admittedWork(work).mapError(FavoritesError.init).get()
    return try database.addFavorite(quote, work: work, at: now())
  }

  /// How many favorites there are (those whose author contains `author` and that have `tag`,
  /// when given) and the largest id, from the store's indexes, without reading the favorites;
  /// each one's author handed to `authors` as its bytes (in no particular order, possibly
  /// repeated) until it returns false: for laying out a table before streaming it.
  public func listSize(
    author: String?,
    tag: FavoriteTag? = nil,
    work: String? = nil,
    authors: (Span<UInt8>) throws -> Bool
  ) throws -> (count: Int, largestID: Int64) {
    let size = try database.favoriteListSize(matching: author, tag: tag, work: work)
    if size.count > 0 {
      try database.forEachFavoriteAuthor(matching: author, tag: tag, work: work, authors)
    }
    return size
  }

  /// Calls `body` with favorites one at a time, in id order, and returns how many, and which
  /// it left out (``ListedFavorites``: a favorite whose saved time the store cannot read).
  ///
  /// Only those whose author contains `author` and that have `tag`, when given; only those
  /// after id `afterID`, `limit` at most, when given. The count tells a page that came back
  /// empty. `fav list`, its pages in the shell and `fav export` all read favorites this way.
  @discardableResult
  public func forEach(
    author: String?,
    tag: FavoriteTag? = nil,
    work: String? = nil,
    after afterID: Int64 = 0,
    limit: Int? = nil,
    _ body: (Favorite) throws -> Void
  ) throws -> ListedFavorites {
    try forEachRow(author: author, tag: tag, work: work, after: afterID, limit: limit) {
      try body($0.favorite)
    }
  }

  /// ``forEach(author:tag:after:limit:_:)`` for a writer: each favorite as a ``FavoriteRow``,
  /// its columns' bytes when the store has them as bytes (a ``RawFavorite``).
  @discardableResult
  public func forEachRow(
    author: String?,
    tag: FavoriteTag? = nil,
    work: String? = nil,
    after afterID: Int64 = 0,
    limit: Int? = nil,
    columns: FavoriteColumns = .all,
    _ body: (FavoriteRow) throws -> Void
  ) throws -> ListedFavorites {
    // `body` is called only while this runs; it escapes only into the store's body below.
    try withoutActuallyEscaping(body) { body in
      var listed = ListedFavorites()
      try database.forEachFavoriteRow(
        matching: author, tag: tag, work: work, after: afterID, limit: limit, columns: columns
      ) {
        try listed.pass($0, columns: columns, to: body)
      }
      return listed
    }
  }

  /// Every favorite's author, once each, for completion, cleaned for the terminal: readline
  /// shows them as they are, and a database written by hand or by an older powerquotes may hold
  /// control characters and escape sequences.
  public func authors() throws -> [String] {
    var seen = Set<String>()
    return try database.favoriteAuthors().map(UntrustedText.sanitized).filter {
      !$0.isEmpty && seen.insert($0).inserted
    }
  }

  /// The favorite with `id`.
  public func favorite(id: Int64) throws -> Favorite {
    guard let favorite = try database.favorite(id: id) else {
      throw FavoritesError.notFound(id: id)
    }
    return favorite
  }

  /// The favorites that removing `ids` would remove, in the order given: what a confirmation
  /// shows, and then covers.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)`` for the first id that is not a favorite, before
  ///   anything is asked or removed.
  public func favoritesToRemove(ids: [Int64]) throws -> [Favorite] {
    try ids.map { try favorite(id: $0) }
  }

  /// Removes the favorites a confirmation covered (see ``favoritesToRemove(ids:)``): all of
  /// them, or none when one has gone meanwhile.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)`` for the first one that is no longer a favorite.
  public func remove(_ confirmed: [Favorite]) throws -> [Favorite] {
    do {
      return try database.trashFavorites(ids: confirmed.map(\.id), at: now())
    } catch StorageError.noSuchFavorite(let id) {
      throw FavoritesError.notFound(id: id)
    }
  }
}
