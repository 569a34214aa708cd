import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

/// The exit code main gives for `error`.
func exitCode(_ error: any Error) -> Int32 {
  UserFacingError.exitCode(for: error)
}

@Suite("Commands in process")
struct CommandTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  func env(
    client: QuoteClient = .failing,
    input: [String] = [],
    terminal: TerminalInfo = .plain
  ) -> AppEnvironment {
    .test(
      database: database,
      client: client,
      console: console,
      input: ScriptedInput(input).source,
      terminal: terminal
    )
  }

  @Test("random shows a card and remembers the quote")
  func random() async throws {
    try await execute(["random"], env(client: .returning(Samples.rumi)))
    #expect(console.out.contains("│ Dear Self,"))
    #expect(console.out.contains("— Rumi"))
    #expect(console.err.isEmpty)
    #expect(try database.lastShown() == Samples.rumi)
  }

  @Test("random falls back with one note when DummyJSON is unreachable")
  func randomFallback() async throws {
    let client = QuoteClient.throwing(.unreachable(reason: "could not connect to the server"))
    try await execute(["random"], env(client: client))
    #expect(
      console.err
        == "DummyJSON is unreachable (could not connect to the server); showing an offline quote.\n"
    )
    #expect(console.out.contains("Dear Self,"))
    let shown = try #require(try database.lastShown())
    #expect(Quote.builtIn.contains(shown))
  }

  @Test(
    "The fallback note says what went wrong",
    arguments: [
      (QuoteClientError.timedOut(seconds: 10), "DummyJSON is unreachable (no reply within 10 s)"),
      (.rateLimited(retryAfter: 10), "DummyJSON is rate limiting requests (retry after 10 s)"),
      (.rateLimited(retryAfter: nil), "DummyJSON is rate limiting requests"),
      (.serverError(status: 503), "DummyJSON is failing (server error 503)"),
      (
        .unexpectedResponse(detail: "an HTML page instead of JSON"),
        "DummyJSON sent an unexpected reply (an HTML page instead of JSON)"
      ),
    ]
  )
  func fallbackNotes(error: QuoteClientError, note: String) async throws {
    try await execute(["random"], env(client: .throwing(error)))
    #expect(console.err == note + "; showing an offline quote.\n")
  }

  @Test("random --online fails instead of falling back")
  func randomOnline() async throws {
    let client = QuoteClient.throwing(.rateLimited(retryAfter: 10))
    await #expect(throws: QuoteClientError.rateLimited(retryAfter: 10)) {
      try await execute(["random", "--online"], env(client: client))
    }
    #expect(console.out.isEmpty)
  }

  @Test("random --format json prints the quote as JSON")
  func randomJSON() async throws {
    try await execute(["random", "--format", "json"], env(client: .returning(Samples.umar)))
    let decoded = try JSONDecoder().decode(Quote.self, from: Data(console.out.utf8))
    #expect(decoded == Samples.umar)
  }

  @Test("random --id --save fetches that quote and saves it")
  func randomIDSave() async throws {
    try await execute(["random", "--id", "20", "--save"], env(client: .returning(Samples.umar)))
    #expect(console.err == "Favorite added! (id 1)\n")
    #expect(try database.favorites().map(\.quote) == [Samples.umar])
  }

  @Test(
    "Bad flags are usage errors (exit 64)",
    arguments: [
      ["random", "--offline", "--online"], ["random", "--offline", "--id", "3"],
      ["random", "--id", "0"], ["random", "--timeout", "0"], ["random", "--timeout", "0.05"],
      ["random", "--timeout", "301"], ["random", "--timeout", "nan"], ["random", "--timeout", "x"],
      ["random", "--api-url", "ftp://x"], ["browse", "--page", "922337203685477582"],
      ["browse", "--page", "0"], ["browse", "--per-page", "101"],
      ["random", "--format", "xml"], ["fav", "add", "   "], ["fav", "add", "words"],
      ["fav", "add", "--author", "Nobody"], ["fav", "add", "--id", "3", "--author", "A"],
      ["fav", "search", " "], ["fav", "show", "abc"],
      ["fav", "add", "\u{1B}[31m", "--author", "A"],
      ["random", "--api-url", "http://localhost:99999"], ["random", "--database", ""],
      ["share", "--output", ""], ["fav", "rm"],
      ["fav", "share", "1", "--style", "pdf"],
      ["nonsense"],
    ]
  )
  func usageErrors(arguments: [String]) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    #expect(exitCode(try #require(error)) == 64)
  }

  @Test(
    "A negative number where a number is expected is a range sentence (exit 64), not an option",
    arguments: [
      (["fav", "show", "-1"], "A favorite's id is a positive number, not -1."),
      (["fav", "share", "-2", "--style", "json"], "A favorite's id is a positive number, not -2."),
      (["fav", "rm", "3", "-1", "--yes"], "A favorite's id is a positive number, not -1."),
      (["random", "--id", "-1"], "--id must be a positive number, not -1."),
      (["fav", "add", "--id", "-7"], "--id must be a positive number, not -7."),
      (
        ["random", "--timeout", "-1"],
        "--timeout must be a number of seconds from 0.1 to 300, not -1."
      ),
      (["browse", "--page", "-1"], "--page must be from 1 to \(Browse.maxPage), not -1."),
      (["browse", "--per-page", "-5"], "--per-page must be from 1 to 100, not -5."),
      (["sync", "--per-page", "-1"], "--per-page must be from 1 to 100, not -1."),
    ]
  )
  func negativeNumbers(arguments: [String], message: String) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    let thrown = try #require(error)
    #expect(exitCode(thrown) == 64)
    #expect(PowerQuotesCommand.message(for: thrown) == message)
  }

  @Test("A quote's words may look like a negative number")
  func negativeLookingQuote() async throws {
    try await execute(["fav", "add", "-1", "--author", "Counter"], env())
    #expect(try database.favorites().map(\.quote.text) == ["-1"])
  }

  @Test("fav add saves the last shown quote once, then says it is already a favorite")
  func addLastShown() async throws {
    try database.recordShown(Samples.rumi, at: testDate)
    try await execute(["fav", "add"], env())
    #expect(console.out == "Favorite added! (id 1)\n")
    console.clear()
    let error = await #expect(throws: ExitCode.self) {
      try await execute(["fav", "add"], env())
    }
    #expect(error == ExitCodes.alreadyFavorite)
    #expect(console.err == "Already a Favorite: This quote is already in your favorites.\n")
    #expect(console.out.isEmpty)
    #expect(try database.favoriteCount() == 1)
  }

  @Test("fav add with nothing shown says what to do")
  func addNothingShown() async throws {
    let error = await #expect(throws: FavoritesError.nothingShownYet) {
      try await execute(["fav", "add"], env())
    }
    #expect(
      UserFacingError.message(for: try #require(error))
        == "No quote to save yet. Run 'powerquotes random' first."
    )
    #expect(exitCode(try #require(error)) == 1)
  }

  @Test("fav add TEXT --author NAME, and fav add --id N")
  func addByHandAndByID() async throws {
    try await execute(["fav", "add", "Know thyself.", "--author", "Socrates"], env())
    try await execute(
      ["fav", "add", "--id", "20", "--format", "json"], env(client: .returning(Samples.umar)))
    let favorites = try database.favorites()
    #expect(favorites.map(\.quote.author) == ["Socrates", "Umar ibn Al-Khattāb (R.A)"])
    #expect(favorites[0].quote.source == .manual)
    #expect(console.out.contains(#""status" : "added""#))
  }

  @Test("fav add --id for an unknown id reports DummyJSON's 404")
  func addUnknownID() async throws {
    let error = await #expect(throws: QuoteClientError.notFound(id: 9999)) {
      try await execute(
        ["fav", "add", "--id", "9999"], env(client: .throwing(.notFound(id: 9999))))
    }
    #expect(
      UserFacingError.message(for: try #require(error))
        == "DummyJSON has no quote with id 9999. Run 'powerquotes browse' to see its quotes "
        + "and their ids.")
  }

  @Test("fav list, search and show")
  func listSearchShow() async throws {
    for quote in [Samples.rumi, Samples.umar] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    try await execute(["fav", "list"], env())
    #expect(console.out.split(separator: "\n").count == 3)
    console.clear()

    try await execute(["fav", "search", "umar"], env())
    #expect(console.out.contains("Umar ibn Al-Khattāb"))
    #expect(!console.out.contains("Rumi"))
    console.clear()

    try await execute(["fav", "search", "plato"], env())
    #expect(console.out.isEmpty)
    #expect(console.err == "No favorites by an author matching 'plato'.\n")
    console.clear()

    try await execute(["fav", "search", "plato", "--format", "json"], env())
    #expect(console.out == "[]\n")
    console.clear()

    try await execute(["fav", "show", "2"], env())
    #expect(console.out.contains("Favorite 2 · DummyJSON #20"))
    console.clear()

    try await execute(["fav", "list", "--format", "json"], env())
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let listed = try decoder.decode([Favorite].self, from: Data(console.out.utf8))
    #expect(listed.map(\.id) == [1, 2])
  }

  @Test("fav list with no favorites says how to add one")
  func emptyList() async throws {
    try await execute(["fav", "list"], env())
    #expect(console.out.isEmpty)
    #expect(
      console.err == "No favorites yet. Run 'powerquotes random', then 'powerquotes fav add'.\n")
  }

  @Test("fav show and rm with an unknown id name the id and the next step")
  func unknownID() async throws {
    for arguments in [["fav", "show", "7"], ["fav", "rm", "7", "--yes"], ["fav", "share", "7"]] {
      let error = await #expect(throws: FavoritesError.notFound(id: 7)) {
        try await execute(arguments, env())
      }
      #expect(
        UserFacingError.message(for: try #require(error))
          == "No favorite with id 7. Run 'powerquotes fav list' to see ids."
      )
    }
  }

  @Test("fav rm asks on a terminal and removes only on yes")
  func removeAsks() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let tty = TerminalInfo(
      width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: false)
    try await execute(["fav", "rm", "1"], env(input: ["n"], terminal: tty))
    #expect(console.err.contains("Remove this favorite? [y/N] "))
    #expect(console.err.contains("Nothing removed."))
    #expect(try database.favoriteCount() == 1)
    console.clear()
    try await execute(["fav", "rm", "1"], env(input: ["y"], terminal: tty))
    #expect(console.out == "Removed favorite 1.\n")
    #expect(try database.favoriteCount() == 0)
  }

  @Test("fav rm off a terminal needs --yes, and an unknown id removes nothing")
  func removeWithoutTerminal() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    await #expect(throws: RemoveError.confirmationNeeded) {
      try await execute(["fav", "rm", "1"], env())
    }
    await #expect(throws: FavoritesError.notFound(id: 9)) {
      try await execute(["fav", "rm", "1", "9", "--yes"], env())
    }
    #expect(try database.favoriteCount() == 2)
    try await execute(["fav", "rm", "1", "2", "--yes"], env())
    #expect(console.out == "Removed 2 favorites: 1, 2.\n")
  }

  @Test("share and fav share print share text in each style, or write a file")
  func share() async throws {
    await #expect(throws: FavoritesError.nothingToShareYet) {
      try await execute(["share"], env())
    }
    try database.recordShown(Samples.socrates, at: testDate)
    try await execute(["share"], env())
    #expect(console.out == "\"Know thyself.\" — Socrates\n")
    console.clear()

    _ = try database.addFavorite(Samples.rumi, at: testDate)
    try await execute(["fav", "share", "1", "--style", "markdown"], env())
    #expect(console.out.hasPrefix("> Your heart is the size of an ocean."))
    #expect(console.out.hasSuffix(">\n> — Rumi\n"))
    console.clear()

    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("quote.json")
    try await execute(["fav", "share", "1", "--style", "json", "--output", file], env())
    #expect(console.out.isEmpty)
    let written = try JSONDecoder().decode(
      [String: String].self,
      from: Data(contentsOf: URL(fileURLWithPath: file))
    )
    #expect(written == ["quote": Samples.rumi.text, "author": "Rumi"])

    let error = await #expect(throws: OutputFileError.self) {
      try await execute(["share", "--output", folder.file("missing/dir/x.txt")], env())
    }
    #expect(exitCode(try #require(error)) == 1)
  }
}
