/// What a listing that writes favorites in full (`fav export`, `--format json`) handed over: how
/// many favorites, and the ids of those it left out because the store holds no time it can read
/// in their `saved_at` (see ``Favorite/savedAt``).
///
/// One such row never stops the others: the listing writes them all, then
/// ``requireNoneLeftOut()`` names the ones it left out.
public struct ListedFavorites: Sendable, Equatable {
  /// How many favorites were handed over.
  public var count = 0
  /// The ids of the favorites left out, in the listing's order.
  public var leftOut: [Int64] = []

  /// Makes an empty tally.
  public init() {}

  /// Hands `row` of `columns` to `body`, or notes its id when it is a row in full whose saved
  /// time could not be read: the one place where listings leave such a row out.
  ///
  /// A table's row (``FavoriteColumns/table``) has no time and always goes on.
  mutating func pass(
    _ row: FavoriteRow, columns: FavoriteColumns, to body: (FavoriteRow) throws -> Void
  ) rethrows {
    if columns == .all, case .decoded(let favorite) = row, favorite.savedAt == nil {
      leftOut.append(favorite.id)
      return
    }
    count += 1
    try body(row)
  }

  /// Throws ``FavoritesError/unreadableSavedTimes(ids:)`` when favorites were left out; call it
  /// once what was handed over is written.
  public func requireNoneLeftOut() throws {
    guard leftOut.isEmpty else { throw FavoritesError.unreadableSavedTimes(ids: leftOut) }
  }
}
