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

  /// The days and times counted by hand are `gmtime_r`'s, second for second, over the years
  /// 0000 through 9999 and beyond them (``Timestamp/formattedUTC(_:separator:)`` writes any
  /// year): every day around the turns of centuries, leap days and 1970, and a stride of an
  /// odd number of seconds through the whole range.
  @Test func daysAndTimesAreGmtimes() {
    var seconds: [Int64] = []
    for year: Int64 in [
      -1, 0, 1, 99, 100, 400, 1582, 1899, 1900, 1969, 1970, 2000, 2100, 9999, 10_000,
    ] {
      let start = (year - 1970) * 31_556_952  // the Gregorian year's mean length
      seconds += stride(from: start - 800 * 86_400, through: start + 800 * 86_400, by: 86_399)
    }
    seconds += stride(from: -62_167_219_200 - 86_400, through: 253_402_387_200, by: 7_777_777)
    for second in seconds {
      var time = time_t(second)
      var parts = tm()
      guard gmtime_r(&time, &parts) != nil else {
        Issue.record("gmtime_r failed for \(second)")
        continue
      }
      let year = Int(parts.tm_year) + 1900
      let digits =
        (year < 0 ? "-" : "")
        + String(repeating: "0", count: max(0, 4 - String(year.magnitude).count))
        + String(year.magnitude)
      func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let expected =
        "\(digits)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).000"
      let date = Date(timeIntervalSince1970: TimeInterval(second))
      #expect(Timestamp.formattedUTC(date, separator: " ") == expected, "\(second)")
      #expect(Timestamp.utc(date, separator: " ") == expected, "\(second)")
    }
  }

  /// Stored and exported times of any four-digit year read back to the same text: the days are
  /// counted in one calendar, the proleptic Gregorian, before 1582 as after (Foundation's
  /// calendar switches to the Julian one there, ten days apart).
  @Test(arguments: [
    "0000-01-01 00:00:00.000", "0001-01-01 00:00:00.000", "1000-06-15 12:00:00.000",
    "1582-10-10 00:00:00.000", "1582-10-15 00:00:00.000", "1900-01-01 00:00:00.000",
    "1969-12-31 23:59:59.500", "2024-02-29 12:34:56.789", "9999-12-31 23:59:59.999",
  ])
  func readBack(text: String) throws {
    let date = try #require(Timestamp.date(stored: text))
    #expect(Timestamp.utc(date, separator: " ") == text)
    // PostgreSQL's text column is read the same way (it read times before 1970 as 1970).
    #expect(PostgresStore.time(text) == date)
    let exported = text.replacing(" ", with: "T") + "Z"
    #expect(Timestamp.date(exported: exported) == date)
    #expect(Timestamp.date(iso8601: exported) == date)
    #expect(ExportView.timestamp(date) == exported)
    #expect(Timestamp.isoSeconds(date) == String(exported.prefix(19)) + "Z")
  }

  @Test("The shapes of ISO 8601 times imports meet, each day counted as stored times count it")
  func iso8601Shapes() throws {
    let stored = { (text: String) in try #require(Timestamp.date(stored: text)) }
    let cases: [(String, Date)] = [
      ("1582-10-10T00:00:00Z", try stored("1582-10-10 00:00:00.000")),
      ("1582-10-10", try stored("1582-10-10 00:00:00.000")),
      ("2026-01-15T08:00", try stored("2026-01-15 08:00:00.000")),
      ("2026-01-15 08:00:30", try stored("2026-01-15 08:00:30.000")),
      ("2026-01-15t08:00:30.25z", try stored("2026-01-15 08:00:30.250")),
      ("2026-01-15T08:00:00+01:00", try stored("2026-01-15 07:00:00.000")),
      ("2026-01-15T08:00:00+0130", try stored("2026-01-15 06:30:00.000")),
      ("2026-01-15T08:00:00-05", try stored("2026-01-15 13:00:00.000")),
      ("0001-01-01T00:00:00.000-01:00", try stored("0001-01-01 01:00:00.000")),
    ]
    for (text, date) in cases {
      #expect(Timestamp.date(iso8601: text) == date, "\(text)")
    }
    for text in [
      "2026-02-30", "2026-01-15T24:00Z", "2026-01-15T08:60Z", "2026-01-15T08", "2026-1-15",
      "2026-01-15T08:00:00.Z", "2026-01-15T08:00:00+2", "2026-01-15T08:00:00+01:00x",
      "2026-01-15garbage", "12026-01-15", "",
    ] {
      #expect(Timestamp.date(iso8601: text) == nil, "\(text)")
    }
  }

  /// Issue 20: a time enters the library only as a real date and time whose UTC value lies in
  /// the years 0000 through 9999 (milliseconds rounded, as they are kept); nothing rolls over.
  @Test(
    "Times at the edge of the calendar: real and in range, or refused",
    arguments: [
      // In range once in UTC: the first and last millisecond, from any offset.
      ("0000-01-01T00:00:00Z", "0000-01-01 00:00:00.000"),
      ("0000-01-01", "0000-01-01 00:00:00.000"),
      ("0000-01-01T00:00:00-00:01", "0000-01-01 00:01:00.000"),
      ("0000-01-01T13:59:59.999+14:00", "-"),
      ("0000-01-01T14:00:00+14:00", "0000-01-01 00:00:00.000"),
      ("9999-12-31T23:59:59.999Z", "9999-12-31 23:59:59.999"),
      ("9999-12-31T23:59:59.9994Z", "9999-12-31 23:59:59.999"),
      ("9999-12-31T09:59:59.999-14:00", "9999-12-31 23:59:59.999"),
      ("9999-12-31T18:59:59-05:00", "9999-12-31 23:59:59.000"),
      ("9999-12-31", "9999-12-31 00:00:00.000"),
      // Leap days that exist (and the offset crosses the day).
      ("2024-02-29T23:30:00-01:00", "2024-03-01 00:30:00.000"),
      ("2000-02-29", "2000-02-29 00:00:00.000"),
      ("0000-02-29", "0000-02-29 00:00:00.000"),
      ("2026-01-15T08:00:00+23:59", "2026-01-14 08:01:00.000"),
      // Out of range in UTC, though the local time is in it.
      ("9999-12-31T23:00:00-05:00", "-"),
      ("0000-01-01T00:00:00+14:00", "-"),
      ("9999-12-31T23:59:59.9995Z", "-"),
      // No such day or time: never the next one.
      ("2020-02-30", "-"), ("2021-02-29", "-"), ("1900-02-29", "-"), ("2026-04-31", "-"),
      ("2026-13-01", "-"), ("2026-00-10", "-"), ("2026-01-00", "-"),
      ("2020-12-31T23:59:60Z", "-"), ("2020-12-31T24:00Z", "-"), ("2020-12-31T24:00:00Z", "-"),
      ("2020-12-31T23:60Z", "-"),
      ("2020-01-01T00:00:00+25:00", "-"), ("2020-01-01T00:00:00+24:00", "-"),
      ("2020-01-01T00:00:00-01:60", "-"),
      ("10000-01-01T00:00:00Z", "-"), ("-0001-12-31T00:00:00Z", "-"),
    ])
  func edges(text: String, stored: String) {
    let expected = stored == "-" ? nil : Timestamp.date(stored: stored)
    #expect(stored == "-" || expected != nil, "the expected time \(stored) reads")
    #expect(Timestamp.date(iso8601: text) == expected, "\(text)")
    // Every import reads it so: a CSV row with it is saved at that time, or rejected.
    let csv = "quote,author,saved_at\r\nA quote.,Someone,\(text)\r\n"
    let batch = try? ImportParser.parse(Data(csv.utf8), origin: "test.csv")
    #expect(batch?.quotes.map(\.savedAt) == (expected.map { [$0] } ?? []), "\(text)")
    #expect(batch?.rejected.count == (expected == nil ? 1 : 0), "\(text)")
  }

  @Test("A refused time is named with its text and why, in every import format")
  func refusals() throws {
    let cases: [(String, Timestamp.Problem)] = [
      ("9999-12-31T23:00:00-05:00", .outOfRange), ("0000-01-01T00:00:00+14:00", .outOfRange),
      ("2020-02-30", .noSuchTime), ("2020-01-01T00:00:00+25:00", .noSuchTime),
      ("2020-12-31T23:59:60Z", .noSuchTime), ("2020-12-31T24:00Z", .noSuchTime),
      ("last Tuesday", .notISO8601), ("20260115T080000Z", .notISO8601),
    ]
    for (text, problem) in cases {
      #expect(Timestamp.parse(iso8601: text) == .failure(problem), "\(text)")
    }
    let files = [
      "quote,author,saved_at\nA quote.,Someone,9999-12-31T23:00:00-05:00\n",
      #"[{"quote": "A quote.", "author": "Someone", "savedAt": "9999-12-31T23:00:00-05:00"}]"#,
      "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,"
        + "Highlighted at,Document tags\nA quote.,A Book,Someone,,,,,,,"
        + "9999-12-31T23:00:00-05:00,\n",
    ]
    let fields = ["saved_at", "savedAt", "Highlighted at"]
    for (file, field) in zip(files, fields) {
      let batch = try ImportParser.parse(Data(file.utf8), origin: "file")
      #expect(batch.quotes.isEmpty, "\(field)")
      #expect(
        batch.rejected.map(\.reason.message) == [
          "its \(field) '9999-12-31T23:00:00-05:00' is, in UTC, outside the times the library "
            + "keeps (0000-01-01T00:00:00Z through 9999-12-31T23:59:59.999Z)."
        ])
    }
  }

  @Test func separator() {
    #expect(
      Timestamp.utc(Date(timeIntervalSince1970: 0), separator: "T") == "1970-01-01T00:00:00.000")
  }
}
