import Foundation
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
