import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCLI

/// Counts what reaches standard output without keeping it.
private final class WriteCounter: Sendable {
  struct Counts {
    var writes = 0
    var largest = 0
    var lineBreaks = 0
  }

  let counts = Mutex(Counts())

  var console: Console {
    Console(
      out: { text in
        self.counts.withLock { counts in
          counts.writes += 1
          counts.largest = max(counts.largest, text.utf8.count)
          counts.lineBreaks += text.utf8.count { $0 == 0x0A }
        }
      },
      err: { _ in }
    )
  }
}

@Suite("fav export and fav import in process")
struct ExchangeCommandTests: CLITestSuite {
  let fixture: CLIFixture
  let folder: TemporaryFolder

  init() throws {
    fixture = try CLIFixture()
    folder = try TemporaryFolder()
  }

  func env(_ database: QuoteDatabase? = nil) -> AppEnvironment {
    .test(database: database ?? self.database, console: console)
  }

  private func write(_ text: String, _ name: String) throws -> String {
    let path = folder.file(name)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test("fav export prints each format, filters by author, and writes --output in place")
  func export() async throws {
    defer { folder.remove() }
    for quote in [Samples.rumi, Samples.umar, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    try await execute(["fav", "export", "--format", "csv", "--author", "UMAR"], env())
    #expect(
      console.out
        == "quote,author,source,source_id,saved_at,note,tags,work\r\n"
        + "Be mindful of what you say.,Umar ibn Al-Khattāb (R.A),dummyjson,20,"
        + "2027-01-15T08:00:00.000Z,,,\r\n")
    console.clear()

    try await execute(["fav", "export", "--format", "markdown", "--author", "socr"], env())
    #expect(console.out == "> Know thyself.\n>\n> — Socrates\n")
    console.clear()

    let path = folder.file("favorites.json")
    try await execute(["fav", "export", "-o", path], env())
    #expect(console.out.isEmpty)
    #expect(console.err == "Exported 3 favorites to \(path).\n")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == ExportView.streamed(try database.favorites(), format: .json))
  }

  @Test("fav import reports counts on stdout and each rejected row on stderr")
  func importReport() async throws {
    defer { folder.remove() }
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    let path = try write(
      "quote,author\nKnow thyself.,Socrates\nBe kind.,Plato\n,Nobody\nBe kind.,plato\n"
        + "Stay.,\n",
      "q.csv")
    // The good rows are saved; the status says that some were not.
    await #expect(throws: ExitCode(2)) { try await execute(["fav", "import", path], env()) }
    #expect(console.out == "Read 5 favorites: 1 added, 2 already favorites, 2 rejected.\n")
    #expect(console.err == "  row 3: the quote is empty.\n  row 5: the author is empty.\n")
    #expect(try database.favorites().map(\.quote.text) == ["Know thyself.", "Be kind."])
    console.clear()

    await #expect(throws: ExitCode(2)) {
      try await execute(["fav", "import", path, "--format", "json"], env())
    }
    #expect(console.err.isEmpty)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
    #expect(report["added"] as? Int == 0)
    #expect(report["alreadyFavorites"] as? Int == 3)
    #expect(report["format"] as? String == "csv")
    let rejected = try #require(report["rejected"] as? [[String: Any]])
    #expect(rejected.map { $0["position"] as? Int } == [3, 5])
    #expect(rejected.map { $0["reason"] as? String } == ["emptyText", "emptyAuthor"])
  }

