import Foundation
import PowerQuotesTestSupport
import Testing

/// `fav list`, `find`, `search`, `trash` and `stats` on a terminal: output taller than it goes
/// through `$PAGER`, as git's does.
@Suite("The pager, end to end")
struct PagerEndToEndTests {
  /// A library of `count` favorites in `home`, imported by the binary; its path.
  private func library(_ count: Int, in home: TemporaryFolder) async throws -> String {
    let quotes = (1...count).map {
      #"{"quote": "Quote number \#($0) of the pager tests.", "author": "Author \#($0 % 5)"}"#
    }
    let file = home.file("quotes.json")
    try ("[" + quotes.joined(separator: ",") + "]").write(
      toFile: file, atomically: true, encoding: .utf8)
    let database = home.file("q.sqlite")
    let imported = try await runBinary(
      ["fav", "import", file, "--database", database], home: home.path)
    try #require(imported.status == 0)
    return database
  }

  /// Runs `arguments` on a terminal of 10 rows with `pager` as `$PAGER` (nil: not set); its
  /// status and everything the terminal showed.
  private func onTerminal(
    _ arguments: [String], pager: String?, home: TemporaryFolder
  ) async throws -> (status: Int32, shown: String) {
    let terminal = try PseudoTerminal(columns: 80, rows: 10)
    let process = try terminal.launch(
      arguments, home: home.path, environment: pager.map { ["PAGER": $0] } ?? [:])
    defer { if process.isRunning { process.terminate() } }
    let status = try await terminal.waitForExit(of: process)
    return (status, terminal.output)
  }

  @Test("Taller than the terminal: through $PAGER; shorter, --no-pager, or piped: directly")
  func pagesOnlyTallOutputOnATerminal() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = try await library(30, in: home)
    // A pager that marks each line it shows.
    let marking = "sed s/^/PAGED:/"
    for command in [["list"], ["find", "pager"], ["search", "author"], ["stats"]] {
      let tall = try await onTerminal(
        ["fav"] + command + ["--database", database], pager: marking, home: home)
      #expect(tall.status == 0)
      #expect(tall.shown.contains("PAGED:"), "fav \(command)")
    }
    let short = try await onTerminal(
      ["fav", "list", "--limit", "5", "--database", database], pager: marking, home: home)
    #expect(short.status == 0)
    #expect(short.shown.contains("Quote number 5 of"))
    #expect(!short.shown.contains("PAGED:"))
    #expect(!short.shown.contains("Quote number 6 of"))
    let unpaged = try await onTerminal(
      ["fav", "list", "--no-pager", "--database", database], pager: marking, home: home)
    #expect(unpaged.shown.contains("Quote number 30 of"))
    #expect(!unpaged.shown.contains("PAGED:"))
    for pager in ["", "cat", "no-such-pager-anywhere --with options"] {
      let direct = try await onTerminal(
        ["fav", "list", "--database", database], pager: pager, home: home)
      #expect(direct.status == 0, "PAGER=\(pager)")
      #expect(direct.shown.contains("Quote number 30 of"), "PAGER=\(pager)")
      #expect(!direct.shown.contains("rror"), "PAGER=\(pager)")
    }
    // Not a terminal: the pager is never asked.
    let piped = try await runBinary(
      ["fav", "list", "--database", database], home: home.path, environment: ["PAGER": marking])
    #expect(piped.status == 0)
    #expect(!piped.out.contains("PAGED:"))
    #expect(piped.out.split(separator: "\n").count == 31)
  }

  @Test("less quit before the end of a long list: no error, status 0")
  func pagerQuitEarly() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    // Far more than a pipe holds: the list is still being written when less is quit.
    let database = try await library(5000, in: home)
    let terminal = try PseudoTerminal(columns: 80, rows: 10)
    let process = try terminal.launch(
      ["fav", "list", "--database", database], home: home.path, environment: [:])
    defer { if process.isRunning { process.terminate() } }
    // The default pager, less -FRX, shows the first screen and its prompt.
    try #require(await terminal.waitFor("Quote number 8 of"))
    #expect(!terminal.output.contains("Quote number 4999 of"))
    terminal.type("q")
    let status = try await terminal.waitForExit(of: process)
    #expect(status == 0)
    #expect(!terminal.output.contains("rror"))
    #expect(!terminal.output.contains("ipe"))
  }

  @Test("--limit: at most N favorites; 0 is refused with one sentence and status 64")
  func limit() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = try await library(12, in: home)
    let listed = try await runBinary(
      ["fav", "list", "--limit", "3", "--format", "json", "--database", database],
      home: home.path)
    #expect(listed.out.components(separatedBy: "\"id\"").count - 1 == 3)
    let found = try await runBinary(
      ["fav", "find", "pager", "--limit", "2", "--database", database], home: home.path)
    #expect(found.out.split(separator: "\n").count == 3)
    let searched = try await runBinary(
      ["fav", "search", "author", "--limit", "4", "--database", database], home: home.path)
    #expect(searched.out.split(separator: "\n").count == 5)
    for command in [["list"], ["find", "pager"], ["search", "author"], ["trash"]] {
      let refused = try await runBinary(
        ["fav"] + command + ["--limit", "0", "--database", database], home: home.path)
      #expect(refused.status == 64, "fav \(command)")
      #expect(refused.err.hasPrefix("Error: --limit takes a number of favorites, 1 or more.\n"))
    }
  }
}
