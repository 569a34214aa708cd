import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("fav import of clippings and Readwise, in process")
struct ImportFormatsCommandTests: CLITestSuite {
  let fixture: CLIFixture
  let folder: TemporaryFolder

  init() throws {
    fixture = try CLIFixture()
    folder = try TemporaryFolder()
  }

  private func env() -> AppEnvironment { .test(database: database, console: console) }

  private func write(_ text: String, _ name: String) throws -> String {
    let path = folder.file(name)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test("A Kindle's clippings: the summary counts what was skipped; rejected entries by number")
  func clippings() async throws {
    defer { folder.remove() }
    let text = """
      Walden (Thoreau, Henry David)
      - Your Highlight on page 3 | Location 40-41 | Added on Tuesday, April 2, 2019

      Simplify, simplify.
      ==========
      Walden (Thoreau, Henry David)
      - Your Bookmark on page 4 | Location 50 | Added on Tuesday, April 2, 2019


      ==========
      Walden (Thoreau, Henry David)
      - Your Highlight on page 4 | Location 52 | Added on Tuesday, April 2, 2019

      \u{7}
      ==========

      """
    let path = try write(text, "My Clippings.txt")
    await #expect(throws: ExitCode(2)) { try await execute(["fav", "import", path], env()) }
    #expect(
      console.out
        == "Read 2 favorites: 1 added, 0 already favorites, 1 rejected; 1 entry skipped "
        + "(bookmarks, limit notices, highlights without text, notes with no highlight).\n")
    #expect(console.err == "  entry 3: the quote is empty.\n")
    let saved = try database.favorites()
    #expect(saved.map(\.quote.author) == ["Henry David Thoreau"])
    console.clear()

    await #expect(throws: ExitCode(2)) {
      try await execute(["fav", "import", path, "--format", "json", "--dry-run"], env())
    }
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
    #expect(report["format"] as? String == "clippings")
    #expect(report["skipped"] as? Int == 1)
    #expect(report["alreadyFavorites"] as? Int == 1)
  }

  @Test("--from reads the file as that format; a file that is not one is one error sentence")
  func from() async throws {
    defer { folder.remove() }
    let path = try write("quote,author\nKnow thyself.,Socrates\n", "q.csv")
    await #expect(throws: ImportError.missingReadwiseHeader(origin: path)) {
      try await execute(["fav", "import", path, "--from", "readwise"], env())
    }
    #expect(try database.favoriteCount() == 0)
    try await execute(["fav", "import", path, "--from", "csv"], env())
    #expect(try database.favoriteCount() == 1)
    #expect(throws: (any Error).self) {
      try PowerQuotesCommand.parse(words: ["fav", "import", path, "--from", "kindle"])
    }
  }

  @Test("--help lists the formats --from takes")
  func help() {
    let help = PowerQuotesCommand.helpMessage(for: Favorites.Import.self, columns: 200)
    #expect(help.contains("--from <format>"))
    #expect(
      help.contains(
        "json, dummyjson, csv, fortune, clippings, readwise, koreader, koreader-text, kobo."))
    #expect(help.contains("My Clippings.txt"))
  }
}
