import ArgumentParser
import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI
@testable import PowerQuotesCore

@Suite("fav find, tag, untag and tags in process")
struct LibraryCommandTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
    for quote in [Samples.rumi, Samples.umar, Samples.lao, Samples.seneca, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
  }

  func env(terminal: TerminalInfo = .plain) -> AppEnvironment {
    .test(database: database, console: console, terminal: terminal)
  }

  @Test("fav tag, fav untag and fav tags, as text and JSON")
  func tagging() async throws {
    try await execute(["fav", "tag", "3", "Journey", "wisdom"], env())
    #expect(console.out == "Tagged favorite 3 with #journey #wisdom. Its tags: #journey #wisdom\n")
    console.clear()
    try await execute(["fav", "tag", "5", "WISDOM"], env())
    console.clear()
    try await execute(["fav", "tags"], env())
    #expect(console.out == "2  #wisdom\n1  #journey\n")
    console.clear()
    try await execute(["fav", "tags", "--format", "json"], env())
    let counts = try JSONDecoder().decode([TagCount].self, from: Data(console.out.utf8))
    #expect(counts.map(\.tag.name) == ["wisdom", "journey"])
    #expect(counts.map(\.count) == [2, 1])
    console.clear()
    try await execute(["fav", "untag", "3", "journey", "absent"], env())
    #expect(console.out == "Untagged favorite 3: took off #journey. Its tags: #wisdom\n")
    console.clear()
    try await execute(["fav", "show", "3"], env())
    #expect(console.out.contains("Tags: #wisdom\n"))
    console.clear()
    try await execute(["fav", "untag", "3", "wisdom"], env())
    try await execute(["fav", "untag", "5", "wisdom"], env())
    console.clear()
    try await execute(["fav", "tags"], env())
    #expect(console.out.isEmpty)
    #expect(console.err.contains("No tags yet."))
  }

  @Test("An unknown id: the not-found sentence and exit 1, nothing changed")
  func unknownID() async throws {
    for command in ["tag", "untag"] {
      let error = await #expect(throws: FavoritesError.notFound(id: 42)) {
        try await execute(["fav", command, "42", "x"], env())
      }
      #expect(exitCode(try #require(error)) == 1)
    }
    #expect(try database.tagCounts().isEmpty)
  }

  @Test(
    "Bad tags, bad queries and missing words are usage errors (exit 64)",
    arguments: [
      ["fav", "tag", "1"], ["fav", "tag", "1", ""], ["fav", "tag", "1", "two words"],
      ["fav", "tag", "1", "ok", "bell\u{7}"], ["fav", "untag", "1"],
      ["fav", "untag", "1", "a\tb"], ["fav", "tag", "1", String(repeating: "x", count: 65)],
      ["fav", "tag", "x", "stoic"], ["fav", "find"], ["fav", "find", ""], ["fav", "find", "*"],
      ["fav", "find", "\"", "-"], ["fav", "find", "life", "--tag", "a b"],
      ["fav", "list", "--tag", ""], ["fav", "export", "--tag", "\u{1B}[31m"],
      ["fav", "find", "life", "--format", "xml"],
    ]
  )
  func usageErrors(arguments: [String]) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    let thrown = try #require(error)
    #expect(exitCode(thrown) == 64)
    let message = PowerQuotesCommand.fullMessage(for: UserFacingError.adapting(thrown))
    #expect(!message.contains("SQL"))
    #expect(!message.contains("\u{1B}"))
    #expect(try database.tagCounts().isEmpty)
  }

  @Test("fav find: a word starting with - is refused with how to search for it; after --, searched")
  func dashWords() async throws {
    for (words, shown) in [
      (["fav", "find", "-heart"], "powerquotes fav find -- -heart"),
      (["fav", "find", "ocean", "-heart"], "powerquotes fav find -- -heart"),
      (["fav", "find", "--formt", "heart"], "no option '--formt'"),
    ] {
      let error = await #expect(throws: (any Error).self) { try await execute(words, env()) }
      let thrown = try #require(error)
      #expect(exitCode(thrown) == 64)
      let message = PowerQuotesCommand.fullMessage(for: UserFacingError.adapting(thrown))
      #expect(message.contains(shown), "\(message)")
      #expect(!message.contains("Give words"))
    }
    try await execute(["fav", "find", "--", "-heart"], env())
    #expect(console.out.contains("Your heart is the size"), "\(console.out)")
  }

  @Test("fav find: ranked rows as text, the same favorites as JSON, --tag narrows")
  func finding() async throws {
    try await execute(["fav", "find", "KHATTAB"], env())
    #expect(console.out.hasPrefix("ID  AUTHOR"))
    #expect(console.out.contains(" 2  Umar ibn Al-Khattāb (R.…  Be mindful of what you say."))
    #expect(!console.out.contains("\u{1B}"))
    console.clear()

    try await execute(["fav", "find", "\"thousand miles\"", "--format", "json"], env())
    let found = try JSONDecoder().decode([FavoriteIDs].self, from: Data(console.out.utf8))
    #expect(found.map(\.id) == [3])
    console.clear()

    try await execute(["fav", "tag", "4", "luck"], env())
    console.clear()
    try await execute(["fav", "find", "luck"], env())
    #expect(console.out.contains(" 4  "))
    #expect(console.out.contains("#luck"))
    console.clear()
    try await execute(["fav", "find", "luck", "--tag", "other"], env())
    #expect(console.out.isEmpty)
    #expect(console.err == "No favorites match 'luck'.\n")
    console.clear()
    try await execute(["fav", "find", "--format", "json", "nothing-like-it"], env())
    #expect(console.out == "[]\n")
    console.clear()

    // Text FTS5 would not parse searches as words, and finds nothing here.
    for query in ["\"unbalanced", "NEAR(", "a OR", "col:x", "(journey"] {
      try await execute(["fav", "find", query], env())
    }
    #expect(console.out.contains(" 3  "))
    #expect(!console.err.contains("SQL"))
  }

  @Test("fav find on a terminal paints the matching words; NO_COLOR-style plain does not")
  func highlighting() async throws {
    let colour = TerminalInfo(
      width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: true)
    try await execute(["fav", "find", "mind*"], env(terminal: colour))
    #expect(console.out.contains("\u{1B}[1;31mmindful\u{1B}[0m"))
    console.clear()
    let plain = TerminalInfo(
      width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: false)
    try await execute(["fav", "find", "mind*"], env(terminal: plain))
    #expect(!console.out.contains("\u{1B}"))
    #expect(console.out.contains("Be mindful of what you say."))
  }

  @Test("fav find on a terminal shows the words it found, colour or not; piped, the start")
  func excerptOnTerminal() async throws {
    for usesColor in [true, false] {
      let narrow = TerminalInfo(
        width: 40, inputIsTerminal: true, outputIsTerminal: true, usesColor: usesColor)
      try await execute(["fav", "find", "step"], env(terminal: narrow))
      let row = console.out.replacing(/\u{1B}\[[0-9;]*m/, with: "")
      #expect(row.contains("…begins with one step."), "\(row)")
      console.clear()
    }
    let piped = TerminalInfo(
      width: 40, inputIsTerminal: false, outputIsTerminal: false, usesColor: false)
    try await execute(["fav", "find", "step"], env(terminal: piped))
    #expect(console.out.contains("The journey of a"))
    #expect(!console.out.contains("step"))
  }

  @Test("--tag on fav list and fav export keeps only the tagged favorites")
  func tagFilters() async throws {
    try await execute(["fav", "tag", "1", "heart"], env())
    try await execute(["fav", "tag", "5", "heart", "greek"], env())
    console.clear()
    try await execute(["fav", "list", "--tag", "HEART"], env())
    #expect(console.out.split(separator: "\n").count == 3)
    #expect(console.out.contains(" 1  Rumi"))
    #expect(console.out.contains(" 5  Socrates  Know thyself. #greek #heart"))
    console.clear()
    try await execute(["fav", "list", "--tag", "none"], env())
    #expect(console.err == "No favorites tagged 'none'.\n")
    console.clear()
    try await execute(["fav", "export", "--format", "csv", "--tag", "greek"], env())
    #expect(
      console.out
        == "quote,author,source,source_id,saved_at,note,tags,work\r\n"
        + "Know thyself.,Socrates,manual,,2027-01-15T08:00:00.000Z,,greek heart,\r\n")
    console.clear()
    try await execute(["fav", "list", "--tag", "greek", "--format", "json"], env())
    #expect(console.out.contains("\"tags\" : [\n      \"greek\",\n      \"heart\"\n    ]"))
  }

  @Test("Exports with notes and tags import back whole today: the new fields do not get in the way")
  func exportsImportBack() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try await execute(["fav", "tag", "1", "heart", "ocean"], env())
    try await database.writer.write { db in
      try db.execute(sql: "UPDATE favorite SET note = 'A note, with \"quotes\".' WHERE id = 1")
    }
    for format in ["json", "csv"] {
      let path = folder.file("favorites.\(format)")
      try await execute(["fav", "export", "--format", format, "--output", path], env())
      let fresh = try QuoteDatabase.inMemory()
      try await execute(
        ["fav", "import", path], .test(database: fresh, console: console))
      #expect(try fresh.favorites().map(\.quote) == database.favorites().map(\.quote))
    }
    #expect(
      console.out.components(separatedBy: "5 added, 0 already favorites, 0 rejected").count == 3)
  }

  @Test("The shell: find and tag short words, --tag and tag completion")
  func shell() async throws {
    let script = ScriptedLines(["tag 2 speech", "find mindful", "fav tags", "tag 2 'a b'"])
    let shell = ShellSession(env: env(), reader: script.reader())
    #expect(await shell.run() == 64)
    #expect(console.out.contains("Tagged favorite 2 with #speech."))
    #expect(console.out.contains(" 2  Umar ibn Al-Khattāb (R.…  Be mindful"))
    #expect(console.out.contains("1  #speech\n"))
    #expect(console.err.contains("The tag 'a b' has a space in it."))

    let completer = ShellCompleter(
      tree: .powerquotes, authors: { [] }, tags: { ["stoic", "speech", "life"] })
    #expect(completer.candidates(before: ["fav"], word: "fi") == ["find"])
    #expect(completer.candidates(before: ["fav"], word: "ta") == ["tag", "tags"])
    #expect(completer.candidates(before: ["fav", "tag", "3"], word: "s") == ["speech", "stoic"])
    #expect(completer.candidates(before: ["tag", "3"], word: "l") == ["life"])
    #expect(
      completer.candidates(before: ["fav", "untag", "3", "life"], word: "") == [
        "life", "speech", "stoic",
      ])
    #expect(completer.candidates(before: ["fav", "tag"], word: "") == [])
    #expect(completer.candidates(before: ["fav", "list", "--tag"], word: "st") == ["stoic"])
    #expect(
      completer.candidates(before: ["fav", "find", "x", "--tag"], word: "") == [
        "life", "speech", "stoic",
      ])
    #expect(completer.candidates(before: ["fav", "find"], word: "--t") == ["--tag", "--timeout"])
    #expect(completer.candidates(before: ["fav", "tags"], word: "--f") == ["--format"])
  }

  @Test("Every new command has help with examples")
  func help() {
    for command in [
      Favorites.Find.self, Favorites.PutTags.self, Favorites.TakeTags.self,
      Favorites.ListTags.self,
    ] as [any ParsableCommand.Type] {
      let help = command.helpMessage()
      #expect(help.contains("$ powerquotes fav "))
    }
  }
}

/// Just the ids of JSON favorites.
private struct FavoriteIDs: Decodable {
  var id: Int64
}
