import Foundation
import GRDB

/// How every table keeps a time: UTC text to the millisecond, `2026-01-15 08:00:00.000`.
///
/// The one encoding for `saved_at`, `first_seen_at`, `shown_at` and the sync times. It is the text
/// GRDB writes for a `Date`, made without GRDB's DateFormatter (whose ICU set-up cost `random`
/// milliseconds at every start), and read without a calendar (a list reads 100,000 of them).
enum StoredTime {
  /// `date` as a time column holds it.
  static func text(_ date: Date) -> String {
    Timestamp.utc(date, separator: " ")
  }

  /// The time in `row` at position `index`.
  ///
  /// Text this binary wrote is read by ``Timestamp/date(stored:)``, other ISO 8601 text by
  /// ``Timestamp/date(iso8601:)`` (UTC when it names no zone, as GRDB reads it); anything else a
  /// time column may hold is read as GRDB reads a `Date` from a database value.
  ///
  /// - Throws: ``UnreadableValue`` when the value is no time at all (a damaged or hand-edited
  ///   file); ``QuoteDatabase`` turns it into ``StorageError/unreadableValue(path:)``.
  static func date(_ row: Row, at index: Int) throws -> Date {
    try date(row[index] as DatabaseValue)
  }

  /// The time in `row`'s `column`, read as ``date(_:at:)`` reads it.
  static func date(_ row: Row, _ column: some ColumnExpression) throws -> Date {
    try date(row[column] as DatabaseValue)
  }

  /// The time a time column's value holds.
  ///
  /// Never GRDB's fast statement decoding of a `Date`, which traps on some blobs.
  private static func date(_ value: DatabaseValue) throws -> Date {
    if case .string(let text) = value.storage,
      let date = Timestamp.date(stored: text) ?? Timestamp.date(iso8601: text)
    {
      return date
    }
    switch value.storage {
    case .string, .int64, .double:
      if let date = Date.fromDatabaseValue(value) { return date }
    case .null, .blob:
      break
    }
    throw UnreadableValue()
  }

  /// The local month, as `2026-01`, of a stored UTC time cut to the minute.
  ///
  /// The minute is written `2026-01-31 23:30`; text that is not such a time is month
  /// "unknown". Both stores group `fav stats`' months by these minutes (a month's edge in any
  /// time zone falls on a whole minute).
  static func localMonth(ofMinute minute: String, in localTime: LocalTime) -> String {
    guard let date = Timestamp.date(stored: minute + ":00.000") else { return "unknown" }
    return String(localTime.clock(at: date).dateText.prefix(7))
  }

  /// The time, if any, in `row`'s `column`, read as ``date(_:at:)`` reads it.
  static func optionalDate(_ row: Row, _ column: some ColumnExpression) throws -> Date? {
    if row[column] as DatabaseValue == .null { return nil }
    return try date(row, column)
  }
}

/// A stored value that is not of its column's kind: a damaged or hand-edited database.
struct UnreadableValue: Error {}
