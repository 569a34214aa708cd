import Foundation
import GRDB
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// The full-screen app through a pseudo-terminal: real keys, the built binary, a real SQLite
/// database, no server (the one asked refuses, so quotes come from the offline pool).
@Suite("The full-screen app end to end")
struct AppEndToEndTests {
  @Test(
    "Open, next, f twice, Tab, / and letters, Enter, d and y, resize, q: the terminal restored")
  func wholeSession() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    let environment = [
      "POWERQUOTES_DATABASE": database, "POWERQUOTES_API_URL": "http://127.0.0.1:9",
    ]
    for (quote, author) in [("Be water.", "Bruce Lee"), ("Cultivo una rosa blanca.", "José Martí")]
    {
      let added = try await runBinary(
        ["fav", "add", quote, "--author", author], home: home.path, environment: environment)
      #expect(added.status == 0)
    }
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let before = terminal.settings()
    let process = try terminal.launch(
      [], home: home.path, environment: environment, directory: home.path)
    defer { if process.isRunning { process.terminate() } }

    // What the terminal shows, read back from what the app wrote.
    func shows(_ text: String, columns: Int = 80, rows: Int = 24, from mark: Int = 0) async
      -> Bool
    {
      await terminal.waitUntil { output in
        let written = String(decoding: output.utf8.dropFirst(mark), as: UTF8.self)
        return VirtualScreen.after(written, columns: columns, rows: rows).text.contains(text)
      }
    }

    // Opens on the alternate screen with a card; the service is unreachable: the offline note.
    try #require(await terminal.waitFor("\u{1B}[?1049h"))
    try #require(await shows("Dear Self,"))
    try #require(await shows("showing an offline"))
    // n: the note goes with the key, and comes back with the next (offline) quote.
    terminal.type("n")
    try #require(await terminal.waitFor("showing an offline", count: 2))
    terminal.type("f")
    try #require(await shows("Favorite added!"))
    terminal.type("f")
    try #require(await shows("Already a Favorite: This quote is already in your favorites."))

    // The table: three favorites; "jos" keeps José Martí's only (accents ignored), whichever
    // built-in quote was saved third (John Keats, Samuel Johnson: "jo" would keep theirs).
    terminal.type("\t")
    try #require(await shows("3 favorites"))
    try #require(await shows(" Bruce Lee "))
    terminal.type("/jos")
    try #require(await shows("1 of 3"))
    try #require(await shows("/ jos"))
    #expect(!VirtualScreen.after(terminal.output, columns: 80, rows: 24).text.contains("Bruce Lee"))
    terminal.type("\r")
    terminal.type("\r")
    try #require(await shows("Favorite 2 · added by hand"))
    try #require(await shows("Cultivo una rosa blanca."))
    // i: the card's picture, in the folder the app was started in.
    terminal.type("i")
    try #require(await shows("Wrote the PNG card to ~/powerquotes-favorite-2.png."))
    let picture = try Data(
      contentsOf: URL(fileURLWithPath: home.file("powerquotes-favorite-2.png")))
    #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    terminal.type("d")
    try #require(await shows("Remove this favorite? (y/n)"))
    terminal.type("y")
    try #require(await shows("Removed."))
    try #require(await shows("0 of 2"))

    // A smaller window: the app draws itself again for it.
    let mark = terminal.output.utf8.count
    terminal.resize(columns: 60, rows: 20)
    kill(process.processIdentifier, SIGWINCH)
    try #require(await shows("powerquotes", columns: 60, rows: 20, from: mark))
    try #require(await shows("0 of 2", columns: 60, rows: 20, from: mark))
    terminal.type("q")
    #expect(try await terminal.waitForExit(of: process) == 0)

    // The terminal as it was: the alternate screen left, the cursor shown, the line settings
    // (echo, line editing) back.
    let output = terminal.output
    #expect(output.contains("\u{1B}[?1049l"))
    #expect(output.contains("\u{1B}[?25h"))
    let after = terminal.settings()
    #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)

