import ArgumentParser
import Foundation
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav rm <id>...`: the trash button.
  struct Remove: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm",
      abstract: "Remove favorites by id.",
      discussion: """
        Asks first when standard input is a terminal; elsewhere --yes is required. If any id \
        is unknown, nothing is removed. Removed favorites go to the trash: 'powerquotes fav \
        restore ID' or 'powerquotes fav undo' brings them back.

        Examples:
          $ powerquotes fav rm 3
          $ powerquotes fav rm 3 5 8 --yes
        """,
      aliases: ["delete", "remove"]
    )

    @Argument(
      help: "The ids of the favorites to remove.", completion: LibraryCompletion.favoriteIDs)
    var ids: [Int64]

    @Flag(name: [.short, .long], help: "Remove without asking.")
    var yes = false

    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      if ids.isEmpty {
        throw ValidationError("Give the id of at least one favorite to remove.")
      }
      for id in ids { try FavoriteID.check(id) }
    }

    func run(_ env: AppEnvironment) async throws {
      let controller = try env.favoritesController()
      // Look every id up first: an unknown one stops the command before anything is asked.
      let favorites = try controller.favoritesToRemove(ids: ids)
      if !yes {
        guard env.terminal.inputIsTerminal else {
          throw RemoveError.confirmationNeeded
        }
        env.console.err(RemoveView.prompt(favorites))
        guard RemoveView.confirms(try env.input.readLine()) else {
          env.console.note(RemoveView.kept)
          return
        }
      }
      env.console.print(RemoveView.removed(try controller.remove(favorites)))
    }
  }
}

/// Why `fav rm` did not remove anything.
enum RemoveError: LocalizedError {
  case confirmationNeeded

  var errorDescription: String? { RemoveView.confirmationNeeded }
}
