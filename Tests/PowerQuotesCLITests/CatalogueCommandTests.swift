import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCLI

@Suite("browse, sync, --copy and completions")
struct CatalogueCommandTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  private func env(_ server: FixtureServer, stderrIsTerminal: Bool = false) -> AppEnvironment {
    var env = AppEnvironment.test(
      database: database,
      client: .live(baseURL: server.baseURL, timeoutSeconds: 5),
      console: console,
      terminal: TerminalInfo(
        width: 80,
        inputIsTerminal: false,
        outputIsTerminal: false,
        errorIsTerminal: stderrIsTerminal,
        usesColor: false
      )
    )
    env.sleep = { _ in }
    return env
  }

  @Test("browse shows DummyJSON's ids and where the page stands")
  func browse() async throws {
    let catalogue = FakeCatalogue(count: 23)
    try await FixtureServer.with(catalogue.routes) { server in
      try await execute(["browse", "--page", "2", "--per-page", "10"], env(server))
      let rows = console.out.split(separator: "\n").dropFirst()
      #expect(
        rows.map { $0.split(separator: " ").first.map(String.init) } == (11...20).map { "\($0)" })
      #expect(
        console.err
          == "page 2 of 3 (23 quotes) · run 'powerquotes browse --page 3' for the next page\n")
      console.clear()
      try await execute(
        ["browse", "--page", "3", "--per-page", "10", "--format", "json"], env(server))
      #expect(console.out.contains(#""pages" : 3"#))
      #expect(console.out.contains(#""sourceId" : 23"#))
      let error = await #expect(throws: CatalogueError.pastTheEnd(page: 9, pages: 3)) {
        try await execute(["browse", "--page", "9", "--per-page", "10"], env(server))
      }
      #expect(
        error?.errorDescription
          == "There is no page 9: at this page size the catalogue has 3 pages."
      )
    }
  }

  @Test("sync on a pipe: one summary line; on a terminal: a bar redrawn in place")
  func syncOutput() async throws {
    let catalogue = FakeCatalogue(count: 23)
    try await FixtureServer.with(catalogue.routes) { server in
      try await execute(["sync", "--per-page", "10"], env(server))
      #expect(console.out.isEmpty)
      #expect(console.err.hasPrefix("Synced 23 of 23 DummyJSON quotes (23 fetched in "))
      #expect(console.err.hasSuffix("); 23 new in the offline pool.\n"))
      #expect(console.err.split(separator: "\n").count == 1)
      #expect(!console.err.contains("\r"))
      console.clear()

      catalogue.rateLimit(request: 5, retryAfter: 3)
      try await execute(["sync", "--per-page", "10"], env(server, stderrIsTerminal: true))
      let bars = console.err.components(separatedBy: "\r").dropFirst()
      #expect(bars.count == 3)
      #expect(bars.first?.hasPrefix("[") == true)
      #expect(console.err.contains("  10/23  43%"))
      #expect(console.err.contains("\nDummyJSON asks to slow down; waiting 3 s.\n"))
      #expect(console.err.contains("  23/23  100%"))
      #expect(console.err.hasSuffix("; 0 new in the offline pool.\n"))
    }
  }

  @Test("A sync that stops ends the bar's line and says how to continue")
  func syncStops() async throws {
    let catalogue = FakeCatalogue(count: 23)
    catalogue.fail(request: 2)
    try await FixtureServer.with(catalogue.routes) { server in
      await #expect(throws: QuoteClientError.serverError(status: 500)) {
        try await execute(["sync", "--per-page", "10"], env(server, stderrIsTerminal: true))
      }
      #expect(console.err.hasPrefix("\r["))
      #expect(
        console.err.hasSuffix(
          "quotes/s\nThe sync stopped: 10 of 23 quotes are saved. Run 'powerquotes sync' "
            + "again to continue.\n"
        )
      )
    }
  }

  @Test("fav export of a quote stored raw is made safe, on a terminal and into a pipe alike")
  func exportOnTerminal() async throws {
    _ = try database.addFavorite(
      Quote(text: "Hi\u{1B}]0;pwned\u{07} there", author: "Eve", source: .dummyJSON),
      at: testDate
    )
    let tty = TerminalInfo(
      width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: false)
    try await execute(
      ["fav", "export", "--format", "markdown"],
      .test(database: database, console: console, terminal: tty)
    )
    #expect(!console.out.unicodeScalars.contains("\u{1B}"))
    #expect(console.out.contains("Hi there"))
    console.clear()
    try await execute(
      ["fav", "export", "--format", "markdown"],
      .test(database: database, console: console)
    )
    // A file a person will `cat` later is as safe as the terminal.
    #expect(!console.out.unicodeScalars.contains("\u{1B}"))
    #expect(console.out.contains("Hi there"))
  }

  @Test("The shell turns catalogue pages with more and back")
  func shellPaging() async throws {
    let catalogue = FakeCatalogue(count: 23)
    try await FixtureServer.with(catalogue.routes) { server in
      let lines = ["back", "browse --per-page 10", "more", "more", "more", "back"]
      let script = ScriptedLines(lines)
      let shell = ShellSession(env: env(server), reader: script.reader())
      #expect(await shell.run() == 1)
      #expect(
        catalogue.requests == [
          "limit=10&skip=0", "limit=10&skip=10", "limit=10&skip=20", "limit=10&skip=30",
          "limit=10&skip=10",
        ]
      )
      #expect(console.err.contains("'back' turns the pages of 'browse'; type 'browse' first."))
      #expect(console.err.contains("There is no page 4"))
    }
  }

  @Test("--copy hands the share text to the clipboard tool")
  func copy() async throws {
    try database.recordShown(Samples.socrates, at: testDate)
    let copied = Mutex<String?>(nil)
    var env = AppEnvironment.test(database: database, console: console)
    env.clipboard = Clipboard { text in
      copied.withLock { $0 = text }
      return "xclip"
    }
    try await execute(["share", "--copy"], env)
    #expect(copied.withLock { $0 } == "\"Know thyself.\" — Socrates\n")
    #expect(console.out.isEmpty)
    #expect(console.err == "Copied the share text to the clipboard (with xclip).\n")
  }

  @Test("Clipboard tools: Wayland's first under Wayland, X11's otherwise")
  func clipboardOrder() {
    #expect(Clipboard.tools(environment: [:]).map(\.name) == ["xclip", "xsel", "wl-copy"])
    #expect(
      Clipboard.tools(environment: ["WAYLAND_DISPLAY": "wayland-0"]).map(\.name)
        == ["wl-copy", "xclip", "xsel"]
    )
  }
}