    // What the keys did, in the database: the random quote saved once, José Martí's in the trash.
    let list = try await runBinary(
      ["fav", "list", "--format", "json"], home: home.path, environment: environment)
    let favorites = try #require(
      try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
    let authors = favorites.compactMap { $0["author"] as? String }
    #expect(authors.count == 2 && authors.first == "Bruce Lee")
    #expect(!authors.contains("José Martí"))
    let trash = try await runBinary(["fav", "trash"], home: home.path, environment: environment)
    #expect(trash.out.contains("José Martí"))
  }

  @Test("TERM=dumb, or a window under 40x12: one sentence, exit 1, the screen untouched")
  func cannotStart() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    for (term, columns, sentence) in [
      ("dumb", UInt16(80), "This terminal (TERM=dumb) cannot show the app"),
      ("xterm", 39, "The window is 39x24, too small for the app: make it at least 40x12."),
    ] {
      let terminal = try PseudoTerminal(columns: columns, rows: 24)
      let process = try terminal.launch(
        [], home: home.path,
        environment: ["TERM": term, "POWERQUOTES_DATABASE": home.file("q.sqlite")])
      #expect(try await terminal.waitForExit(of: process) == 1)
      #expect(terminal.output.replacingOccurrences(of: "\r\n", with: " ").contains(sentence))
      #expect(!terminal.output.contains("\u{1B}[?1049h"))
    }
  }

  @Test("Only the app's options (--database, --color never): the app opens on that library")
  func optionsOnly() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("other.sqlite")
    let environment = ["POWERQUOTES_API_URL": "http://127.0.0.1:9"]
    let added = try await runBinary(
      ["fav", "add", "Be water.", "--author", "Bruce Lee", "--database", database],
      home: home.path, environment: environment)
    #expect(added.status == 0)
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let process = try terminal.launch(
      ["--database", database, "--color", "never"], home: home.path, environment: environment)
    defer { if process.isRunning { process.terminate() } }
    try #require(await terminal.waitFor("\u{1B}[?1049h"))
    terminal.type("\t")
    try #require(
      await terminal.waitUntil {
        VirtualScreen.after($0, columns: 80, rows: 24).text.contains(" Bruce Lee ")
      })
    terminal.type("q")
    #expect(try await terminal.waitForExit(of: process) == 0)
  }

  @Test("A terminal closed under it ends the app as a hang-up, not a loop reading nothing")
  func terminalGone() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    // Launched as the tests launch it, the terminal is not its controlling one: closing it
    // sends no SIGHUP, only end-of-file.
    let process = try terminal.launch(
      [], home: home.path,
      environment: [
        "POWERQUOTES_DATABASE": home.file("q.sqlite"), "POWERQUOTES_API_URL": "http://127.0.0.1:9",
      ])
    defer { if process.isRunning { process.terminate() } }
    try #require(await terminal.waitFor("Dear Self,"))
    terminal.hangUp()
    _ = try await terminal.waitForExit(of: process)
    #expect(!process.isRunning)
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGHUP)
  }

  @Test("A wait for another process's lock is a status line, the screen whole")
  func lockedDatabase() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    let environment = [
      "POWERQUOTES_DATABASE": database, "POWERQUOTES_API_URL": "http://127.0.0.1:9",
    ]
    let added = try await runBinary(
      ["fav", "add", "Be water.", "--author", "Bruce Lee"], home: home.path,
      environment: environment)
    #expect(added.status == 0)
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let process = try terminal.launch([], home: home.path, environment: environment)
    defer { if process.isRunning { process.terminate() } }
    func screen() -> [String] {
      VirtualScreen.after(terminal.output, columns: 80, rows: 24).text
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    try #require(await terminal.waitFor("Dear Self,"))
    try #require(await terminal.waitFor("showing an offline"))
    // Another process writes for a while: f waits for it.
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: database, configuration: configuration)
    try await other.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
    terminal.type("f")
    try #require(
      await terminal.waitUntil { _ in
        screen().contains { $0.contains("Waiting for the database: another process") }
      })
    #expect(screen().first?.contains("powerquotes") == true)
    #expect(!terminal.output.contains("\r\nWaiting for the database"))
    try await other.inDatabase { try $0.execute(sql: "ROLLBACK") }
    try #require(
      await terminal.waitUntil { _ in screen().contains { $0.contains("Favorite added!") } })
    terminal.type("q")
    #expect(try await terminal.waitForExit(of: process) == 0)
  }
}
