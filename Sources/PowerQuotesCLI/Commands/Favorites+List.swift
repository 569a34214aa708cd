import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav list`: the favorites table.
  struct List: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      abstract: "List favorites: id, author and the start of the quote.",
      discussion: "Ids never change: removing a favorite does not renumber the others."
    )

    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    func run(_ env: AppEnvironment) async throws {
      let favorites = try env.favoritesController().list()
      FavoritesOutput.show(
        favorites,
        format: output.format,
        env: env,
        none: "No favorites yet. Run 'powerquotes random', then 'powerquotes fav add'."
      )
    }
  }

  /// `powerquotes fav search <author>`: the author search bar.
  struct Search: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      abstract: "List favorites whose author contains the text.",
      discussion: """
        Ignores case and accents: 'umar' finds 'Umar ibn Al-Khattāb (R.A)'. Finding nothing \
        is not an error.

        Examples:
          $ powerquotes fav search rumi
          $ powerquotes fav search "luther king"
        """
    )

    @Argument(help: "Part of an author's name.")
    var author: String

    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if author.allSatisfy(\.isWhitespace) {
        throw ValidationError("Give part of an author's name to search for.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let favorites = try env.favoritesController().search(author: author)
      let shown = TerminalText.sanitized(author)
      FavoritesOutput.show(
        favorites,
        format: output.format,
        env: env,
        none: "No favorites by an author matching '\(shown)'."
      )
    }
  }
}

/// Prints a list of favorites as a table or JSON, or says there are none.
enum FavoritesOutput {
  static func show(
    _ favorites: [Favorite],
    format: OutputFormat,
    env: AppEnvironment,
    none: String
  ) {
    switch format {
    case .json:
      env.console.out(JSONView.render(favorites))
    case .text where favorites.isEmpty:
      env.console.note(none)
    case .text:
      env.console.out(
        FavoriteListView.render(favorites, width: env.terminal.width, painter: env.painter)
      )
    }
  }
}
