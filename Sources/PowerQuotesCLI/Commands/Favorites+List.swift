import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav list`: the favorites table.
  @DirectlyParsed
  struct List: EnvironmentCommand {
    static let commandName = "list"
    /// The other name it answers to, as `ls` does for files.
    static let alias = "ls"
    static let configuration = CommandConfiguration(
      commandName: commandName,
      abstract: "List favorites: id, author and the start of the quote, and their tags.",
      discussion: """
        Ids never change: removing a favorite does not renumber the others.

        Examples:
          $ powerquotes fav list
          $ powerquotes fav list --tag stoic --format json
          $ powerquotes fav list --work meditations
        """,
      aliases: [alias]
    )

    @OptionGroup var tagOption: TagOptions

    @Option(
      help: ArgumentHelp(
        "Only favorites from a work with these words, in order (as 'fav find' reads a phrase).",
        valueName: "title"))
    var work: String?
    @OptionGroup var output: FormatOptions
    @OptionGroup var listing: ListingOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    var pagerOptions: PagerOptions? { listing.pager }

    func validate() throws {
      if let work, QuoteKey.searchFolded(work).isEmpty {
        throw ValidationError("--work has no word. Give words of a work's title.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      try FavoriteListing.show(
        author: nil, tag: tagOption.parsed, work: work, format: output.format, env: env,
        limit: listing.limit)
    }

    func runInShell(_ env: AppEnvironment, pageSize: Int?) async throws
      -> (any ShellContinuation)?
    {
      // A line with --limit shows that many, not a screen.
      let pageSize = listing.limit == nil ? pageSize : nil
      let shown = try FavoriteListing.show(
        author: nil, tag: tagOption.parsed, work: work, format: output.format, env: env,
        pageSize: pageSize, limit: listing.limit)
      return pageSize == nil ? nil : shown
    }
  }

  /// `powerquotes fav search <author>`: the author search bar.
  @DirectlyParsed
  struct Search: EnvironmentCommand {
    static let commandName = "search"
    static let configuration = CommandConfiguration(
      commandName: commandName,
      abstract: "List favorites whose author contains the text.",
      discussion: """
        Ignores case and accents: 'umar' finds 'Umar ibn Al-Khattāb (R.A)'. Finding nothing \
        is not an error.

        Examples:
          $ powerquotes fav search rumi
          $ powerquotes fav search luther king
        """
    )

    @Argument(
      help: "Part of an author's name; several words are searched as one text.",
      completion: LibraryCompletion.authors)
    var words: [String] = []

    @OptionGroup var output: FormatOptions
    @OptionGroup var listing: ListingOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    var pagerOptions: PagerOptions? { listing.pager }

    /// The text searched for: the words, one space apart.
    var author: String { words.joined(separator: " ") }

    func validate() throws {
      if UntrustedText.isBlank(author) {
        throw ValidationError("Give part of an author's name to search for.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      try FavoriteListing.show(
        author: author, format: output.format, env: env, limit: listing.limit)
    }

    func runInShell(_ env: AppEnvironment, pageSize: Int?) async throws
      -> (any ShellContinuation)?
    {
      // A line with --limit shows that many, not a screen.
      let pageSize = listing.limit == nil ? pageSize : nil
      let shown = try FavoriteListing.show(
        author: author, format: output.format, env: env, pageSize: pageSize,
        limit: listing.limit)
      return pageSize == nil ? nil : shown
    }
  }
}
