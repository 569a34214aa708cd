import Foundation
import Testing

@testable import PowerQuotesCore

@Suite("Times as the database keeps them")
struct TimestampTests {
  @Test(arguments: [
    (0.0, "1970-01-01 00:00:00.000"),
    (1_732_000_000.1234, "2024-11-19 07:06:40.123"),
    (1_732_000_000.9996, "2024-11-19 07:06:41.000"),
    (-0.5, "1969-12-31 23:59:59.500"),
    (-62_135_596_800.0, "0001-01-01 00:00:00.000"),
    (253_402_300_799.999, "9999-12-31 23:59:59.999"),
  ])
  func utc(seconds: Double, text: String) {
    #expect(Timestamp.utc(Date(timeIntervalSince1970: seconds), separator: " ") == text)
  }

  @Test func separator() {
    #expect(
      Timestamp.utc(Date(timeIntervalSince1970: 0), separator: "T") == "1970-01-01T00:00:00.000")
  }
}
