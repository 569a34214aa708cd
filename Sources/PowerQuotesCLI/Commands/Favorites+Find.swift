import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav find <query>`: full-text search over the library.
  struct Find: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "find",
      abstract: "Find favorites by their words: quote, author, note and tags, best match first.",
      discussion: """
        Every word must match, anywhere in the quote, the author, the note or the tags. Case \
        and accents do not count: 'naivete' finds 'naïveté'. "Words in quote marks" match as \
        a phrase, and a word ending in * matches every word it starts. Other signs are not \
        operators: OR, NEAR( and - are searched as words. On a terminal the matching words \
        are highlighted. Finding nothing is not an error.

        Examples:
          $ powerquotes fav find courage
          $ powerquotes fav find '"the unexamined life"'
          $ powerquotes fav find 'stoi*' --tag morning
          $ powerquotes fav find rumi --format json
        """
    )

    @Argument(help: "Words to find; quote a phrase, end a word with * for a prefix.")
    var words: [String] = []

    @OptionGroup var tagOption: TagOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    /// The query typed, the words one space apart.
    var text: String { words.joined(separator: " ") }

    func validate() throws {
      do {
        _ = try SearchQuery(text)
      } catch {
        throw ValidationError(error.description)
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let query: SearchQuery
      do {
        query = try SearchQuery(text)
      } catch {
        throw ValidationError(error.description)
      }
      let controller = try env.libraryController()
      var out = BufferedOutput(env.console.out)
      var count = 0
      switch output.format {
      case .json:
        out.append("[")
        try controller.find(query, tag: tagOption.parsed, matches: false) { hit in
          out.append(count == 0 ? "\n" : ",\n")
          out.append(JSONView.arrayElement(hit.favorite))
          count += 1
        }
        out.append(count == 0 ? "]\n" : "\n]\n")
      case .text:
        // The hits are kept to lay the table out for them alone. Ranking sorts every match
        // before the first one comes back anyway, and measuring the whole library's authors
        // instead (as 'fav list' does) cost more than the search itself.
        var hits: [SearchHit] = []
        try controller.find(query, tag: tagOption.parsed, matches: env.painter.enabled) {
          hits.append($0)
        }
        guard !hits.isEmpty else {
          env.console.note("No favorites match '\(UntrustedText.sanitized(text))'.")
          return
        }
        let view = FavoriteListView(
          shape: FavoriteListView.shape(of: hits.lazy.map(\.favorite)),
          width: env.terminal.width, painter: env.painter)
        out.append(view.header())
        for hit in hits { out.append(view.row(hit)) }
      }
      out.flush()
    }
  }
}
