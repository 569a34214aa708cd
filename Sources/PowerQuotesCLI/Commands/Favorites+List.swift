import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav list`: the favorites table.
  struct List: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List favorites: id, author and the start of the quote.",
      discussion: "Ids never change: removing a favorite does not renumber the others."
    )

    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    func run(_ env: AppEnvironment) async throws {
      try FavoritesOutput.show(
        author: nil,
        format: output.format,
        env: env,
        none: "No favorites yet. Run 'powerquotes random', then 'powerquotes fav add'."
      )
    }
  }

  /// `powerquotes fav search <author>`: the author search bar.
  struct Search: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "List favorites whose author contains the text.",
      discussion: """
        Ignores case and accents: 'umar' finds 'Umar ibn Al-Khattāb (R.A)'. Finding nothing \
        is not an error.

        Examples:
          $ powerquotes fav search rumi
          $ powerquotes fav search luther king
        """
    )

    @Argument(help: "Part of an author's name; several words are searched as one text.")
    var words: [String] = []

    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    /// The text searched for: the words, one space apart.
    var author: String { words.joined(separator: " ") }

    func validate() throws {
      if UntrustedText.isBlank(author) {
        throw ValidationError("Give part of an author's name to search for.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let shown = UntrustedText.sanitized(author)
      try FavoritesOutput.show(
        author: author,
        format: output.format,
        env: env,
        none: "No favorites by an author matching '\(shown)'."
      )
    }
  }
}

/// Prints a list of favorites as a table or JSON, or says there are none.
///
/// Favorites are streamed from the database a row at a time, so a long list is never all in
/// memory.
enum FavoritesOutput {
  static func show(
    author: String?,
    format: OutputFormat,
    env: AppEnvironment,
    none: String
  ) throws {
    let controller = try env.favoritesController()
    var output = BufferedOutput(env.console.out)
    switch format {
    case .json:
      var count = 0
      output.append("[")
      try controller.forEach(author: author) { favorite in
        output.append(count == 0 ? "\n" : ",\n")
        output.append(JSONView.arrayElement(favorite))
        count += 1
      }
      output.append(count == 0 ? "]\n" : "\n]\n")
    case .text:
      let shape = try controller.listShape(
        author: author, widthLimit: FavoriteListView.maxAuthorWidth,
        authorWidth: FavoriteListView.authorWidth)
      guard shape.count > 0 else {
        env.console.note(none)
        return
      }
      let view = FavoriteListView(shape: shape, width: env.terminal.width, painter: env.painter)
      output.append(view.header())
      try controller.forEach(author: author) { output.append(view.row($0)) }
    }
    output.flush()
  }
}
