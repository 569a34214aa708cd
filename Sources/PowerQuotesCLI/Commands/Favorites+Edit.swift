import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav edit <id>`: fix a typo, change the author, write a note.
  struct Edit: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Change a favorite's words, author or note.",
      discussion: """
        With no flag, opens $VISUAL or $EDITOR (else vi) on a small form, as 'git commit' \
        does; an unchanged or emptied form changes nothing. The id never changes. An edit \
        that makes the favorite equal to another one is refused with exit status 3. \
        'powerquotes fav undo' takes an edit back.

        Examples:
          $ powerquotes fav edit 12
          $ powerquotes fav edit 12 --author "Marcus Aurelius"
          $ powerquotes fav edit 12 --note "Read at Anna's wedding"
          $ powerquotes fav edit 12 --author Seneca --format json
        """
    )

    @Argument(help: "The id of the favorite to edit.")
    var id: Int64

    @Option(help: "The quote's new words.")
    var quote: String?

    @Option(help: "The quote's new author.")
    var author: String?

    @Option(help: "The favorite's new note (\"\" removes it).")
    var note: String?

    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let quote, QuoteText.problem(text: QuoteText.cleaned(quote), author: "-") == .emptyText {
        throw ValidationError("The quote is empty: give its words in quotes.")
      }
      if let author, UntrustedText.isBlank(QuoteText.cleaned(author)) {
        throw ValidationError("The author is empty: give a name with --author NAME.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let controller = try env.libraryController()
      let outcome: LibraryController.EditOutcome
      if let changes = try changes(controller, env) {
        outcome = try save(changes, controller, env)
      } else {
        env.console.note("The form was emptied; nothing changed.")
        guard output.format == .json else { return }
        // An edit that gives nothing changes nothing, and answers with the favorite.
        outcome = try controller.edit(id: id, text: nil, author: nil, note: nil)
      }
      switch (outcome, output.format) {
      case (.unchanged, .text): env.console.note("Nothing changed in favorite \(id).")
      case (.edited, .text): env.console.print("Favorite \(id) edited.")
      case (.unchanged(let favorite), .json):
        env.console.out(LibraryChangeView.json(favorite, edited: false))
      case (.edited(let favorite), .json):
        env.console.out(LibraryChangeView.json(favorite, edited: true))
      }
    }

    private typealias Changes = (text: String?, author: String?, note: String?)

    /// What the flags give, else what the form comes back with from the editor; nil for an
    /// emptied form.
    private func changes(_ controller: LibraryController, _ env: AppEnvironment) throws
      -> Changes?
    {
      if quote != nil || author != nil || note != nil { return (quote, author, note) }
      let form = try controller.form(id: id)
      let edited = try env.textEditor.edit(form.rendered(id: id), fileName: "favorite-\(id).txt")
      guard let filled = try FavoriteEditForm.parse(edited) else { return nil }
      return (filled.text, filled.author, filled.note)
    }

    /// Saves `changes`, turning what cannot be saved into the command's errors.
    private func save(
      _ changes: Changes, _ controller: LibraryController, _ env: AppEnvironment
    ) throws -> LibraryController.EditOutcome {
      do {
        return try controller.edit(
          id: id, text: changes.text, author: changes.author, note: changes.note)
      } catch let error as FavoritesError where error != .notFound(id: id) {
        // Text the form or a flag gave that cannot be saved: a usage error, as in fav add.
        throw ValidationError(error.errorDescription ?? "")
      } catch LibraryError.noteTooLong {
        throw ValidationError(LibraryError.noteTooLong.errorDescription ?? "")
      } catch LibraryError.alreadyFavorite {
        env.console.failed(AddFavoriteView.alreadyFavorite)
        throw ExitCodes.alreadyFavorite
      }
    }
  }
}
