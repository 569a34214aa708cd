import Foundation
import Testing

@testable import PowerQuotesCore

/// The fast timestamps write exactly what `String(format:)` writes.
@Suite struct FastTimestampTests {
  /// Times around the edges: the epoch, fractions that round up or down, today, far ahead,
  /// and ones before 1970 or after 9999 that take the slow path.
  static let dates: [Date] = [
    Date(timeIntervalSince1970: 0),
    Date(timeIntervalSince1970: 0.0004),
    Date(timeIntervalSince1970: 0.9996),
    Date(timeIntervalSince1970: 1_800_000_000),
    Date(timeIntervalSince1970: 1_800_000_000.25),
    Date(timeIntervalSince1970: 1_800_000_000.999),
    Date(timeIntervalSince1970: 1_800_000_059.9999),
    Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
    Date(timeIntervalSince1970: 253_402_300_799.5),  // the last second of 9999
    Date(timeIntervalSince1970: 253_402_300_800),
    Date(timeIntervalSince1970: -1),
    Date(timeIntervalSince1970: -86_400.5),
  ]

  @Test("Fast timestamps equal String(format:) ones", arguments: dates)
  func timestamps(date: Date) {
    #expect(Timestamp.utc(date, separator: " ") == Timestamp.formattedUTC(date, separator: " "))
    #expect(Timestamp.utc(date, separator: "T") == Timestamp.formattedUTC(date, separator: "T"))
  }

  @Test("Fast timestamps over a run of times a millisecond and a day apart")
  func timestampRun() {
    for step in 0..<2000 {
      let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(step) * 86_400.001)
      #expect(Timestamp.utc(date, separator: "T") == Timestamp.formattedUTC(date, separator: "T"))
    }
  }
}
