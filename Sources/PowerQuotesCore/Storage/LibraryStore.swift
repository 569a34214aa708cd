import Foundation

/// What makes a store's favorites a library: finding them by their words, their tags, edits,
/// the trash and the undo history.
///
/// One of the three parts of ``QuoteStore``, whose documentation says what every requirement
/// promises. Every method that changes the library makes one undoable change (see
/// `Migrations/0006_trash_undo.sql`).
public protocol LibraryStore: Sendable {
  /// Calls `body` with each favorite whose quote, author, note, tags or work match `query`, best
  /// match first, one at a time; with `tag`, only favorites that have it. With `matches`, each
  /// hit says where its quote and author matched.
  func forEachSearchHit(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    matches: Bool,
    _ body: (SearchHit) throws -> Void
  ) throws

  /// ``forEachSearchHit(_:tag:matches:_:)`` without matches, for a writer: each favorite as a
  /// ``FavoriteRow`` of `columns` (or more), its columns' bytes when the store has them as bytes
  /// (a ``RawFavorite``). A default implementation hands over decoded
  /// favorites.
  func forEachSearchRow(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws

  /// How many favorites match `query` (and have `tag`) and the largest id among them, counted
  /// without ranking them, each one's author handed to `authors` as its bytes (in no particular
  /// order, possibly repeated) until it returns false: for laying out a table of hits before
  /// they are streamed. Nil, handing over nothing, when the store would run the whole search to
  /// tell (the default): the hits are then kept and laid out once read.
  func searchSize(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    authors: (Span<UInt8>) throws -> Bool
  ) throws -> (count: Int, largestID: Int64)?

  /// Puts `tags` on the favorite with `id` as one undoable change; returns the favorite as it
  /// is now and the tags it did not have before.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  func tag(id: Int64, with tags: [FavoriteTag], at date: Date) throws -> (
    favorite: Favorite, added: [FavoriteTag]
  )

  /// Takes `tags` off the favorite with `id` as one undoable change; returns the favorite as
  /// it is now and the tags it had and no longer has.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` when no favorite has `id`; nothing changes.
  func untag(id: Int64, tags: [FavoriteTag], at date: Date) throws -> (
    favorite: Favorite, removed: [FavoriteTag]
  )

  /// Every tag with how many favorites have it, most used first, then by name.
  func tagCounts() throws -> [TagCount]

  /// The library counted for `fav stats`: totals, the top authors, sources, tags, and
  /// favorites saved per month in `localTime`'s calendar.
  func favoriteStats(localTime: LocalTime) throws -> FavoriteStats

  /// Moves the favorites with these ids to the trash, whole (note and tags too), in one
  /// transaction, all or none, and returns them in the order asked (an id given twice counts
  /// once).
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` for the first id that is not a favorite.
  func trashFavorites(ids: [Int64], at date: Date) throws -> [Favorite]

  /// Brings the favorites with these ids back from the trash under their ids, with their notes
  /// and tags, all or none.
  ///
  /// - Throws: ``StorageError/noSuchTrashedFavorite(id:)``, or
  ///   ``StorageError/duplicateFavorite(id:)`` when an equal favorite was saved meanwhile.
  func restoreFavorites(ids: [Int64], at date: Date) throws -> [Favorite]

  /// The favorites in the trash, in the order they were removed.
  func trashedFavorites() throws -> [TrashedFavorite]

  /// Deletes for good those of the favorites with these ids that are still in the trash, and
  /// returns how many; forgets the changes whose undoing would bring one of them back (the one
  /// that last moved one of them to the trash, and every older one), and only those.
  func emptyTrash(ids: [Int64]) throws -> Int

  /// Gives favorite `old.id` this quote (text and author; its source stays), note and work,
  /// recomputing its keys, only if it still holds the words, author, note and work of `old`: one
  /// compare-and-swap, so an edit made from what a favorite held never reverts what another
  /// command wrote since. The unique key decides whether it now equals another favorite.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)``, ``StorageError/favoriteChanged(id:)`` or
  ///   ``StorageError/duplicateFavorite(id:)``; then nothing changed.
  func editFavorite(
    _ old: Favorite, quote: Quote, note: String, work: String, at date: Date
  ) throws -> Favorite

  /// The changes that can be undone, newest first.
  func libraryChanges() throws -> [LibraryChange]

  /// Takes back the newest change in one transaction and returns it; nil when there is none.
  func undoLastChange() throws -> LibraryChange?
}

extension LibraryStore {
  /// ``editFavorite(_:quote:note:work:at:)`` keeping the work `old` names.
  public func editFavorite(
    _ old: Favorite, quote: Quote, note: String, at date: Date
  ) throws -> Favorite {
    try editFavorite(old, quote: quote, note: note, work: old.work, at: date)
  }

  /// Nil: a table of hits is laid out once they are read.
  public func searchSize(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    authors: (Span<UInt8>) throws -> Bool
  ) throws -> (count: Int, largestID: Int64)? {
    nil
  }

  /// Each hit's favorite decoded, from ``forEachSearchHit(_:tag:matches:_:)``.
  public func forEachSearchRow(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    try forEachSearchHit(query, tag: tag, matches: false) { try body(.decoded($0.favorite)) }
  }
}
