import Foundation
import GRDB
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("today")
struct TodayTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  func env(at time: String, timeZone: TimeZone = .utc) throws -> AppEnvironment {
    let now = try #require(ISO8601DateFormatter().date(from: time))
    return .test(database: database, console: console, now: { now }, timeZone: timeZone)
  }

  @Test("today shows a card, never asks the network, and is the same all day")
  func sameAllDay() async throws {
    // The test environment's clients fail if called.
    try await execute(["today"], env(at: "2027-01-15T06:00:00Z"))
    let morning = console.out
    console.clear()
    try await execute(["today"], env(at: "2027-01-15T22:00:00Z"))
    #expect(morning.contains("│ Dear Self,"))
    #expect(console.out == morning)
    #expect(console.err.isEmpty)
  }

  @Test("today --format json prints the date, the quote and what it was drawn from")
  func json() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    try await execute(
      ["today", "--format", "json"], env(at: "2027-01-15T23:30:00Z", timeZone: tokyo))
    let today = try JSONDecoder().decode(QuoteOfTheDay.self, from: Data(console.out.utf8))
    #expect(
      today
        == QuoteOfTheDay(date: "2027-01-16", quote: Samples.rumi, origin: .favorites, favoriteID: 1)
    )
    #expect(console.out.contains(#""from" : "favorites""#))
  }

  @Test("today's card and share name the work of a favorite, as fav show does")
  func work() async throws {
    _ = try database.addFavorite(Samples.rumi, work: "The Masnavi", at: testDate)
    let env = try env(at: "2027-01-15T12:00:00Z")
    try await execute(["today"], env)
    #expect(console.out.contains("— Rumi, The Masnavi"))
    console.clear()
    try await execute(["share"], env)
    #expect(console.out == "\"\(Samples.rumi.text)\" — Rumi, The Masnavi\n")
    console.clear()
    try await execute(["fav", "share", "1"], env)
    #expect(console.out == "\"\(Samples.rumi.text)\" — Rumi, The Masnavi\n")
  }

  @Test("today remembers its quote, so fav add saves it and share shares it")
  func remembersTheQuote() async throws {
    try database.recordShown(Samples.umar, at: testDate)
    let env = try env(at: "2027-01-15T12:00:00Z")
    try await execute(["today", "--format", "json"], env)
    #expect(console.out.contains(#""from" : "seen""#))
    console.clear()
    try await execute(["fav", "add"], env)
    try await execute(["share"], env)
    #expect(try database.favorites().map(\.quote) == [Samples.umar])
    #expect(console.out.contains("\"Be mindful of what you say.\" — Umar ibn Al-Khattāb (R.A)"))
  }

  @Test("A ZenQuotes favorite as the quote of the day is credited")
  func zenQuotesFavoriteIsCredited() async throws {
    _ = try database.addFavorite(Samples.lao, at: testDate)
    try await execute(["today"], env(at: "2027-01-15T12:00:00Z"))
    #expect(console.out.contains("— Lao Tzu"))
    #expect(console.err == "Quotes by zenquotes.io\n")
  }
}

@Suite("today, saved and undone, and on a library it may not write")
struct TodayRemembersTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  @Test("fav add and fav undo that day leave the day's quote as it was")
  func saveAndUndo() async throws {
    let now = try #require(ISO8601DateFormatter().date(from: "2027-01-15T09:00:00Z"))
    let env = AppEnvironment.test(database: database, console: console, now: { now })
    try await execute(["today"], env)
    let morning = console.out
    console.clear()
    try await execute(["fav", "add", "Know thyself.", "--author", "Socrates"], env)
    try await execute(["today"], env)
    #expect(console.out.hasSuffix(morning))
    console.clear()
    try await execute(["fav", "undo"], env)
    try await execute(["today"], env)
    #expect(console.out.hasSuffix(morning))
  }

  /// A library this user may only read is still drawn from (each time afresh), not refused.
  ///
  /// Run as `nobody` when the tests run as root, who may write anywhere.
  @Test func readOnlyLibrary() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let path = home.file("q.sqlite")
    let made = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates", "--database", path], home: home.path)
    #expect(made.status == 0)
    // The file alone, in WAL mode, as after a clean shutdown, and read-only to everyone.
    let queue = try DatabaseQueue(path: path)
    try await queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    try queue.close()
    try? FileManager.default.removeItem(atPath: path + "-wal")
    try? FileManager.default.removeItem(atPath: path + "-shm")
    chmod(path, 0o444)
    chmod(home.path, 0o777)
    let binary = home.file("powerquotes")
    try await copyBuiltBinary(to: binary, home: home.path)
    let asRoot = getuid() == 0
    for _ in 0..<2 {
      let result = try await runBinary(
        (asRoot ? ["-u", "nobody", "--", binary] : [])
          + ["today", "--format", "json", "--database", path],
        home: home.path, binary: asRoot ? "/usr/sbin/runuser" : binary)
      #expect(result.status == 0)
      #expect(result.err.isEmpty)
      let today = try JSONDecoder().decode(QuoteOfTheDay.self, from: Data(result.out.utf8))
      #expect(today.quote.text == "Know thyself.")
      #expect(today.origin == .favorites)
    }
    let remembered = try await DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM quote_of_the_day")
    }
    #expect(remembered == 0)
  }
}
