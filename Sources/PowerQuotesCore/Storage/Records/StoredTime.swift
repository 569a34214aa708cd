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

  /// The time a time column's text holds, in either store: text this binary wrote, read by
  /// ``Timestamp/date(stored:)``, else other ISO 8601 text by ``Timestamp/parse(iso8601:)``
  /// (UTC when it names no zone, as GRDB reads it); nil when it is no time the library keeps
  /// (no real date and time, or one outside the years 0000 through 9999 in UTC: a hand-edited
  /// row, or one an older version wrote).
  static func date(text: String) -> Date? {
    Timestamp.date(stored: text) ?? Timestamp.date(iso8601: text)
  }

  /// The time in `row` at position `index`.
  ///
  /// Text is read by ``date(text:)``; a number as GRDB reads a `Date` from one (a Unix time),
  /// when it falls in the years the library keeps.
  ///
  /// - Throws: ``UnreadableValue`` when the value is no time at all (a damaged or hand-edited
  ///   file); ``QuoteDatabase`` turns it into ``StorageError/unreadableValue(path:)``.
  static func date(_ row: Row, at index: Int) throws -> Date {
    guard let date = readableDate(row[index] as DatabaseValue) else { throw UnreadableValue() }
    return date
  }

  /// The time in `row`'s `column`, read as ``date(_:at:)`` reads it.
  static func date(_ row: Row, _ column: some ColumnExpression) throws -> Date {
    guard let date = readableDate(row[column] as DatabaseValue) else { throw UnreadableValue() }
    return date
  }

  /// A favorite's `saved_at` at position `index` of `row`, read as ``date(_:at:)`` reads it;
  /// nil when it is none, which leaves the rest of the favorite readable (see
  /// ``Favorite/savedAt``).
  static func savedTime(_ row: Row, at index: Int) -> Date? {
    readableDate(row[index] as DatabaseValue)
  }

  /// ``savedTime(_:at:)`` of `row`'s `column`.
  static func savedTime(_ row: Row, _ column: some ColumnExpression) -> Date? {
    readableDate(row[column] as DatabaseValue)
  }

  /// The time a time column's value holds, or nil.
  ///
  /// Never GRDB's fast statement decoding of a `Date`, which traps on some blobs.
  private static func readableDate(_ value: DatabaseValue) -> Date? {
    switch value.storage {
    case .string(let text):
      return date(text: text)
    case .int64, .double:
      guard let date = Date.fromDatabaseValue(value), Timestamp.isKept(date) else { return nil }
      return date
    case .null, .blob:
      return nil
    }
  }

  /// The local month of a stored UTC time cut to the minute.
  ///
  /// The minute is written `2026-01-31 23:30`; text that is not such a time has no month (nil).
  /// Both stores group `fav stats`' months by these minutes (a month's edge in any time zone
  /// falls on a whole minute).
  static func localMonth(ofMinute minute: String, in localTime: LocalTime) -> CalendarMonth? {
    guard let date = Timestamp.date(stored: minute + ":00.000") else { return nil }
    let clock = localTime.clock(at: date)
    return CalendarMonth(year: clock.year, month: clock.month)
  }

  /// The time, if any, in `row`'s `column`, read as ``date(_:at:)`` reads it.
  static func optionalDate(_ row: Row, _ column: some ColumnExpression) throws -> Date? {
    if row[column] as DatabaseValue == .null { return nil }
    return try date(row, column)
  }
}

/// A stored value that is not of its column's kind: a damaged or hand-edited database.
struct UnreadableValue: Error {}
