import Foundation
import Testing

@testable import PowerQuotesCore

/// `fav stats` folds minutes into local months a day at a time where the offset holds all day;
/// the months are those of looking up every minute.
@Suite struct StatsCounterTests {
  @Test(
    "Months folded from minutes equal each minute's local month",
    arguments: [
      "UTC", "Europe/Paris", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Kolkata",
      "Pacific/Kiritimati", "Pacific/Pago_Pago",
    ])
  func months(zone: String) throws {
    let localTime = LocalTime.zone(try #require(TimeZone(identifier: zone)))
    var generator = SeededGenerator(seed: 5)
    // Sorted minutes across 30 years, many near a month's edge, as GROUP BY hands them over.
    var minutes: [String] = []
    for _ in 0..<4000 {
      var seconds = Int64.random(in: 0..<1_900_000_000, using: &generator)
      if Bool.random(using: &generator) {
        // Within a day of the first of a month, UTC.
        let clock = LocalTime.utc.clock(at: Date(timeIntervalSince1970: TimeInterval(seconds)))
        seconds -=
          Int64(clock.day - 1) * 86_400 + Int64.random(in: -86_400...86_400, using: &generator)
      }
      minutes.append(
        String(StoredTime.text(Date(timeIntervalSince1970: TimeInterval(seconds))).prefix(16)))
    }
    // In any order: sorted, as a GROUP BY gives them, or as the table holds them.
    if zone.hasPrefix("A") { minutes.sort() } else { minutes.shuffle(using: &generator) }
    minutes += ["2026-13-01 00:00", "junk", "2026-01-01 00:0"]
    // The first and last minutes the library keeps: local years -1 and 10000 in some zones.
    minutes += ["0000-01-01 00:00", "0000-01-01 10:59", "9999-12-31 23:59", "9999-12-31 09:00"]
    var counter = StatsCounter(localTime: localTime)
    func month(_ minute: String) -> String {
      StoredTime.localMonth(ofMinute: minute, in: localTime)?.text ?? "unknown"
    }
    var expected: [String: Int] = [:]
    for (index, minute) in minutes.enumerated() {
      let source = index % 700 < 600 ? "imported" : "manual"
      var (sourceBytes, minuteBytes) = (Array(source.utf8), Array(minute.utf8))
      sourceBytes.withUnsafeBufferPointer { sourceBuffer in
        minuteBytes.withUnsafeBufferPointer { minuteBuffer in
          counter.add(source: sourceBuffer, minute: minuteBuffer, count: index % 3 + 1)
        }
      }
      expected[month(minute), default: 0] += index % 3 + 1
    }
    counter.add(source: "manual", minute: "2026-01-01 00:00", count: 2)
    expected[month("2026-01-01 00:00"), default: 0] += 2
    let counts = counter.counts()
    #expect(
      counts.months
        == expected.map { FavoriteStats.Count($0.key, $0.value) }.sorted {
          // In the calendar's order, `unknown` last.
          (CalendarMonth(text: $0.name)?.index ?? .max)
            < (CalendarMonth(text: $1.name)?.index ?? .max)
        })
    #expect(counts.sources.map(\.count).reduce(0, +) == expected.values.reduce(0, +))
    // Most favorites first.
    #expect(counts.sources.map(\.name) == ["imported", "manual"])
  }
}
