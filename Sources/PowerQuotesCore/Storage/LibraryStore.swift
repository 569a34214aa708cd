import Foundation

/// The trash, edits and the undo history: what makes a store's favorites a library.
///
/// Every change it makes is one undoable change (see `Migrations/0006_trash_undo.sql`).
public protocol LibraryStore: Sendable {
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

  /// Deletes the favorites in the trash for good and forgets the undo history; returns how
  /// many were deleted.
  func emptyTrash() throws -> Int

  /// Gives favorite `id` this quote (text and author; its source stays) and note, recomputing
  /// its keys; the unique key decides whether it now equals another favorite.
  ///
  /// - Throws: ``StorageError/noSuchFavorite(id:)`` or ``StorageError/duplicateFavorite(id:)``.
  func editFavorite(id: Int64, quote: Quote, note: String, at date: Date) throws -> Favorite

  /// The note of favorite `id`, or nil when there is no such favorite.
  func favoriteNote(id: Int64) throws -> String?

  /// The changes that can be undone, newest first.
  func libraryChanges() throws -> [LibraryChange]

  /// Takes back the newest change in one transaction and returns it; nil when there is none.
  func undoLastChange() throws -> LibraryChange?
}
