import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite("Quote of the day")
struct QuoteOfTheDayTests {
  // MARK: - The pick

  /// FNV-1a's published 64-bit test vectors: the hash is the same in every process and release.
  @Test(arguments: [
    ("", 0xcbf2_9ce4_8422_2325 as UInt64),
    ("a", 0xaf63_dc4c_8601_ec8c),
    ("foobar", 0x8594_4171_f739_67e8),
  ])
  func fnv1aIsStable(text: String, hash: UInt64) {
    #expect(QuoteOfTheDay.fnv1a(text) == hash)
  }

  /// The local date decides the day, not the UTC one: 23:30 UTC is already tomorrow in Tokyo
  /// and still today in Los Angeles.
  @Test(arguments: [
    ("UTC", "2027-01-15"), ("Asia/Tokyo", "2027-01-16"),
    ("America/Los_Angeles", "2027-01-15"), ("Pacific/Kiritimati", "2027-01-16"),
  ])
  func localDate(timeZone: String, day: String) throws {
    let zone = try #require(TimeZone(identifier: timeZone))
    #expect(QuoteOfTheDay.day(of: try date("2027-01-15T23:30:00Z"), in: .zone(zone)) == day)
  }

  /// Consecutive days pick (mostly) different indexes; the same day always the same one.
  @Test func indexesVaryFromDayToDay() throws {
    let days = try (0..<30).map { offset in
      QuoteOfTheDay.day(of: try date("2027-03-01T12:00:00Z") + Double(offset) * 86_400, in: .utc)
    }
    for count in [2, 7, 16, Quote.builtIn.count] {
      let picks = days.map { QuoteOfTheDay.index(forDay: $0, count: count) }
      #expect(picks.allSatisfy { (0..<count).contains($0) })
      #expect(picks == days.map { QuoteOfTheDay.index(forDay: $0, count: count) })
      let changes = zip(picks, picks.dropFirst()).filter { $0 != $1 }.count
      // By chance a day repeats the day before with probability 1/count.
      #expect(changes >= 29 * (count - 1) / count - 4, "count \(count): \(picks)")
      #expect(Set(picks).count >= min(count, 30) / 2, "count \(count): \(picks)")
    }
  }

  // MARK: - The controller

  /// The same quote at every time of one local day, and it is remembered as shown last.
  @Test(arguments: StoreFactory.all)
  func sameQuoteAllDay(store: StoreFactory) throws {
    let database = try store.make()
    let times = ["2027-01-15T00:00:00Z", "2027-01-15T09:41:00Z", "2027-01-15T23:59:59Z"]
    let todays = try times.map { try controller(database, at: $0).today() }
    #expect(todays.map(\.date) == Array(repeating: "2027-01-15", count: 3))
    #expect(Set(todays.map(\.quote)).count == 1)
    #expect(try database.lastShown() == todays[0].quote)
  }

  /// Over two weeks the quote changes: at least ten different quotes in fourteen days.
  @Test(arguments: StoreFactory.all)
  func differentAcrossDates(store: StoreFactory) throws {
    let database = try store.make()
    let quotes = try (1...14).map { day in
      try controller(database, at: "2027-02-\(day < 10 ? "0" : "")\(day)T08:00:00Z").today().quote
    }
    #expect(Set(quotes).count >= 10, "\(quotes.map(\.author))")
  }

  /// Favorites first; the quotes seen when there are no favorites; the built-in set when nothing
  /// has been seen either.
  @Test(arguments: StoreFactory.all)
  func precedence(store: StoreFactory) throws {
    let database = try store.make()
    // A day each: a day's quote, once picked, stays all day.
    let builtIn = try controller(database, at: "2027-01-15T12:00:00Z").today()
    #expect(builtIn.origin == .builtIn)
    #expect(Quote.builtIn.contains(builtIn.quote))
    #expect(builtIn.favoriteID == nil)
    // A built-in quote shown stays out of the pool, so the next call still draws from the set.
    #expect(try database.poolCount() == 0)

    try database.recordShown(Samples.rumi, at: testDate)
    try database.recordShown(Samples.umar, at: testDate)
    let seen = try controller(database, at: "2027-01-16T12:00:00Z").today()
    #expect(seen.origin == .seen)
    #expect([Samples.rumi, Samples.umar].contains(seen.quote))

    _ = try database.addFavorite(Samples.socrates, at: testDate)
    let favorite = try controller(database, at: "2027-01-17T12:00:00Z").today()
    #expect(favorite.origin == .favorites)
    #expect(favorite.quote == Samples.socrates)
    #expect(favorite.favoriteID == 1)
  }

