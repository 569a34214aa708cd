/// Finds favorites by their words, and tags them: the library side of the favorites.
public struct LibraryController: Sendable {
  private let database: any LibraryStore

  /// Makes a controller over `database`.
  public init(database: any LibraryStore) {
    self.database = database
  }

  /// Calls `body` with each favorite matching `query`, best first, one at a time; with `tag`,
  /// only favorites that have it; with `matches`, each says where its words matched.
  public func find(
    _ query: SearchQuery,
    tag: FavoriteTag? = nil,
    matches: Bool,
    _ body: (SearchHit) throws -> Void
  ) throws {
    try database.forEachSearchHit(query, tag: tag, matches: matches, body)
  }

  /// Puts `tags` on the favorite with `id`.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)`` for an unknown id.
  public func tag(id: Int64, with tags: [FavoriteTag]) throws -> (
    favorite: Favorite, added: [FavoriteTag]
  ) {
    do {
      return try database.tag(id: id, with: tags)
    } catch StorageError.noSuchFavorite(let id) {
      throw FavoritesError.notFound(id: id)
    }
  }

  /// Takes `tags` off the favorite with `id`.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)`` for an unknown id.
  public func untag(id: Int64, tags: [FavoriteTag]) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  ) {
    do {
      return try database.untag(id: id, tags: tags)
    } catch StorageError.noSuchFavorite(let id) {
      throw FavoritesError.notFound(id: id)
    }
  }

  /// Every tag with its count, most used first.
  public func tagCounts() throws -> [TagCount] {
    try database.tagCounts()
  }
}
