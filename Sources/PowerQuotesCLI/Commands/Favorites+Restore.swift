import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav restore <id>...`: take favorites out of the trash.
  struct Restore: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore",
      abstract: "Bring removed favorites back from the trash, under their old ids.",
      discussion: """
        Their notes and tags come back with them. If any id is not in the trash, or a quote \
        was saved again since it was removed (exit status 3), nothing is restored.

        Examples:
          $ powerquotes fav trash
          $ powerquotes fav restore 12
          $ powerquotes fav restore 12 15
        """
    )

    @Argument(help: "The ids of the favorites to restore (see 'fav trash').")
    var ids: [Int64]

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      if ids.isEmpty {
        throw ValidationError("Give the id of at least one favorite to restore.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let restored: [Favorite]
      do {
        restored = try env.libraryController().restore(ids: ids)
      } catch LibraryError.alreadyFavorite(let id) {
        env.console.failed(AddFavoriteView.alreadyFavorite)
        env.console.note(TrashView.staysInTrash(id: id))
        throw ExitCodes.alreadyFavorite
      }
      switch output.format {
      case .text: env.console.print(LibraryChangeView.sentence(restored: restored))
      case .json: env.console.out(LibraryChangeView.json(restored: restored))
      }
    }
  }
}
