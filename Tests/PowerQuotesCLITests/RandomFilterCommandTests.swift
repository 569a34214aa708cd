import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("random --favorites, --short, --long, --max-length; fav stats")
struct RandomFilterCommandTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  func env(client: QuoteClient = .failing, terminal: TerminalInfo = .plain) -> AppEnvironment {
    .test(database: database, client: client, console: console, terminal: terminal)
  }

  private func save(_ quotes: Quote...) throws {
    for quote in quotes { _ = try database.addFavorite(quote, at: testDate) }
  }

  @Test("--favorites shows a favorite, never asking the network, and remembers it")
  func favorites() async throws {
    try save(Samples.rumi, Samples.socrates)
    try await execute(["random", "--favorites", "--author", "socr"], env())
    #expect(console.out.contains("Know thyself."))
    #expect(console.err.isEmpty)
    #expect(try database.lastShown() == Samples.socrates)
    console.clear()
    try await execute(["random", "--favorites", "--max-length", "13", "--format", "json"], env())
    #expect(console.out.contains(#""author" : "Socrates""#))
  }

  @Test(
    "Nothing that fits: one sentence on stderr, exit 4, nothing shown",
    arguments: [
      (
        ["random", "--favorites"],
        "No favorites to draw from yet. Run 'powerquotes random', then 'powerquotes fav add' "
          + "to save a quote.\n"
      ),
      (
        ["random", "--favorites", "--tag", "Stoic"],
        "No favorite has the tag 'stoic'. Run 'powerquotes fav list' to see them all.\n"
      ),
      (
        ["random", "--offline", "--max-length", "1"],
        "No saved or built-in quote is at most 1 character long. Try a larger --max-length, "
          + "or leave out the length.\n"
      ),
    ]
  )
  func nothingFits(arguments: [String], message: String) async throws {
    if arguments.contains("--tag") { try save(Samples.rumi) }
    let error = await #expect(throws: ExitCode.self) {
      try await execute(arguments, env())
    }
    #expect(error == ExitCodes.nothingMatches)
    #expect(error?.rawValue == 4)
    #expect(console.err == message)
    #expect(console.out.isEmpty)
  }

  @Test("The service's quotes that do not fit are passed over; then the note, and a saved one")
  func serviceFallback() async throws {
    try await execute(["random", "--long"], env(client: .returning(Samples.rumi)))
    #expect(
      console.err
        == "DummyJSON sent no quote that is long (more than 160 characters) in 5 tries; "
        + "showing an offline quote.\n")
    #expect(console.out.contains("│ Dear Self,"))
    console.clear()
    await #expect(throws: ExitCode.self) {
      try await execute(["random", "--long", "--online"], env(client: .returning(Samples.rumi)))
    }
    #expect(console.err.hasPrefix("DummyJSON sent no quote that is long"))
  }

  @Test(
    "Bad combinations and values are usage errors (exit 64)",
    arguments: [
      (
        ["random", "--short", "--long"],
        "--short, --long and --max-length cannot be used together: give one."
      ),
      (
        ["random", "--short", "--max-length", "9"],
        "--short, --long and --max-length cannot be used together: give one."
      ),
      (
        ["random", "--max-length", "0"],
        "--max-length must be a number of characters from 1 to 4000, not 0."
      ),
      (
        ["random", "--max-length", "-3"],
        "--max-length must be a number of characters from 1 to 4000, not -3."
      ),
      (
        ["random", "--max-length", "4001"],
        "--max-length must be a number of characters from 1 to 4000, not 4001."
      ),
      (
        ["random", "--author", "rumi"],
        "--author picks among your favorites, so it needs --favorites."
      ),
      (["random", "--tag", "love"], "--tag picks among your favorites, so it needs --favorites."),
      (
        ["random", "--favorites", "--online"],
        "--favorites draws from your favorites, so it cannot be used with --online."
      ),
      (
        ["random", "--favorites", "--source", "zenquotes"],
        "--favorites draws from your favorites, so it cannot be used with --source."
      ),
      (
        ["random", "--favorites", "--save"],
        "--favorites draws from your favorites, so it cannot be used with --save."
      ),
      (
        ["random", "--favorites", "--author", " "],
        "--author is empty. Give part of an author's name."
      ),
      (
        ["random", "--favorites", "--tag", "two words"],
        "--tag: The tag 'two words' has a space in it. A tag is one word: give several tags as separate words."
      ),
      (
        ["random", "--favorites", "--tag", "a\u{7}b"],
        "--tag: The tag 'ab' has a control character in it. Use letters, digits and signs."
      ),
      (
        ["random", "--id", "3", "--short"],
        "--id asks for one quote, so it cannot be used with --short."
      ),
    ]
  )
  func usageErrors(arguments: [String], message: String) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    let thrown = try #require(error)
    #expect(exitCode(thrown) == 64)
    #expect(PowerQuotesCommand.message(for: thrown) == message)
  }

  @Test("fav stats: text without bars when piped, JSON with the same numbers")
  func stats() async throws {
    try save(Samples.rumi, Samples.socrates, Samples.umar)
    try await execute(["fav", "stats"], env())
    #expect(console.out.hasPrefix("3 favorites by 3 authors, 0 tagged\n\nTop authors\n"))
    #expect(console.out.contains("\nSaved per month\n  2027-01  3\n"))
    #expect(!console.out.contains("█"))
    console.clear()
    try await execute(["fav", "stats", "--format", "json"], env())
    let stats = try JSONDecoder().decode(FavoriteStats.self, from: Data(console.out.utf8))
    #expect(stats.total == 3)
    #expect(stats.months == [.init("2027-01", 3)])
  }

  @Test("fav stats: a favorite saved in year 9999 adds a line for the gap, not thousands")
  func statsFarFuture() async throws {
    try save(Samples.rumi)
    // 9999-12-31T00:00:00Z, as an import of such a saved_at stores it.
    _ = try database.addFavorite(Samples.socrates, at: Date(timeIntervalSince1970: 253_402_214_400))
    try await execute(["fav", "stats"], env())
    #expect(
      console.out.hasSuffix(
        "\nSaved per month\n  2027-01           1\n  2027-02..9999-11  0\n  9999-12           1\n"))
    #expect(console.out.split(separator: "\n").count < 20)
    console.clear()
    try await execute(["fav", "stats", "--format", "json"], env())
    let stats = try JSONDecoder().decode(FavoriteStats.self, from: Data(console.out.utf8))
    #expect(stats.months == [.init("2027-01", 1), .init("9999-12", 1)])
  }

  @Test("fav stats on a terminal draws bars that fit its width")
  func statsOnTerminal() async throws {
    try save(Samples.rumi, Samples.socrates)
    var terminal = TerminalInfo.plain
    terminal.outputIsTerminal = true
    terminal.width = 50
    try await execute(["fav", "stats"], env(terminal: terminal))
    #expect(console.out.contains("█"))
    #expect(console.out.split(separator: "\n").allSatisfy { $0.count < 50 })
  }

  @Test("fav stats of an empty library says so on stderr; its JSON is all zeros")
  func emptyStats() async throws {
    try await execute(["fav", "stats"], env())
    #expect(console.out.isEmpty)
    #expect(
      console.err == "No favorites yet. Run 'powerquotes random', then 'powerquotes fav add'.\n")
    console.clear()
    try await execute(["fav", "stats", "--format", "json"], env())
    #expect(console.out.contains(#""total" : 0"#))
  }
}