  /// Found by a tester: CSV and fortune imports kept the spaces around a quote and its author,
  /// a space before a removed escape sequence stayed at the end, a CSV `source` kept escape
  /// sequences and NULs, and a DummyJSON file's id 0 or below made an export that did not
  /// import back.
  @Test("Every import trims and cleans as fav add does, the source too; DummyJSON ids are positive")
  func oneRuleAtEveryEntrance() async throws {
    defer { folder.remove() }
    let files = [
      (
        "pad.csv",
        "quote,author,source\n  Padded in CSV  ,  Ann  ,\"  ev\u{1B}]52;c;SGk=\u{07}il \"\n"
      ),
      ("pad.fortune", "  Padded in fortune  \n--   Bo  \n%\n"),
      (
        "pad.json",
        #"[{"quote":"  Padded in JSON  ","author":"  Cy  ","source":" x\u0000y ","savedAt":"2026-01-15T08:00:00Z"}]"#
      ),
    ]
    for (name, text) in files {
      try await execute(["fav", "import", try write(text, name)], env())
    }
    try await execute(["fav", "add", "Quote \u{1B}[0m", "--author", "Zed \u{1B}]0;t\u{07}"], env())
    #expect(
      try database.favorites().map { [$0.quote.text, $0.quote.author, $0.quote.source.rawValue] }
        == [
          ["Padded in CSV", "Ann", "evil"], ["Padded in fortune", "Bo", "imported"],
          ["Padded in JSON", "Cy", "xy"], ["Quote", "Zed", "manual"],
        ])
    let long = try write(
      "quote,author,source\nA.,B,\(String(repeating: "s", count: 101))\n", "long.csv")
    await #expect(throws: ExitCode(2)) { try await execute(["fav", "import", long], env()) }
    #expect(console.err.contains("its source is not a name of at most 100 characters."))
    let dummy = try write(
      #"{"quotes":[{"id":-5,"quote":"Negative id.","author":"N"},{"id":0,"quote":"Zero.","author":"Z"},{"id":7,"quote":"Seven.","author":"S"}]}"#,
      "dummy.json")
    console.clear()
    await #expect(throws: ExitCode(2)) { try await execute(["fav", "import", dummy], env()) }
    #expect(
      console.err
        == "  row 1: its id is not a positive whole number.\n"
        + "  row 2: its id is not a positive whole number.\n")
    #expect(try database.favorites().last?.quote.sourceID == 7)
  }

  @Test("Times of any year go in and come out as written, and an export imports back the same")
  func oldTimes() async throws {
    defer { folder.remove() }
    let path = try write(
      "quote,author,saved_at\nD1900.,A,1900-01-01T00:00:00Z\nD1582.,C,1582-10-10T00:00:00Z\n"
        + "D1000.,E,1000-06-15\nD1.,F,0001-01-01T00:00:00.000Z\n", "old.csv")
    try await execute(["fav", "import", path], env())
    let times = [
      "1900-01-01T00:00:00.000Z", "1582-10-10T00:00:00.000Z", "1000-06-15T00:00:00.000Z",
      "0001-01-01T00:00:00.000Z",
    ]
    console.clear()
    try await execute(["fav", "export", "--format", "csv"], env())
    #expect(
      console.out.split(separator: "\r\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false)[4]
      } == times.map { Substring($0) })
    console.clear()
    try await execute(["fav", "list", "--format", "json"], env())
    #expect(console.out.contains("\"savedAt\" : \"1582-10-10T00:00:00Z\""))
    console.clear()
    let exported = folder.file("export.json")
    try await execute(["fav", "export", "-o", exported], env())
    let again = try QuoteDatabase.inMemory()
    try await execute(["fav", "import", exported], env(again))
    #expect(try again.favorites().map { $0.savedAt.map(ExportView.timestamp) } == times)
    // As the store shows it: fav show and the stats' months.
    console.clear()
    try await execute(["fav", "show", "2"], env())
    #expect(console.out.contains("1582-10-10"))
  }

  @Test("--dry-run with rejected rows reports them and exits 2 too, changing nothing")
  func dryRunWithRejections() async throws {
    defer { folder.remove() }
    let path = try write("quote,author\nGood.,Ann\n,Nobody\n", "q.csv")
    await #expect(throws: ExitCode(2)) {
      try await execute(["fav", "import", path, "--dry-run"], env())
    }
    #expect(try database.favoriteCount() == 0)
  }

  /// One rule for text at every entrance: a NUL never cuts a quote (SQLite would keep what is
  /// before it), escape sequences and control characters never reach the database, and what
  /// `fav add` takes a backup gives back.
  @Test("Text enters the library cleaned, the same way by fav add and by fav import")
  func oneRuleForText() async throws {
    defer { folder.remove() }
    try await execute(["fav", "add", "half\u{0}and the rest", "--author", "Ann"], env())
    try await execute(["fav", "add", "half\u{0}and another end", "--author", "Ann"], env())
    try await execute(
      ["fav", "add", "Bell\u{07} and \u{1B}]52;c;SGk=\u{07}esc", "--author", "Bo"], env())
    #expect(
      try database.favorites().map(\.quote.text) == [
        "halfand the rest", "halfand another end", "Bell and esc",
      ])
    // Too long for one entrance is too long for all.
    for arguments in [
      ["fav", "add", String(repeating: "x", count: 4001), "--author", "Ann"],
      ["fav", "add", "Fine.", "--author", String(repeating: "y", count: 201)],
      ["fav", "add", "\u{0}\u{1B}[2J", "--author", "Ann"],
    ] {
      let error = await #expect(throws: (any Error).self) { try await execute(arguments, env()) }
      #expect(exitCode(try #require(error)) == 64)
    }
    // An import: a row of a NUL and text is that text; a row of a NUL alone is empty.
    let path = try write(
      "[{\"quote\":\"\\u0000Rest of it\",\"author\":\"Cy\"},"
        + "{\"quote\":\"\\u0000\",\"author\":\"Cy\"}]", "q.json")
    await #expect(throws: ExitCode(2)) { try await execute(["fav", "import", path], env()) }
    #expect(console.err.contains("row 2: the quote is empty."))
    #expect(try database.favorites().last?.quote.text == "Rest of it")

    // Export, then import into an empty database: every favorite comes back.
    console.clear()
    try await execute(["fav", "export"], env())
    let backup = try write(console.out, "backup.json")
    let empty = try QuoteDatabase.inMemory()
    try await execute(
      ["fav", "import", backup], .test(database: empty, console: CapturedConsole()))
    #expect(try empty.favorites().map(\.quote) == database.favorites().map(\.quote))
  }

  @Test("fav import --dry-run reports and writes nothing")
  func dryRun() async throws {
    defer { folder.remove() }
    let path = try write("Words.\n-- Someone\n%\nMore words.\n%\n", "quotes")
    try await execute(["fav", "import", path, "--dry-run"], env())
    #expect(
      console.out
        == "Dry run: 2 favorites checked: 2 would be added, 0 already favorites, 0 rejected. "
        + "Nothing was changed.\n")
    #expect(try database.favoriteCount() == 0)
  }

  @Test("A malformed file is one sentence, exit 1, and changes nothing")
  func malformed() async throws {
    defer { folder.remove() }
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let path = try write("Know thyself.,Socrates\n", "q.csv")
    let error = await #expect(throws: ImportError.missingCSVHeader(origin: path)) {
      try await execute(["fav", "import", path], env())
    }
    #expect(
      UserFacingError.message(for: try #require(error))
        == "\(path) looks like CSV but its first line does not name the quote and author "
        + "columns. Add a header line such as quote,author.")
    #expect(
      PowerQuotesCommand.exitCode(for: UserFacingError.adapting(try #require(error))).rawValue
        == 1)
    #expect(try database.favorites().map(\.quote) == [Samples.rumi])
    #expect(console.out.isEmpty)
  }

  @Test(
    "Bad flags are usage errors (exit 64)",
    arguments: [
      ["fav", "export", "--format", "xml"], ["fav", "export", "--author", " "],
      ["fav", "export", "--output", ""], ["fav", "import"], ["fav", "import", "ftp://x/q.csv"],
      ["fav", "import", "q.csv", "--format", "csv"],
    ]
  )
  func usageErrors(arguments: [String]) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    let code = PowerQuotesCommand.exitCode(for: UserFacingError.adapting(try #require(error)))
    #expect(code.rawValue == 64)
  }

  @Test("100,000 favorites export in many buffered writes, a row at a time")
  func streamingExport() async throws {
    defer { folder.remove() }
    let quotes = (1...100_000).map { number in
      ImportedQuote(
        position: number,
        quote: Quote(
          text: "Quote number \(number).", author: "Author \(number % 89)", source: .manual)
      )
    }
    let counts = try database.importFavorites(quotes, at: testDate, dryRun: false)
    #expect(counts.added == 100_000)
    for format in ["json", "csv"] {
      let counter = WriteCounter()
      var env = env()
      env.console = counter.console
      try await execute(["fav", "export", "--format", format], env)
      let seen = counter.counts.withLock { $0 }
      // The output streams out as the rows are read: many writes of about 64 KiB, never the
      // whole export at once.
      #expect(seen.writes > 50)
      #expect(seen.largest < (1 << 16) + 1024)
      #expect(seen.lineBreaks == (format == "csv" ? 100_001 : 100_000 * 7 + 2))
    }
    let path = folder.file("all.csv")
    try await execute(["fav", "export", "--format", "csv", "--output", path], env())
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(written.count { $0 == 0x0A } == 100_001)
  }
}
