import ArgumentParser
import Foundation
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav show <id>`: the detail screen.
  struct Show: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one favorite in full, with its source and when it was saved."
    )

    @Argument(
      help: "The favorite's id, as 'fav list' shows it.",
      completion: LibraryCompletion.favoriteIDs)
    var id: Int64

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      try FavoriteID.check(id)
    }

    func run(_ env: AppEnvironment) async throws {
      let favorite = try env.favoritesController().favorite(id: id)
      switch output.format {
      case .text:
        env.console.out(
          FavoriteDetailView.render(
            favorite,
            width: env.terminal.width,
            painter: env.painter,
            localTime: env.localTime
          )
        )
      case .json:
        env.console.out(JSONView.render(favorite))
      }
    }
  }
}
