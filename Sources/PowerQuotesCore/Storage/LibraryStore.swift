/// Where tags are kept and favorites are found by their words.
///
/// Like ``FavoriteStore``, synchronous and throwing only ``StorageError``.
public protocol LibraryStore: Sendable {
  /// Calls `body` with each favorite whose quote, author, note or tags match `query`, best
  /// match first, one at a time; with `tag`, only favorites that have it. With `matches`, each
  /// hit says where its quote and author matched.
  func forEachSearchHit(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    matches: Bool,
    _ body: (SearchHit) throws -> Void
  ) throws

  /// Puts `tags` on the favorite with `id` in one transaction; returns the favorite as it is
  /// now and the tags it did not have before.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  func tag(id: Int64, with tags: [FavoriteTag]) throws -> (favorite: Favorite, added: [FavoriteTag])

  /// Takes `tags` off the favorite with `id` in one transaction; returns the favorite as it is
  /// now and the tags it had and no longer has.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  func untag(id: Int64, tags: [FavoriteTag]) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  )

  /// Every tag with how many favorites have it, most used first, then by name.
  func tagCounts() throws -> [TagCount]
}