  /// Saving a favorite and undoing it leave the day's quote as it was: without the day
  /// remembered, the first favorite would be picked over the built-in set.
  @Test(arguments: StoreFactory.all)
  func saveAndUndoKeepTheDay(store: StoreFactory) throws {
    let database = try store.make()
    let morning = try controller(database, at: "2027-01-15T08:00:00Z").today()
    #expect(morning.origin == .builtIn)
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    let saved = try controller(database, at: "2027-01-15T12:00:00Z").today()
    #expect(saved == morning)
    _ = try database.undoLastChange()
    #expect(try database.favoriteCount() == 0)
    #expect(try controller(database, at: "2027-01-15T18:00:00Z").today() == morning)
  }

  /// Remembering the day's quote is no change to the library: undo takes back the favorite
  /// saved before it, and then finds nothing more to take back, and the day's quote stays.
  @Test(arguments: StoreFactory.all)
  func rememberingIsNotAChange(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    let morning = try controller(database, at: "2027-01-15T08:00:00Z").today()
    #expect(morning.quote == Samples.socrates)
    #expect(try database.undoLastChange()?.kind == .add)
    #expect(try database.favoriteCount() == 0)
    #expect(try database.undoLastChange() == nil)
    #expect(try database.quoteOfTheDay(day: "2027-01-15")?.quote == Samples.socrates)
  }

