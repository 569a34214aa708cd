import Foundation

/// The library features that the PostgreSQL store does not have yet: each throws
/// ``PostgresError/notYetAvailable(feature:)``, one sentence naming it, and changes nothing.
///
/// Tags, full-text search (`fav find`), `random --favorites` and the length filters came to the
/// SQLite store while this store was written; they join it here one by one. The trash, `fav
/// edit` and `fav undo` are here already (PostgresStore+Trash.swift, +Edit, +Changes).
extension PostgresStore: LibraryStore {
  /// Not yet available: throws.
  public func forEachSearchHit(
    _ query: SearchQuery,
    tag: FavoriteTag?,
    matches: Bool,
    _ body: (SearchHit) throws -> Void
  ) throws {
    throw PostgresError.notYetAvailable(feature: "fav find")
  }

  /// Not yet available: throws.
  public func tag(
    id: Int64, with tags: [FavoriteTag], at date: Date
  ) throws -> (favorite: Favorite, added: [FavoriteTag]) {
    throw PostgresError.notYetAvailable(feature: "fav tag")
  }

  /// Not yet available: throws.
  public func untag(
    id: Int64, tags: [FavoriteTag], at date: Date
  ) throws -> (favorite: Favorite, removed: [FavoriteTag]) {
    throw PostgresError.notYetAvailable(feature: "fav untag")
  }

  /// Not yet available: throws.
  public func tagCounts() throws -> [TagCount] {
    throw PostgresError.notYetAvailable(feature: "The list of tags")
  }

  /// Not yet available (`random --favorites`): throws.
  public func favoriteCount(matching filter: FavoriteFilter) throws -> Int {
    throw PostgresError.notYetAvailable(feature: "random --favorites")
  }

  /// Not yet available (`random --favorites`): throws.
  public func favoriteID(atIndex index: Int, matching filter: FavoriteFilter) throws -> Int64? {
    throw PostgresError.notYetAvailable(feature: "random --favorites")
  }

  /// Not yet available (`random --favorites` with a length): throws.
  public func forEachFavoriteText(
    matching filter: FavoriteFilter,
    _ body: (Int64, String) throws -> Void
  ) throws {
    throw PostgresError.notYetAvailable(feature: "random --favorites")
  }

  /// Not yet available (`random` with a length): throws.
  public func forEachPoolText(
    minimumScalars: Int, _ body: (Int, String) throws -> Void
  ) throws {
    throw PostgresError.notYetAvailable(feature: "Choosing a quote by length")
  }
}
