import Foundation

/// The library features that the PostgreSQL store does not have yet: each throws
/// ``PostgresError/notYetAvailable(feature:)``, one sentence naming it, and changes nothing.
///
/// `fav edit` and `fav undo` came to the SQLite store while this store was written; they join
/// it here one by one. Tags, `fav find`, `random --favorites`, the length filters and
/// `fav stats` are here already (PostgresStore+Tags, +Search, +Random and +Stats), and so is
/// the trash (PostgresStore+Trash.swift).
extension PostgresStore: LibraryStore {
  /// Not yet available: throws.
  public func editFavorite(id: Int64, quote: Quote, note: String, at date: Date) throws -> Favorite
  {
    throw PostgresError.notYetAvailable(feature: "fav edit")
  }

  /// Not yet available: throws.
  public func libraryChanges() throws -> [LibraryChange] {
    throw PostgresError.notYetAvailable(feature: "fav undo")
  }

  /// Not yet available: throws.
  public func undoLastChange() throws -> LibraryChange? {
    throw PostgresError.notYetAvailable(feature: "fav undo")
  }
}
