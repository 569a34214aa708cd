import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite("fav stats")
struct StatsTests {
  /// A favorite saved at `time` (UTC, `2026-01-31 23:30`).
  private func add(
    _ database: any QuoteStore, _ text: String, by author: String,
    source: QuoteSource = .manual, at time: String
  ) throws {
    let date = try #require(Timestamp.date(stored: time + ":00.000"))
    _ = try database.addFavorite(Quote(text: text, author: author, source: source), at: date)
  }

  /// The stats of `database` as `fav stats` asks for them, months in `localTime`.
  private func stats(
    _ database: any QuoteStore, localTime: LocalTime = .utc
  ) throws -> FavoriteStats {
    try StatsController(database: database, localTime: localTime).stats()
  }

  @Test(
    "Totals, top authors, sources, tags and local months from grouped queries",
    arguments: StoreFactory.all)
  func stats(store: StoreFactory) throws {
    let database = try store.make()
    try add(database, "One.", by: "Rumi", source: .dummyJSON, at: "2026-01-31 23:30")
    try add(database, "Two.", by: "RUMI", source: .dummyJSON, at: "2026-01-15 08:00")
    try add(database, "Three.", by: "Seneca", source: .zenQuotes, at: "2026-03-01 12:00")
    try add(database, "Four.", by: "Abu Bakr", at: "2026-03-02 12:00")
    _ = try database.tag(id: 1, with: [FavoriteTag("love")], at: testDate)
    _ = try database.tag(id: 2, with: [FavoriteTag("love"), FavoriteTag("zen")], at: testDate)
    _ = try database.tag(id: 3, with: [FavoriteTag("stoic")], at: testDate)

    let utc = try stats(database)
    #expect(utc.total == 4)
    #expect(utc.authors == 3)
    // Case does not split an author; the name shown is the one first saved.
    #expect(utc.topAuthors == [.init("Rumi", 2), .init("Abu Bakr", 1), .init("Seneca", 1)])
    #expect(utc.sources == [.init("dummyjson", 2), .init("manual", 1), .init("zenquotes", 1)])
    #expect(utc.tags == [.init("love", 2), .init("stoic", 1), .init("zen", 1)])
    #expect(utc.untagged == 1)
    #expect(utc.months == [.init("2026-01", 2), .init("2026-03", 2)])

    // An hour east of UTC, the last half hour of January is February.
    let paris = try stats(database, localTime: LocalTime { _ in 3600 })
    #expect(paris.months == [.init("2026-01", 1), .init("2026-02", 1), .init("2026-03", 2)])
  }

