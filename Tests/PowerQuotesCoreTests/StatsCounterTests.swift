import Foundation
import Testing

@testable import PowerQuotesCore

/// `fav stats` folds minutes into local months a day at a time where the offset holds all day;
/// the months are those of looking up every minute.
@Suite struct StatsCounterTests {
  @Test(
    "Months folded from minutes equal each minute's local month",
    arguments: ["UTC", "Europe/Paris", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Kolkata"])
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
    var counter = StatsCounter(localTime: localTime)
    var expected: [String: Int] = [:]
    for (index, minute) in minutes.enumerated() {
      let source = index % 700 < 600 ? "imported" : "manual"
      var (sourceBytes, minuteBytes) = (Array(source.utf8), Array(minute.utf8))
      sourceBytes.withUnsafeBufferPointer { sourceBuffer in
        minuteBytes.withUnsafeBufferPointer { minuteBuffer in
          counter.add(source: sourceBuffer, minute: minuteBuffer, count: index % 3 + 1)
        }
      }
      expected[StoredTime.localMonth(ofMinute: minute, in: localTime), default: 0] +=
        index % 3 + 1
    }
    counter.add(source: "manual", minute: "2026-01-01 00:00", count: 2)
    expected[
      StoredTime.localMonth(ofMinute: "2026-01-01 00:00", in: localTime), default: 0] += 2
    let counts = counter.counts()
    #expect(
      counts.months
        == expected.map { FavoriteStats.Count($0.key, $0.value) }.sorted {
          $0.name < $1.name
        })
    #expect(counts.sources.map(\.count).reduce(0, +) == expected.values.reduce(0, +))
    // Most favorites first.
    #expect(counts.sources.map(\.name) == ["imported", "manual"])
  }
}
