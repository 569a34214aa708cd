import Foundation

/// `fav edit`, the trash and `fav undo`.
extension LibraryController {
  /// What `fav edit` did.
  public enum EditOutcome: Sendable, Equatable {
    /// The favorite now reads as this.
    case edited(Favorite)
    /// The edit would change nothing, so nothing was written; the favorite reads as this.
    case unchanged(Favorite)
  }

  /// The form for editing favorite `id`, filled in with what it holds now, and the favorite
  /// it was made from: what ``edit(_:form:)`` saves the edited form over.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)``.
  public func form(id: Int64) throws -> (form: FavoriteEditForm, favorite: Favorite) {
    guard let favorite = try database.favorite(id: id) else {
      throw FavoritesError.notFound(id: id)
    }
    return (FavoriteEditForm(favorite), favorite)
  }

  /// Saves the edited form of `original` (see ``form(id:)``): what it changes of the words,
  /// author and note, only if the favorite still holds what `original` held.
  ///
  /// A field the form gives back as it was is not written, so an editor that saves the form
  /// unchanged, or only adds to the note, changes nothing else.
  ///
  /// - Throws: as ``edit(id:text:author:note:)``, and ``LibraryError/changedMeanwhile(id:)``
  ///   when another command changed the words, author or note since the form was made.
  public func edit(_ original: Favorite, form edited: FavoriteEditForm) throws -> EditOutcome {
    let changes = edited.changes(from: FavoriteEditForm(original))
    return try edit(
      original, text: changes.text, author: changes.author, note: changes.note,
      work: changes.work)
  }

  /// Changes what is given of favorite `id`'s words, author, note and work; the rest stays,
  /// even when another command changes it at the same time (the work is cleaned onto one line,
  /// ``QuoteText/enteringWork(_:)``; "" removes it).
  ///
  /// The text is admitted as `fav add` admits it (``QuoteText``); the id, source, saved
  /// time and tags stay.
  ///
  /// - Throws: ``FavoritesError`` for an unknown id or text ``QuoteText`` keeps out,
  ///   ``LibraryError/noteTooLong`` and ``LibraryError/alreadyFavorite(id:)``.
  public func edit(
    id: Int64, text: String?, author: String?, note: String?, work: String? = nil
  ) throws -> EditOutcome {
    while true {
      guard let favorite = try database.favorite(id: id) else {
        throw FavoritesError.notFound(id: id)
      }
      do {
        return try edit(favorite, text: text, author: author, note: note, work: work)
      } catch LibraryError.changedMeanwhile {
        // Another command wrote the fields not given here between the read and the write:
        // read them again rather than write back what was read. Each retry follows a write
        // that succeeded, so this ends.
        continue
      }
    }
  }

  /// Gives `favorite` what is given of the words, author, note and work, if it still holds
  /// what `favorite` holds.
  private func edit(
    _ favorite: Favorite, text: String?, author: String?, note: String?, work: String?
  ) throws -> EditOutcome {
    var quote = favorite.quote
    if let text { quote.text = text }
    if let author { quote.author = author }
    // Cleaned and trimmed there.
    switch QuoteText.admitted(quote) {
    case .failure(let problem): throw FavoritesError(problem)
    case .success(let admitted): quote = admitted
    }
    let newNote = note.map(QuoteText.entering) ?? favorite.note
    if newNote.unicodeScalars.count > QuoteText.maxNoteLength { throw LibraryError.noteTooLong }
    let newWork =
      try work.map { try QuoteText.admittedWork($0).mapError(FavoritesError.init).get() }
      ?? favorite.work
    if quote.text == favorite.quote.text && quote.author == favorite.quote.author
      && newNote == favorite.note && newWork == favorite.work
    {
      return .unchanged(favorite)
    }
    return .edited(
      try translatingStorageErrors {
        try database.editFavorite(
          favorite, quote: quote, note: newNote, work: newWork, at: now())
      })
  }

  /// The favorites in the trash, in the order they were removed.
  public func trash() throws -> [TrashedFavorite] {
    try database.trashedFavorites()
  }

  /// Brings favorites back from the trash under their ids, with their notes and tags: all of
  /// them, or none.
  public func restore(ids: [Int64]) throws -> [Favorite] {
    try translatingStorageErrors { try database.restoreFavorites(ids: ids, at: now()) }
  }

  /// Deletes for good the favorites with these ids that are still in the trash (those
  /// ``trash()`` listed: not what entered it since), and forgets the changes whose undoing
  /// would bring them back.
  ///
  /// - Returns: how many were deleted.
  public func emptyTrash(ids: [Int64]) throws -> Int {
    try database.emptyTrash(ids: ids)
  }

  /// Takes back the newest change to the library.
  ///
  /// - Throws: ``LibraryError/nothingToUndo`` when no change is recorded.
  public func undo() throws -> LibraryChange {
    guard let change = try database.undoLastChange() else { throw LibraryError.nothingToUndo }
    return change
  }
}