  /// Issue 20: the first and last times the library keeps are local years -1 and 10000 in
  /// zones far from UTC; their months are named and ordered as the calendar has them.
  @Test("Months at the calendar's edges, in zones far from UTC", arguments: StoreFactory.all)
  func edgeMonths(store: StoreFactory) throws {
    let database = try store.make()
    try add(database, "First.", by: "Ann", at: "0000-01-01 00:00")
    try add(database, "Now.", by: "Bob", at: "2026-01-15 08:00")
    try add(database, "Last.", by: "Cy", at: "9999-12-31 23:59")
    let east = try stats(database, localTime: LocalTime { _ in 14 * 3600 })
    #expect(east.months == [.init("0000-01", 1), .init("2026-01", 1), .init("10000-01", 1)])
    #expect(
      StatsView.filledMonths(east.months).map(\.name)
        == ["0000-01", "0000-02..2025-12", "2026-01", "2026-02..9999-12", "10000-01"])
    let west = try stats(database, localTime: LocalTime { _ in -12 * 3600 })
    #expect(west.months == [.init("-0001-12", 1), .init("2026-01", 1), .init("9999-12", 1)])
    #expect(
      StatsView.filledMonths(west.months).map(\.name)
        == ["-0001-12", "0000-01..2025-12", "2026-01", "2026-02..9999-11", "9999-12"])
  }

  @Test("At most ten authors, most favorites first, ties by name", arguments: StoreFactory.all)
  func topTen(store: StoreFactory) throws {
    let database = try store.make()
    for author in 0..<12 {
      for n in 0...author {
        try add(
          database, "Quote \(n) of \(author).", by: "Author \(author)", at: "2026-01-01 00:00")
      }
    }
    let stats = try stats(database)
    #expect(stats.topAuthors.count == FavoriteStats.topAuthorLimit)
    #expect(stats.topAuthors.first == .init("Author 11", 12))
    #expect(stats.topAuthors.last == .init("Author 2", 3))
    #expect(stats.authors == 12)
  }

  @Test("An empty library has empty stats", arguments: StoreFactory.all)
  func empty(store: StoreFactory) throws {
    #expect(try stats(try store.make()) == .empty)
  }

  @Test("Bars are whole blocks and eighths, scaled to the width")
  func bars() {
    #expect(BarChart.bar(10, maximum: 10, width: 4) == "████")
    #expect(BarChart.bar(5, maximum: 10, width: 4) == "██")
    #expect(BarChart.bar(1, maximum: 10, width: 4) == "▍")
    #expect(BarChart.bar(1, maximum: 1000, width: 4) == "▏")
    #expect(BarChart.bar(0, maximum: 10, width: 4) == "")
    #expect(BarChart.bar(3, maximum: 0, width: 4) == "")
  }

  private let sample = FavoriteStats(
    total: 7, authors: 2,
    topAuthors: [.init("Rumi", 4), .init("Umar ibn Al-Khattāb (R.A) \u{1B}[31m", 3)],
    sources: [.init("dummyjson", 6), .init("manual", 1)],
    tags: [.init("love", 2)], untagged: 5,
    months: [.init("2025-11", 4), .init("2026-02", 3)]
  )

  @Test("Piped, the lines come without bars, the months' gaps as 0")
  func plainView() {
    let text = StatsView.render(
      sample, width: 80, bars: false, painter: TextPainter(enabled: false))
    #expect(
      text == """
        7 favorites by 2 authors, 2 tagged

        Top authors
          Rumi                        4
          Umar ibn Al-Khattāb (R.A)   3

        Sources
          DummyJSON      6
          added by hand  1

        Tags
          love      2
          (no tag)  5

        Saved per month
          2025-11  4
          2025-12  0
          2026-01  0
          2026-02  3

        """)
  }

  @Test("A gap of up to a year shows its months as 0; a longer one is one line")
  func longGap() {
    func months(_ names: String...) -> [FavoriteStats.Count] { names.map { .init($0, 1) } }
    let year = StatsView.filledMonths(months("2025-01", "2026-02"))
    #expect(year.count == 14)
    #expect(year.filter { $0.count == 0 }.count == 12)
    #expect(
      StatsView.filledMonths(months("2025-01", "2026-03", "unknown"))
        == [
          .init("2025-01", 1), .init("2025-02..2026-02", 0), .init("2026-03", 1),
          .init("unknown", 1),
        ])
    #expect(
      StatsView.filledMonths(months("0000-01", "2026-11", "9999-12")).map(\.name)
        == ["0000-01", "0000-02..2026-10", "2026-11", "2026-12..9999-11", "9999-12"])
  }

  @Test("On a terminal the bars fit the width", arguments: [40, 60, 100])
  func barView(width: Int) {
    let text = StatsView.render(
      sample, width: width, bars: true, painter: TextPainter(enabled: false))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) < width })
    #expect(lines.contains { $0.hasPrefix("  Rumi") && $0.contains("█") && $0.hasSuffix(" 4") })
    #expect(lines.contains { $0.hasPrefix("  2025-12 ") && $0.hasSuffix(" 0") })
    #expect(!text.contains("\u{1B}"))
  }

  @Test("A table too wide for bars keeps its lines without them; a narrower one has bars")
  func narrow() {
    let text = StatsView.render(sample, width: 20, bars: true, painter: TextPainter(enabled: false))
    let lines = text.split(separator: "\n")
    #expect(lines.contains("  Rumi                        4"))
    #expect(lines.contains { $0.hasPrefix("  2025-11  ███") })
  }

  @Test("The JSON has the same numbers")
  func json() throws {
    let data = Data(JSONView.render(sample).utf8)
    #expect(try JSONDecoder().decode(FavoriteStats.self, from: data) == sample)
  }
}
