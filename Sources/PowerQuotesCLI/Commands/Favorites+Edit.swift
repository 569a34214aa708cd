import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav edit <id>`: fix a typo, change the author, write a note.
  struct Edit: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Change a favorite's words, author, work or note.",
      discussion: """
        With no flag, opens $VISUAL or $EDITOR (else vi) on a small form, as 'git commit' \
        does; an unchanged or emptied form changes nothing. In the form, a line of the text \
        that starts with '#' or reads [quote], [author], [work] or [note] has a '\\' before it, which \
        is not saved. The form is saved only if the favorite was not changed meanwhile by \
        another command; a form that is not saved (exit 1, or 64 for refused text) is kept in \
        the data folder, and the error names it. The id never changes. An edit that makes \
        the favorite equal to another one is refused with exit status 3. \
        'powerquotes fav undo' takes an edit back.

        Examples:
          $ powerquotes fav edit 12
          $ powerquotes fav edit 12 --author "Marcus Aurelius"
          $ powerquotes fav edit 12 --note "Read at Anna's wedding"
          $ powerquotes fav edit 12 --work "Meditations"
          $ powerquotes fav edit 12 --author Seneca --format json
        """
    )

    @Argument(help: "The id of the favorite to edit.", completion: LibraryCompletion.favoriteIDs)
    var id: Int64

    @Option(help: "The quote's new words.")
    var quote: String?

    @Option(help: "The quote's new author.", completion: LibraryCompletion.authors)
    var author: String?

    @Option(help: "The favorite's new note (\"\" removes it).")
    var note: String?

    @Option(help: "The work the quote came from, a book's or speech's title (\"\" removes it).")
    var work: String?

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

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
      if quote != nil || author != nil || note != nil || work != nil {
        outcome = try editByFlags(controller, env)
      } else if let edited = try editInEditor(controller, env) {
        outcome = edited
      } else {
        env.console.note(LibraryChangeView.emptiedForm(id: id))
        guard output.format == .json else { return }
        // An edit that gives nothing changes nothing, and answers with the favorite.
        outcome = try controller.edit(id: id, text: nil, author: nil, note: nil)
      }
      let (favorite, edited) =
        switch outcome {
        case .edited(let favorite): (favorite, true)
        case .unchanged(let favorite): (favorite, false)
        }
      switch output.format {
      case .text where edited:
        env.console.print(LibraryChangeView.sentence(editing: id, edited: true))
      case .text: env.console.note(LibraryChangeView.sentence(editing: id, edited: false))
      case .json: env.console.out(LibraryChangeView.json(favorite, edited: edited))
      }
    }

    /// Saves what `--quote`, `--author`, `--note` and `--work` give; text they give that cannot be saved
    /// is a usage error, as in `fav add`.
    private func editByFlags(_ controller: LibraryController, _ env: AppEnvironment) throws
      -> LibraryController.EditOutcome
    {
      try save(env) {
        do {
          return try controller.edit(id: id, text: quote, author: author, note: note, work: work)
        } catch let error as FavoritesError where error != .notFound(id: id) {
          throw ValidationError(error.errorDescription ?? "")
        } catch LibraryError.noteTooLong {
          throw ValidationError(LibraryError.noteTooLong.errorDescription ?? "")
        }
      }
    }

    /// Opens the editor on the favorite's form and saves what it comes back with, over the
    /// favorite as the form showed it; nil for an emptied form.
    ///
    /// The edited form's file is removed once it is used; when what it says cannot be saved
    /// (another command changed the favorite meanwhile, the text is refused), it is kept and
    /// the error names it, so nothing typed is lost.
    private func editInEditor(_ controller: LibraryController, _ env: AppEnvironment) throws
      -> LibraryController.EditOutcome?
    {
      let (form, original) = try controller.form(id: id)
      let edited = try env.textEditor.edit(
        form.rendered(id: id), name: "favorite-\(id)", limit: FavoriteEditForm.maxBytes)
      let reason: FavoriteEditFormError.Reason
      do {
        let filled = try FavoriteEditForm.parse(edited.text)
        let outcome = try filled.map { filled in
          try save(env) { try controller.edit(original, form: filled) }
        }
        edited.discard()
        return outcome
      } catch FavoriteEditFormError.sectionMissing(let section) {
        reason = .sectionMissing(section)
      } catch FavoriteEditFormError.textAboveSections {
        reason = .textAboveSections
      } catch LibraryError.changedMeanwhile {
        reason = .changedMeanwhile
      } catch FavoritesError.notFound {
        reason = .removedMeanwhile
      } catch LibraryError.noteTooLong {
        reason = .noteTooLong
      } catch let error as FavoritesError {
        guard let problem = error.problem else { throw error }
        reason = .refused(problem)
      } catch {
        edited.discard()
        throw error
      }
      throw FavoriteEditFormError.notSaved(id: id, reason: reason, kept: edited.path)
    }

    /// Runs `edit`, turning "Already a Favorite" into its sentence and exit status.
    private func save(
      _ env: AppEnvironment, _ edit: () throws -> LibraryController.EditOutcome
    ) throws -> LibraryController.EditOutcome {
      do {
        return try edit()
      } catch LibraryError.alreadyFavorite {
        env.console.failed(AddFavoriteView.alreadyFavorite)
        throw ExitCodes.alreadyFavorite
      }
    }
  }
}
