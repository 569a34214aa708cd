import Foundation

/// Edits favorites, keeps the trash and undoes changes: what makes the favorites a library.
public struct LibraryController: Sendable {
  /// The longest note, in Unicode scalars.
  public static let maxNoteLength = 4000

  private let database: any LibraryStore & FavoriteStore
  private let now: @Sendable () -> Date

  /// Makes a controller over the store `database`.
  public init(
    database: any LibraryStore & FavoriteStore, now: @escaping @Sendable () -> Date
  ) {
    self.database = database
    self.now = now
  }

  /// What `fav edit` did.
  public enum EditOutcome: Sendable, Equatable {
    /// The favorite now reads as this.
    case edited(Favorite)
    /// The edit would change nothing, so nothing was written.
    case unchanged
  }

  /// The form for editing favorite `id`, filled in with what it holds now.
  ///
  /// - Throws: ``FavoritesError/notFound(id:)``.
  public func form(id: Int64) throws -> FavoriteEditForm {
    guard let favorite = try database.favorite(id: id), let note = try database.favoriteNote(id: id)
    else { throw FavoritesError.notFound(id: id) }
    return FavoriteEditForm(text: favorite.quote.text, author: favorite.quote.author, note: note)
  }

  /// Changes what is given of favorite `id`'s words, author and note; the rest stays.
  ///
  /// The text is admitted as `fav add` admits it (``QuoteText``); the id, source and saved
  /// time stay.
  ///
  /// - Throws: ``FavoritesError`` for an unknown id or text ``QuoteText`` keeps out,
  ///   ``LibraryError/noteTooLong`` and ``LibraryError/alreadyFavorite(id:)``.
  public func edit(id: Int64, text: String?, author: String?, note: String?) throws
    -> EditOutcome
  {
    guard let favorite = try database.favorite(id: id),
      let oldNote = try database.favoriteNote(id: id)
    else { throw FavoritesError.notFound(id: id) }
    var quote = favorite.quote
    if let text { quote.text = text.trimmingCharacters(in: .whitespacesAndNewlines) }
    if let author { quote.author = author.trimmingCharacters(in: .whitespacesAndNewlines) }
    switch QuoteText.admitted(quote) {
    case .failure(let problem): throw FavoritesError(problem)
    case .success(let admitted): quote = admitted
    }
    let newNote =
      note.map { QuoteText.cleaned($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      ?? oldNote
    if newNote.unicodeScalars.count > Self.maxNoteLength { throw LibraryError.noteTooLong }
    if quote.text == favorite.quote.text && quote.author == favorite.quote.author
      && newNote == oldNote
    {
      return .unchanged
    }
    return .edited(
      try translatingStorageErrors {
        try database.editFavorite(id: id, quote: quote, note: newNote, at: now())
      })
  }

  /// The favorites in the trash, in the order they were removed.
  public func trash() throws -> [TrashedFavorite] {
    try database.trashedFavorites()
  }

  /// Brings favorites back from the trash under their ids: all of them, or none.
  public func restore(ids: [Int64]) throws -> [Favorite] {
    try translatingStorageErrors { try database.restoreFavorites(ids: ids, at: now()) }
  }

  /// Runs `body`, turning the storage's answers about ids into this layer's sentences.
  private func translatingStorageErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch StorageError.noSuchFavorite(let id) {
      throw FavoritesError.notFound(id: id)
    } catch StorageError.noSuchTrashedFavorite(let id) {
      throw LibraryError.notInTrash(id: id)
    } catch StorageError.duplicateFavorite(let id) {
      throw LibraryError.alreadyFavorite(id: id)
    }
  }

  /// How many favorites the trash holds.
  public func trashCount() throws -> Int {
    try database.trashedFavorites().count
  }

  /// Deletes the favorites in the trash for good, and forgets the undo history.
  ///
  /// - Returns: how many were deleted.
  public func emptyTrash() throws -> Int {
    try database.emptyTrash()
  }

  /// Takes back the newest change to the library.
  ///
  /// - Throws: ``LibraryError/nothingToUndo`` when no change is recorded.
  public func undo() throws -> LibraryChange {
    guard let change = try database.undoLastChange() else { throw LibraryError.nothingToUndo }
    return change
  }
}

extension AppEnvironment {
  /// A library controller (edit, trash, undo) over this environment.
  public func libraryController() throws -> LibraryController {
    LibraryController(database: try database.get(), now: now)
  }

  /// The text editor the environment's variables name.
  public var textEditor: TextEditor { TextEditor(environment: environment) }
}
