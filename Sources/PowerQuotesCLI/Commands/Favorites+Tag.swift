import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav tag <id> <tag>...`: puts tags on a favorite.
  struct PutTags: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "tag",
      abstract: "Put tags on a favorite.",
      discussion: """
        A tag is one word; case does not count (Stoic and stoic are one tag, kept as \
        stoic). A tag the favorite has already is left as it is.

        Examples:
          $ powerquotes fav tag 3 stoic morning
          $ powerquotes fav list --tag stoic
        """
    )

    @Argument(
      help: "The favorite's id, as 'fav list' shows it.",
      completion: LibraryCompletion.favoriteIDs)
    var id: Int64

    @Argument(
      help: "The tags to put on it: words, without spaces.", completion: LibraryCompletion.tags)
    var tags: [String] = []

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      if tags.isEmpty {
        throw ValidationError("Give at least one tag, as in: powerquotes fav tag \(id) stoic")
      }
      _ = try tags.parsedTags()
    }

    func run(_ env: AppEnvironment) async throws {
      let (favorite, added) = try env.libraryController().tag(id: id, with: tags.parsedTags())
      switch output.format {
      case .text: env.console.out(TagChangeView.render(favorite, changed: added, verb: "Tagged"))
      case .json: env.console.out(TagChangeView.json(favorite, added: added))
      }
    }
  }

  /// `powerquotes fav untag <id> <tag>...`: takes tags off a favorite.
  struct TakeTags: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "untag",
      abstract: "Take tags off a favorite.",
      discussion: """
        A tag the favorite does not have is not an error.

        Examples:
          $ powerquotes fav untag 3 morning
          $ powerquotes fav untag 3 morning --format json
        """
    )

    @Argument(
      help: "The favorite's id, as 'fav list' shows it.",
      completion: LibraryCompletion.favoriteIDs)
    var id: Int64

    @Argument(help: "The tags to take off it.", completion: LibraryCompletion.tags)
    var tags: [String] = []

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      if tags.isEmpty {
        throw ValidationError("Give at least one tag, as in: powerquotes fav untag \(id) stoic")
      }
      _ = try tags.parsedTags()
    }

    func run(_ env: AppEnvironment) async throws {
      let (favorite, removed) = try env.libraryController().untag(id: id, tags: tags.parsedTags())
      switch output.format {
      case .text:
        env.console.out(TagChangeView.render(favorite, changed: removed, verb: "Untagged"))
      case .json: env.console.out(TagChangeView.json(favorite, removed: removed))
      }
    }
  }

  /// `powerquotes fav tags`: every tag with its count.
  struct ListTags: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "tags",
      abstract: "List every tag with how many favorites have it, most used first.",
      discussion: """
        Examples:
          $ powerquotes fav tags
          $ powerquotes fav tags --format json
        """
    )

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func run(_ env: AppEnvironment) async throws {
      let counts = try env.libraryController().tagCounts()
      switch output.format {
      case .json:
        env.console.out(JSONView.render(counts))
      case .text:
        if counts.isEmpty {
          env.console.note("No tags yet. Put some on a favorite: powerquotes fav tag ID TAG")
        } else {
          env.console.out(TagListView.render(counts, painter: env.painter))
        }
      }
    }
  }
}
