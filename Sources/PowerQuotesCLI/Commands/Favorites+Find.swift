import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav find <query>`: full-text search over the library.
  @DirectlyParsed
  struct Find: EnvironmentCommand {
    static let commandName = "find"
    static let configuration = CommandConfiguration(
      commandName: commandName,
      abstract: "Find favorites by their words: quote, author, note and tags, best match first.",
      discussion: """
        Every word must match, anywhere in the quote, the author, the note or the tags. Case \
        and accents do not count: 'naivete' finds 'naïveté'. "Words in quote marks" match as \
        a phrase, and a word ending in * matches every word it starts. Other signs are not \
        operators: OR and NEAR( are searched as words, and a word starting with - is one \
        only after -- (no word can be left out). A word typed twice counts once; at most \
        \(SearchQuery.maxWords) different words. On a terminal the matching words are highlighted. Finding \
        nothing is not an error.

        Examples:
          $ powerquotes fav find courage
          $ powerquotes fav find '"the unexamined life"'
          $ powerquotes fav find 'stoi*' --tag morning
          $ powerquotes fav find rumi --format json
        """
    )

    @Argument(
      parsing: .allUnrecognized,
      help: "Words to find; quote a phrase, end a word with * for a prefix.")
    var words: [String] = []

    @OptionGroup var tagOption: TagOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup var listing: ListingOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    var pagerOptions: PagerOptions? { listing.pager }

    /// The words to search for: those given, without the `--` that ends the options.
    ///
    /// Words are read with `.allUnrecognized`, so that a word starting with `-` reaches
    /// ``query()``, which says what it means, rather than ArgumentParser's check of the words,
    /// which ran first and found none ("Give words to search for" for `fav find -love`).
    var searchWords: ArraySlice<String> {
      guard let end = words.firstIndex(of: "--") else { return words[...] }
      return words[..<end] + words[(end + 1)...]
    }

    /// The query typed, the words one space apart.
    var text: String { searchWords.joined(separator: " ") }

    /// The query typed, or the sentence that says what is wrong with it.
    func query() throws -> SearchQuery {
      // Before `--`, a word that starts with `-` was meant as an option, or as a word to leave
      // out (which a search cannot do: every word must match).
      for word in words.prefix(while: { $0 != "--" }) where word.count > 1 && word.first == "-" {
        let shown = UntrustedText.sanitized(word)
        if word.hasPrefix("--") {
          throw ValidationError(
            "fav find has no option '\(shown)': see 'powerquotes fav find --help' for its "
              + "options, or put -- before it to search for it as a word: powerquotes fav find "
              + "-- \(shown)")
        }
        throw ValidationError(
          "fav find cannot leave out '\(shown.dropFirst())', since every word must match: to "
            + "search for '\(shown)' as a word, put -- before it: powerquotes fav find -- "
            + "\(shown)")
      }
      do {
        return try SearchQuery(text)
      } catch {
        throw ValidationError(error.description)
      }
    }

    func validate() throws {
      _ = try query()
    }

    func run(_ env: AppEnvironment) async throws {
      let (query, controller) = (try query(), try env.libraryController())
      var out = BufferedOutput(env.console)
      switch output.format {
      case .json: try showJSON(query, controller, to: &out)
      case .text: try showTable(query, controller, env, to: &out)
      }
      out.flush()
    }

    /// The hits as a JSON array, streamed.
    private func showJSON(
      _ query: SearchQuery, _ controller: LibraryController, to out: inout BufferedOutput
    ) throws {
      var array = JSONArrayView()
      out.append(array.opening)
      let listed = try controller.findRows(query, tag: tagOption.parsed, limit: listing.limit) {
        array.appendElement($0, to: &out.bytes)
        out.lineEnded()
      }
      out.append(array.closing)
      out.flush()
      try listed.requireNoneLeftOut()
    }

    /// The hits as the favorites table: laid out first, then streamed, so that a search that
    /// matches the whole library is never all in memory.
    private func showTable(
      _ query: SearchQuery, _ controller: LibraryController, _ env: AppEnvironment,
      to out: inout BufferedOutput
    ) throws {
      let (tag, limit) = (tagOption.parsed, listing.limit)
      let shape = try FavoriteListView.shape {
        try controller.findSize(query, tag: tag, authors: $0)
      }
      guard let shape else {
        return try showKeptHits(query, controller, env, to: &out)
      }
      guard shape.count > 0 else { return env.console.note(FavoritePager.noMatch(query)) }
      let view = FavoriteListView(shape: shape, width: env.terminal.width, painter: env.painter)
      out.append(view.header())
      if env.terminal.outputIsTerminal {
        // Each row shows where its words matched (see FavoriteListView.excerpt), painted
        // unless colour is off (NO_COLOR, --color never).
        try controller.find(query, tag: tag, matches: true, limit: limit) {
          out.append(view.row($0))
        }
      } else {
        // Piped, the rows as the sqlite3 shell would read them: asking FTS5 where each
        // matched made `fav find courage` on 100,000 favorites 5.5 times slower (debug
        // build, 197 ms -> 1.09 s), so they show the start of each quote.
        try controller.findRows(query, tag: tag, columns: .table, limit: limit) {
          view.appendRow($0, to: &out.bytes)
          out.lineEnded()
        }
      }
    }

    /// The table, for a store that would run the search twice to lay it out: the hits are kept
    /// and measured.
    private func showKeptHits(
      _ query: SearchQuery, _ controller: LibraryController, _ env: AppEnvironment,
      to out: inout BufferedOutput
    ) throws {
      var hits: [SearchHit] = []
      try controller.find(
        query, tag: tagOption.parsed, matches: env.terminal.outputIsTerminal, limit: listing.limit
      ) { hits.append($0) }
      guard !hits.isEmpty else { return env.console.note(FavoritePager.noMatch(query)) }
      out.append(FavoriteListView.render(hits, width: env.terminal.width, painter: env.painter))
    }
  }
}
