import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

/// `--work` on `fav add`, `fav edit`, `fav list` and `random --favorites`; the work in
/// `fav show`, on the card, in `fav find` and in `fav stats`.
@Suite("The work a quote came from, in commands")
struct WorkCommandTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  func env(terminal: TerminalInfo = .plain) -> AppEnvironment {
    .test(database: database, client: .failing, console: console, terminal: terminal)
  }

  /// The message and exit status of a command that fails.
  func failure(_ arguments: [String]) async -> (String, Int32) {
    do {
      try await execute(arguments, env())
      return ("", 0)
    } catch {
      return (PowerQuotesCommand.message(for: error), exitCode(error))
    }
  }

  @Test("fav add --work saves it cleaned; show, the card, list, find and stats use it")
  func addShowFind() async throws {
    try await execute(
      [
        "fav", "add", "Waste no more time arguing what a good man should be.", "--author",
        "Marcus Aurelius", "--work", " \u{1B}[31mMeditations\u{1B}[0m\nBook X ",
      ], env())
    try await execute(["fav", "add", "Know thyself.", "--author", "Socrates"], env())
    #expect(try database.favorites().map(\.work) == ["Meditations Book X", ""])
    console.clear()

    try await execute(["fav", "show", "1"], env())
    #expect(console.out.contains("— Marcus Aurelius, Meditations Book X"))
    #expect(console.out.contains("Work: Meditations Book X\n"))
    console.clear()
    try await execute(["fav", "show", "2"], env())
    #expect(!console.out.contains("Work:"))
    #expect(console.out.contains("— Socrates │"))
    console.clear()

    try await execute(["fav", "find", "meditations"], env())
    #expect(console.out.contains(" 1  Marcus Aurelius"))
    #expect(!console.out.contains("Socrates"))
    console.clear()

    try await execute(["fav", "list", "--work", "MEDITATIONS book"], env())
    #expect(console.out.contains(" 1  Marcus Aurelius"))
    #expect(!console.out.contains("Socrates"))
    console.clear()
    try await execute(["fav", "list", "--work", "book meditations"], env())
    #expect(console.out.isEmpty)
    #expect(console.err == "No favorites from a work matching 'book meditations'.\n")
    console.clear()

    try await execute(["random", "--favorites", "--work", "meditations"], env())
    #expect(console.out.contains("— Marcus Aurelius, Meditations Book X"))
    console.clear()

    try await execute(["fav", "stats"], env())
    #expect(console.out.contains("Top works (1 in all)\n  Meditations Book X  1\n"))
    console.clear()
    try await execute(["fav", "stats", "--format", "json"], env())
    #expect(console.out.contains("\"works\" : 1"))
  }

  @Test("fav edit --work changes it, \"\" removes it, undo puts it back")
  func edit() async throws {
    try await execute(["fav", "add", "Know thyself.", "--author", "Socrates"], env())
    try await execute(["fav", "edit", "1", "--work", "Delphi"], env())
    #expect(try database.favorite(id: 1)?.work == "Delphi")
    try await execute(["fav", "edit", "1", "--work", ""], env())
    #expect(try database.favorite(id: 1)?.work == "")
    try await execute(["fav", "undo"], env())
    #expect(try database.favorite(id: 1)?.work == "Delphi")
    console.clear()
    try await execute(["fav", "list", "--format", "json"], env())
    #expect(console.out.contains("\"work\" : \"Delphi\""))
  }

  @Test(
    "A work's title up to 300 characters is kept; a longer one is refused by edit, the form and import"
  )
  func longTitles() async throws {
    let longest = String(repeating: "w", count: 300)
    try await execute(
      ["fav", "add", "Know thyself.", "--author", "Socrates", "--work", longest], env())
    #expect(try database.favorites().map(\.work) == [longest])
    let (said, code) = await failure(["fav", "edit", "1", "--work", longest + "w"])
    #expect(
      said
        == "The work's title is longer than 300 characters, more than powerquotes keeps. Shorten it."
    )
    #expect(code == 64)
    #expect(try database.favorites().map(\.work) == [longest])
    // A backup's row with a longer one is rejected, as one with a longer author is.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("long.json")
    try #"[{"quote":"Be water.","author":"Bruce Lee","work":"\#(longest)w"}]"#.write(
      toFile: file, atomically: true, encoding: .utf8)
    _ = await failure(["fav", "import", file])
    #expect(try database.favorites().count == 1)
    #expect(console.err.contains("the work's title is longer than 300 characters."))
  }

  @Test("Stats of a library that names no work read as before: no works section, no key")
  func statsWithoutWorks() async throws {
    try await execute(["fav", "add", "Know thyself.", "--author", "Socrates"], env())
    try await execute(["fav", "stats"], env())
    #expect(!console.out.contains("works"))
    console.clear()
    try await execute(["fav", "stats", "--format", "json"], env())
    #expect(!console.out.contains("works"))
  }

  @Test(
    "Refused: an empty --work, and --work of random without --favorites",
    arguments: [
      (
        ["fav", "add", "Know thyself.", "--author", "Socrates", "--work", " \u{1B}[0m "],
        "--work is empty: give the title of the book or speech."
      ),
      (["fav", "list", "--work", "..."], "--work has no word. Give words of a work's title."),
      (["random", "--work", "x"], "--work picks among your favorites, so it needs --favorites."),
      (
        [
          "fav", "add", "Know thyself.", "--author", "Socrates", "--work",
          String(repeating: "w", count: 301),
        ],
        "The work's title is longer than 300 characters, more than powerquotes keeps. Shorten it."
      ),
    ])
  func refused(arguments: [String], message: String) async throws {
    let (said, code) = await failure(arguments)
    #expect(said == message)
    #expect(code == 64)
  }
}
