import Foundation

/// The library side of the favorites: finds them by their words, tags them, edits them, keeps
/// the trash and undoes changes (the last three in `LibraryController+Changes.swift`).
public struct LibraryController: Sendable {
  let database: any LibraryStore & FavoriteStore
  let now: @Sendable () -> Date

  /// Makes a controller over the store `database`; `now` dates each change for the undo
  /// history.
  public init(
    database: any LibraryStore & FavoriteStore, now: @escaping @Sendable () -> Date
  ) {
    self.database = database
    self.now = now
  }

  /// Calls `body` with each favorite matching `query`, best first, one at a time; with `tag`,
  /// only favorites that have it; with `matches`, each says where its words matched.
  public func find(
    _ query: SearchQuery,
    tag: FavoriteTag? = nil,
    matches: Bool,
    limit: Int? = nil,
    _ body: (SearchHit) throws -> Void
  ) throws {
    try withoutActuallyEscaping(body) { body in
      try upTo(limit, body) { try database.forEachSearchHit(query, tag: tag, matches: matches, $0) }
    }
  }

  /// ``find(_:tag:matches:_:)`` without matches, for a writer: each hit as a ``FavoriteRow``
  /// of `columns` (the table's, or all), its columns' bytes when the store lends them (valid
  /// only during the call to `body`); returns how many, and which it left out
  /// (``ListedFavorites``: a favorite whose saved time the store cannot read).
  @discardableResult
  public func findRows(
    _ query: SearchQuery,
    tag: FavoriteTag? = nil,
    columns: FavoriteColumns = .all,
    limit: Int? = nil,
    _ body: (FavoriteRow) throws -> Void
  ) throws -> ListedFavorites {
    try withoutActuallyEscaping(body) { body in
      var listed = ListedFavorites()
      try upTo(limit, { try listed.pass($0, columns: columns, to: body) }) {
        try database.forEachSearchRow(query, tag: tag, columns: columns, $0)
      }
      return listed
    }
  }

  /// Runs `search` with `body`, ended after `limit` items when a limit is given: the rest are
  /// never read.
  private func upTo<Item>(
    _ limit: Int?, _ body: (Item) throws -> Void,
    _ search: ((Item) throws -> Void) throws -> Void
  ) throws {
    try withoutActuallyEscaping(body) { body in
      guard let limit else { return try search(body) }
      var left = limit
      do {
        try search { item in
          try body(item)
          left -= 1
          if left == 0 { throw LimitReached() }
        }
      } catch is LimitReached {}
    }
  }

  /// Ends a search at its limit.
  private struct LimitReached: Error {}

  /// How many favorites match `query` (and have `tag`) and the largest id, each one's author
  /// handed to `authors` until it returns false (see
  /// ``LibraryStore/searchSize(_:tag:authors:)``), to lay a table out before streaming the
  /// hits; nil when the store would run the whole search to tell.
  public func findSize(
    _ query: SearchQuery,
    tag: FavoriteTag? = nil,
    authors: (Span<UInt8>) throws -> Bool
  ) throws -> (count: Int, largestID: Int64)? {
    try database.searchSize(query, tag: tag, authors: authors)
  }

  /// Puts `tags` on the favorite with `id`, as one change `fav undo` can take back.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)`` for an unknown id.
  public func tag(id: Int64, with tags: [FavoriteTag]) throws -> (
    favorite: Favorite, added: [FavoriteTag]
  ) {
    try translatingStorageErrors { try database.tag(id: id, with: tags, at: now()) }
  }

  /// Takes `tags` off the favorite with `id`, as one change `fav undo` can take back.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)`` for an unknown id.
  public func untag(id: Int64, tags: [FavoriteTag]) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  ) {
    try translatingStorageErrors { try database.untag(id: id, tags: tags, at: now()) }
  }

  /// Every tag with its count, most used first.
  public func tagCounts() throws -> [TagCount] {
    try database.tagCounts()
  }

  /// Runs `body`, turning the storage's answers about ids into this layer's sentences.
  func translatingStorageErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch StorageError.noSuchFavorite(let id) {
      throw FavoritesError.notFound(id: id)
    } catch StorageError.noSuchTrashedFavorite(let id) {
      throw LibraryError.notInTrash(id: id)
    } catch StorageError.duplicateFavorite(let id) {
      throw LibraryError.alreadyFavorite(id: id)
    } catch StorageError.favoriteChanged(let id) {
      throw LibraryError.changedMeanwhile(id: id)
    }
  }
}
