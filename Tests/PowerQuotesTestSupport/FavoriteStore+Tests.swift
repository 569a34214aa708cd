import Foundation
import PowerQuotesCore

extension FavoriteStore {
  /// The favorite at `index` in id order, through ``FavoriteStore/favoriteID(atIndex:matching:)``
  /// and ``FavoriteStore/favorite(id:)``: for tests of the order and gaps of ids.
  public func favorite(atIndex index: Int) throws -> Favorite? {
    try favoriteID(atIndex: index, matching: FavoriteFilter()).flatMap { try favorite(id: $0) }
  }
}

extension LibraryStore {
  /// Takes the favorites with these ids out of the library as `fav rm` does (to the trash, one
  /// undoable change, all or none), for tests that need them gone or a gap in the ids.
  public func removeFavorites(ids: [Int64]) throws -> [Favorite] {
    try trashFavorites(ids: ids, at: Date())
  }
}
