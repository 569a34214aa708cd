import ArgumentParser
import PowerQuotesCore

/// `powerquotes share`: the share sheet, for the quote shown last.
struct Share: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    commandName: "share",
    abstract: "Print share text for the quote shown last, to paste anywhere.",
    discussion: """
      Examples:
        $ powerquotes share
        $ powerquotes share --style markdown --output quote.md
      """
  )

  @OptionGroup var shareOptions: ShareOptions
  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  func run(_ env: AppEnvironment) async throws {
    let quote = try env.quoteController().lastShown()
    try shareOptions.deliver(quote, env: env)
  }
}

extension Favorites {
  /// `powerquotes fav share <id>`: the share sheet, for a favorite.
  struct Share: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "share",
      abstract: "Print share text for a favorite, to paste anywhere.",
      discussion: """
        Examples:
          $ powerquotes fav share 3
          $ powerquotes fav share 3 --style json
        """
    )

    @Argument(
      help: "The favorite's id, as 'fav list' shows it.",
      completion: LibraryCompletion.favoriteIDs)
    var id: Int64

    @OptionGroup var shareOptions: ShareOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      try FavoriteID.check(id)
    }

    func run(_ env: AppEnvironment) async throws {
      let favorite = try env.favoritesController().favorite(id: id)
      try shareOptions.deliver(favorite.quote, env: env)
    }
  }
}

/// How and where share text goes.
struct ShareOptions: ParsableArguments {
  @Option(help: "The layout: plain (\"quote\" — Author), markdown or json.")
  var style: ShareStyle = .plain

  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Write to this file (- is standard output).", valueName: "file"),
    completion: .file())
  var output: String?

  @Flag(help: "Put it on the clipboard (with wl-copy, xclip or xsel).")
  var copy = false

  func validate() throws {
    if output?.isEmpty == true {
      throw ValidationError("--output needs a file name.")
    }
  }

  /// Prints the share text, or writes it to `--output`.
  func deliver(_ quote: Quote, env: AppEnvironment) throws {
    let text = ShareView.render(quote, style: style)
    let path = OutputPath.file(output)
    if let path {
      let file = try OutputFile(path: path, protecting: try env.database.filePath())
      try file.write(text)
      try file.close()
      env.console.note(ShareView.wrote(to: path))
    }
    if copy {
      let tool = try env.clipboard.copy(text)
      env.console.note(ShareView.copied(with: tool))
    }
    // `--output -` prints it, with --copy too.
    if path == nil && (output != nil || !copy) {
      env.console.out(text)
    }
  }
}