  /// The day's favorite removed that day is still the day's quote, without its id; the next
  /// day picks again, from what there is then.
  @Test(arguments: StoreFactory.all)
  func removedFavoriteStaysTheDay(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.socrates, at: testDate)
    let morning = try controller(database, at: "2027-01-15T08:00:00Z").today()
    #expect(morning.quote == Samples.socrates)
    #expect(morning.favoriteID == 1)
    _ = try database.removeFavorites(ids: [1])
    let evening = try controller(database, at: "2027-01-15T20:00:00Z").today()
    #expect(
      evening
        == QuoteOfTheDay(date: "2027-01-15", quote: Samples.socrates, origin: .favorites))
    #expect(try database.lastShown() == Samples.socrates)

    let nextDay = try controller(database, at: "2027-01-16T08:00:00Z").today()
    #expect(nextDay.date == "2027-01-16")
    #expect(nextDay.origin == .seen)
    #expect(nextDay.quote == Samples.socrates)
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    // The 16th stays as it was picked; the 17th picks the new favorite.
    #expect(try controller(database, at: "2027-01-16T20:00:00Z").today() == nextDay)
    let dayAfter = try controller(database, at: "2027-01-17T08:00:00Z").today()
    #expect(dayAfter.origin == .favorites)
    #expect(dayAfter.quote == Samples.rumi)
  }

  /// Another process's pick for the day stays: the store keeps the first quote remembered for
  /// a day, and replaces another day's.
  @Test(arguments: StoreFactory.all)
  func storeKeepsTheDaysFirstPick(store: StoreFactory) throws {
    let database = try store.make()
    let first = QuoteOfTheDay(
      date: "2027-01-15", quote: Samples.rumi, origin: .favorites, favoriteID: 4)
    #expect(try database.quoteOfTheDay(day: "2027-01-15") == nil)
    try database.rememberQuoteOfTheDay(first)
    try database.rememberQuoteOfTheDay(
      QuoteOfTheDay(date: "2027-01-15", quote: Samples.umar, origin: .seen))
    #expect(try database.quoteOfTheDay(day: "2027-01-15") == first)
    #expect(try database.quoteOfTheDay(day: "2027-01-16") == nil)
    let next = QuoteOfTheDay(date: "2027-01-16", quote: Samples.lao, origin: .seen)
    try database.rememberQuoteOfTheDay(next)
    #expect(try database.quoteOfTheDay(day: "2027-01-16") == next)
    #expect(try database.quoteOfTheDay(day: "2027-01-15") == nil)
  }

  /// Among several favorites, the date's index picks one, counting past the gaps deletes leave.
  @Test(arguments: StoreFactory.all)
  func picksByIndexAmongFavorites(store: StoreFactory) throws {
    let database = try store.make()
    let quotes = [Samples.rumi, Samples.umar, Samples.socrates, Samples.lao, Samples.seneca]
    for quote in quotes { _ = try database.addFavorite(quote, at: testDate) }
    _ = try database.removeFavorites(ids: [2])
    let left = [Samples.rumi, Samples.socrates, Samples.lao, Samples.seneca]
    let today = try controller(database, at: "2027-01-15T12:00:00Z").today()
    #expect(today.quote == left[QuoteOfTheDay.index(forDay: "2027-01-15", count: 4)])
  }

  /// Near midnight the time zone decides the day: 23:30 UTC in Tokyo is the next day's quote.
  @Test(arguments: StoreFactory.all)
  func timeZoneDecidesTheDate(store: StoreFactory) throws {
    let database = try store.make()
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let lateInUTC = try controller(database, at: "2027-01-15T23:30:00Z", timeZone: tokyo).today()
    let nextDay = try controller(database, at: "2027-01-16T12:00:00Z").today()
    let sameDay = try controller(database, at: "2027-01-15T12:00:00Z").today()
    #expect(lateInUTC.date == "2027-01-16")
    #expect(lateInUTC.quote == nextDay.quote)
    #expect(sameDay.quote != nextDay.quote)
  }

  /// JSON is flat, like a quote with `date` and `from` beside it, and reads back.
  @Test func json() throws {
    let today = QuoteOfTheDay(
      date: "2027-01-15", quote: Samples.rumi, origin: .favorites, favoriteID: 3)
    #expect(
      JSONView.render(today) == """
        {
          "author" : "Rumi",
          "date" : "2027-01-15",
          "favoriteId" : 3,
          "from" : "favorites",
          "quote" : "Your heart is the size of an ocean. Go find yourself in its hidden depths.",
          "source" : "dummyjson",
          "sourceId" : 1
        }

        """
    )
    let decoded = try JSONDecoder().decode(
      QuoteOfTheDay.self, from: Data(JSONView.render(today).utf8))
    #expect(decoded == today)
  }

  // MARK: - Helpers

  private func controller(
    _ database: any QuoteStore,
    at time: String,
    timeZone: TimeZone = .utc
  ) throws -> QuoteController {
    let now = try date(time)
    return QuoteController(
      database: database,
      client: .failing,
      now: { now },
      localTime: .zone(timeZone),
      randomIndex: { _ in 0 }
    )
  }
}

/// An ISO 8601 instant.
private func date(_ text: String) throws -> Date {
  try #require(ISO8601DateFormatter().date(from: text))
}

@Suite("Local time from the C library, as date shows it")
struct LocalTimeTests {
  /// The days of 400 years of the Gregorian calendar, 1600 to 2400, agree with Foundation's.
  @Test func civilDatesMatchFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .utc
    for days in stride(from: Int64(-135_140), through: 157_000, by: 97) {
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
      let civil = LocalTime.civilDate(daysSince1970: days)
      #expect(
        [civil.year, civil.month, civil.day] == [parts.year, parts.month, parts.day],
        "day \(days)")
    }
  }

  /// A zone's offset moves the wall clock, and the text shows the offset.
  @Test func wallClockText() throws {
    let instant = try date("2027-01-15T23:30:00Z")
    let tokyo = LocalTime.zone(try #require(TimeZone(identifier: "Asia/Tokyo")))
    #expect(tokyo.clock(at: instant).minuteText == "2027-01-16 08:30 +09:00")
    let west = LocalTime { _ in -(3 * 3600 + 30 * 60) }
    #expect(west.clock(at: instant).minuteText == "2027-01-15 20:00 -03:30")
    #expect(
      LocalTime.utc.clock(at: Date(timeIntervalSince1970: -1)).minuteText
        == "1969-12-31 23:59 +00:00")
  }
}
