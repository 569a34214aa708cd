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
  /// Text this binary wrote is read by ``Timestamp/date(stored:)``; anything else a time column
  /// may hold is read as GRDB reads a `Date`.
  static func date(_ row: Row, at index: Int) -> Date {
    if let text = row[index] as String?, let date = Timestamp.date(stored: text) { return date }
    return row[index]
  }

  /// The time in `row`'s `column`, read as ``date(_:at:)`` reads it.
  static func date(_ row: Row, _ column: some ColumnExpression) -> Date {
    if let text = row[column] as String?, let date = Timestamp.date(stored: text) { return date }
    return row[column]
  }

  /// The time, if any, in `row`'s `column`, read as ``date(_:at:)`` reads it.
  static func optionalDate(_ row: Row, _ column: some ColumnExpression) -> Date? {
    if row[column] as DatabaseValue == .null { return nil }
    return date(row, column)
  }
}
