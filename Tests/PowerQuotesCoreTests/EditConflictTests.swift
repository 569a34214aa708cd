import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// An edit form is saved only over the favorite it was made from.
///
/// Whatever another connection changes while the editor is open (a flag edit, an undo, an
/// import's note, a removal) is never reverted. Each test opens the form, lets a second
/// connection to the same store change the favorite, as a second process would while the
/// editor is open, then saves.
@Suite("An edit form against changes made meanwhile")
struct EditConflictTests {
  /// The kinds of store, by name, that two connections can be opened on here.
  static let kinds = StoreFactory.allNames

  /// Two connections to one new store of `kind` holding Rumi, Umar and Lao Tzu: an SQLite file
  /// opened twice, or one PostgreSQL database; `body` gets them.
  func withTwoConnections(
    _ kind: String, _ body: (any QuoteStore, any QuoteStore) throws -> Void
  ) throws {
    if kind == "SQLite" {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let path = folder.file("favorites.sqlite")
      let first = try QuoteDatabase.open(path: path)
      try add(first)
      try body(first, try QuoteDatabase.open(path: path))
    } else {
      let first = try StoreFactory.postgres.make()
      try add(first)
      let url = try #require((first as? PostgresStore)?.url)
      try body(first, try PostgresStore.open(url: url, timeout: 30))
    }
  }

  func add(_ store: any QuoteStore) throws {
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try store.addFavorite(quote, at: testDate)
    }
  }

  func controller(_ store: any QuoteStore) -> LibraryController {
    LibraryController(database: store, now: { testDate })
  }

  /// What the user typed in the form of favorite 1: a new author and a note.
  func typed(_ form: FavoriteEditForm) -> FavoriteEditForm {
    var typed = form
    typed.author = "Jalal ad-Din Rumi"
    typed.note += "\nTyped in the editor."
    return typed
  }

  /// Opens favorite 1's form on `first`, lets `meanwhile` change the library through
  /// `second`, then saves what was typed: refused, and the favorite as `meanwhile` left it.
  func expectConflict(
    _ kind: String, reason: any Error & Equatable,
    before: (any QuoteStore) throws -> Void = { _ in },
    meanwhile: (any QuoteStore) throws -> Void
  ) throws {
    try withTwoConnections(kind) { first, second in
      try before(first)
      let (form, original) = try controller(first).form(id: 1)
      try meanwhile(second)
      let after = try second.favorite(id: 1)
      let changes = try first.libraryChanges()
      #expect {
        try controller(first).edit(original, form: typed(form))
      } throws: { error in
        (error as? LibraryError) == reason as? LibraryError
          || (error as? FavoritesError) == reason as? FavoritesError
      }
      #expect(try first.favorite(id: 1) == after)
      #expect(try first.libraryChanges() == changes)
    }
  }

  @Test("Another process's note or author edit is not reverted", arguments: kinds)
  func flagEditMeanwhile(kind: String) throws {
    for (note, author) in [("Elsewhere.", nil), (nil, "Mawlana"), ("Elsewhere.", "Mawlana")] {
      try expectConflict(kind, reason: LibraryError.changedMeanwhile(id: 1)) { second in
        _ = try controller(second).edit(id: 1, text: nil, author: author, note: note)
      }
    }
  }

  @Test("An undo or an import's note meanwhile is not reverted", arguments: kinds)
  func undoOrImportMeanwhile(kind: String) throws {
    try expectConflict(
      kind, reason: LibraryError.changedMeanwhile(id: 1),
      before: { _ = try controller($0).edit(id: 1, text: nil, author: nil, note: "A note.") },
      meanwhile: { second in
        let undone = try second.undoLastChange()
        #expect(undone.map(LibraryChangeView.summary) == "editing favorite 1")
      })
    try expectConflict(kind, reason: LibraryError.changedMeanwhile(id: 1)) { second in
      _ = try second.importFavorites(count: 1, at: testDate, dryRun: false) { feed in
        feed(ImportedQuote(position: 1, quote: Samples.rumi, note: "From a Kindle."))
      }
    }
  }

  @Test("A favorite removed meanwhile is not brought back by the edit", arguments: kinds)
  func removedMeanwhile(kind: String) throws {
    try expectConflict(kind, reason: FavoritesError.notFound(id: 1)) { second in
      _ = try second.trashFavorites(ids: [1], at: testDate)
    }
  }

  @Test(
    "Changes meanwhile to what the form does not show, or undone again, do not stop it",
    arguments: kinds)
  func unrelatedChangesMeanwhile(kind: String) throws {
    try withTwoConnections(kind) { first, second in
      let (form, original) = try controller(first).form(id: 1)
      // A tag, another favorite, and a removal restored: favorite 1 reads as the form did.
      _ = try second.tag(id: 1, with: [FavoriteTag("love")], at: testDate)
      _ = try controller(second).edit(id: 2, text: nil, author: nil, note: "Umar's.")
      _ = try second.trashFavorites(ids: [1], at: testDate)
      _ = try second.restoreFavorites(ids: [1], at: testDate)
      let outcome = try controller(first).edit(original, form: typed(form))
      let edited = try #require(try second.favorite(id: 1))
      #expect(outcome == .edited(edited))
      #expect(edited.quote.author == "Jalal ad-Din Rumi")
      #expect(edited.note == "Typed in the editor.")
      #expect(edited.tags == ["love"])
      #expect(try second.favorite(id: 2)?.note == "Umar's.")
    }
  }

  @Test("A flag edit made from a favorite changed meanwhile is made again, and wins")
  func flagEditRetries() throws {
    try withTwoConnections("SQLite") { first, second in
      let stale = try #require(try first.favorite(id: 1))
      _ = try controller(second).edit(id: 1, text: nil, author: nil, note: "Elsewhere.")
      // The store refuses what was made from the stale read...
      #expect(throws: StorageError.favoriteChanged(id: 1)) {
        try first.editFavorite(stale, quote: Samples.rumi, note: "", work: "", at: testDate)
      }
      // ...and the flag edit reads again: only its author changes, the note stays.
      _ = try controller(first).edit(id: 1, text: nil, author: "Mawlana", note: nil)
      #expect(try second.favorite(id: 1)?.note == "Elsewhere.")
      #expect(try second.favorite(id: 1)?.quote.author == "Mawlana")
    }
  }
}
