import ArgumentParser
import Testing

@testable import PowerQuotesCLI

@Suite("fav list, search, find, stats and export built without ArgumentParser")
struct FavoritesDirectTests {
  /// The description of the command ArgumentParser makes of `words`: a struct's description
  /// shows every stored property, the option groups' included.
  private func parsed(_ words: [String]) throws -> String {
    String(describing: try PowerQuotesCommand.parse(words: words))
  }

  @Test(
    "Built directly, a line is the command ArgumentParser makes of it, every property alike",
    arguments: [
      ["fav", "list"],
      ["fav", "ls", "--tag", "stoic"],
      ["fav", "list", "--tag", "Stoic", "--format", "json"],
      ["fav", "list", "--database", "/tmp/q.sqlite", "--color", "never", "--timeout", "2.5"],
      ["fav", "search", "umar"],
      ["fav", "search", "luther", "king", "--format", "json"],
      ["fav", "search", "--database", "/tmp/q.sqlite", "rumi"],
      ["fav", "search", "help"],
      ["fav", "find", "love"],
      ["fav", "find", "stoi*", "--tag", "morning", "courage"],
      ["fav", "find", "\"the unexamined life\"", "--format", "json"],
      ["fav", "find", "naïveté", "--database", "postgres://quotes@db.example/quotes"],
      ["fav", "stats"],
      ["fav", "stats", "--format", "json", "--database", "/tmp/q.sqlite"],
      ["fav", "stats", "--no-pager"],
      ["fav", "list", "--limit", "20", "--no-pager"],
      ["fav", "search", "umar", "--limit", "3"],
      ["fav", "find", "love", "--no-pager", "--limit", "+7", "--tag", "stoic"],
      ["fav", "export"],
      ["fav", "export", "--format", "csv", "--author", "rumi", "--tag", "stoic"],
      ["fav", "export", "--output", "/tmp/out.md", "--format", "markdown"],
    ]
  )
  func sameAsArgumentParser(_ words: [String]) throws {
    let line = try #require(DirectLine(words: words))
    #expect(String(describing: line.command) == (try parsed(words)))
    #expect(
      String(describing: try PowerQuotesCommand.parseDirectly(words: words))
        == (try parsed(words)))
  }

  @Test(
    "Anything but plain long options and arguments, and what does not validate, is left to ArgumentParser",
    arguments: [
      ["fav"], ["fav", "list", "--help"], ["fav", "list", "-h"], ["fav", "list", "extra"],
      ["fav", "list", "--tag", "a", "--tag", "b"], ["fav", "list", "--tag=stoic"],
      ["fav", "list", "--tag", "two words"], ["fav", "list", "--format", "xml"],
      ["fav", "list", "--", "--tag"], ["fav", "search"], ["fav", "search", " "],
      ["fav", "search", "-1"], ["fav", "search", "--tag", "stoic", "rumi"],
      ["fav", "find"], ["fav", "find", "*"], ["fav", "find", "love", "--format"],
      ["fav", "find", "-x"], ["fav", "stats", "now"], ["fav", "list", "--limit", "0"],
      ["fav", "list", "--limit", "-2"], ["fav", "list", "--limit", "many"],
      ["fav", "list", "--no-pager", "--no-pager"], ["fav", "stats", "--limit", "3"],
      ["fav", "export", "-o", "/tmp/x"],
      ["fav", "export", "--format", "xml"], ["fav", "export", "--output", ""],
      ["fav", "export", "--author", " "], ["fav", "show", "3"], ["fav", "add"],
      ["favorites", "list"], ["fav", "lis"],
    ]
  )
  func leftToArgumentParser(_ words: [String]) {
    #expect(DirectLine(words: words) == nil)
  }

  @Test("A line ArgumentParser refuses is refused with its message, as before")
  func errorsUnchanged() throws {
    for words in [
      ["fav", "list", "--tag", "two words"], ["fav", "search", " "], ["fav", "find", "*"],
      ["fav", "export", "--format", "xml"], ["fav", "stats", "--timeout", "soon"],
      ["fav", "list", "--limit", "0"],
    ] {
      let viaMain = #expect(throws: (any Error).self) {
        try PowerQuotesCommand.parseDirectly(words: words)
      }
      let viaParser = #expect(throws: (any Error).self) {
        try PowerQuotesCommand.parse(words: words)
      }
      #expect(
        PowerQuotesCommand.message(for: try #require(viaMain))
          == PowerQuotesCommand.message(for: try #require(viaParser)))
    }
  }

  @Test(
    "Every flag and option a command's help lists is one the direct way knows",
    arguments: [
      Favorites.List.self, Favorites.Search.self, Favorites.Find.self, Favorites.Stats.self,
      Favorites.Export.self,
    ] as [any DirectCommand.Type])
  func knowsEveryOption(_ command: any DirectCommand.Type) {
    // The global options are hidden from each command's help (listed once, by the root's).
    let help = command.helpMessage(includeHidden: true, columns: 200)
    let names = Set(
      help.split(whereSeparator: { !$0.isLetter && $0 != "-" })
        .map(String.init)
        .filter { $0.hasPrefix("--") && $0.count > 2 }
    )
    #expect(
      names.subtracting(["--help"])
        == Set(command.directFlagNames + command.directOptionNames))
  }
}
