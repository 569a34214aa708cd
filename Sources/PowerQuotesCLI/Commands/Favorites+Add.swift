import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav add`: the heart button.
  struct Add: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Save a quote as a favorite.",
      discussion: """
        With no arguments, saves the quote shown last. A quote already saved (the same words \
        and author, ignoring case, spacing and quote marks) is not saved twice: that exits \
        with status 3.

        Examples:
          $ powerquotes fav add
          $ powerquotes fav add --id 12
          $ powerquotes fav add "Know thyself." --author Socrates
          $ powerquotes fav add "Call me Ishmael." --author "Herman Melville" --work "Moby-Dick"
        """
    )

    @Argument(help: "The words of a quote to save (default: the quote shown last).")
    var text: String?

    @Option(help: "The author of the quote given as text.", completion: LibraryCompletion.authors)
    var author: String?

    @Option(parsing: .unconditional, help: "Save DummyJSON's quote with this id.")
    var id: Int?

    @Option(help: "The work the quote came from: a book's or a speech's title.")
    var work: String?

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      if let work, UntrustedText.isBlank(QuoteText.enteringWork(work)) {
        throw ValidationError("--work is empty: give the title of the book or speech.")
      }
      if let work, case .failure(let problem) = QuoteText.admittedWork(work) {
        throw ValidationError(FavoritesError(problem).errorDescription ?? "")
      }
      if id != nil && (text != nil || author != nil) {
        throw ValidationError("Give either --id or a quote's text and --author, not both.")
      }
      if let id, id < 1 {
        throw ValidationError("--id must be a positive number, not \(id).")
      }
      if let text {
        let cleaned = QuoteText.cleaned(text)
        guard let author else {
          throw ValidationError("Give the quote's author with --author NAME.")
        }
        switch QuoteText.problem(text: cleaned, author: QuoteText.cleaned(author)) {
        case .emptyText?:
          throw ValidationError("The quote is empty: give its words in quotes.")
        case .emptyAuthor?:
          throw ValidationError("Give the quote's author with --author NAME.")
        case let problem?:
          throw ValidationError(FavoritesError(problem).errorDescription ?? "")
        case nil:
          break
        }
      } else if author != nil {
        throw ValidationError("--author goes with a quote's text: fav add \"TEXT\" --author NAME.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let controller = try env.favoritesController()
      let result: AddFavoriteResult
      if let id {
        result = try await controller.add(dummyJSONID: id, work: work ?? "")
      } else if let text, let author {
        result = try controller.add(text: text, author: author, work: work ?? "")
      } else {
        result = try controller.addLastShown(work: work ?? "")
      }
      switch (result, output.format) {
      case (.added, .text): env.console.print(AddFavoriteView.sentence(result))
      case (.alreadyFavorite, .text): env.console.failed(AddFavoriteView.sentence(result))
      case (_, .json): env.console.out(AddFavoriteView.json(result))
      }
      if case .alreadyFavorite = result { throw ExitCodes.alreadyFavorite }
    }
  }
}
