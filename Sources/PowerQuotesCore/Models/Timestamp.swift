import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Times written to the millisecond, the precision the database keeps, rounded rather than cut.
///
/// A `Date` is a binary fraction, so `…01.123` may come back as `…01.12299999`; a formatter that
/// cuts would then write `.122`. Rounding to whole milliseconds first keeps export and import
/// exact.
enum Timestamp {
  /// `date` in UTC as `yyyy-MM-dd<separator>HH:mm:ss.SSS`.
  static func utc(_ date: Date, separator: String) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (seconds, fraction) = floorDivision(milliseconds, 1000)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    // Digits by hand: String(format:) goes through CoreFoundation's formatter for every row of
    // an export or import.
    var text = ""
    text.reserveCapacity(24)
    append(Int(parts.tm_year) + 1900, digits: 4, to: &text)
    text += "-"
    append(Int(parts.tm_mon) + 1, digits: 2, to: &text)
    text += "-"
    append(Int(parts.tm_mday), digits: 2, to: &text)
    text += separator
    append(Int(parts.tm_hour), digits: 2, to: &text)
    text += ":"
    append(Int(parts.tm_min), digits: 2, to: &text)
    text += ":"
    append(Int(parts.tm_sec), digits: 2, to: &text)
    text += "."
    append(Int(fraction), digits: 3, to: &text)
    return text
  }

  /// Appends `value` with leading zeros to at least `digits` digits (a minus sign first).
  private static func append(_ value: Int, digits: Int, to text: inout String) {
    let number = String(value.magnitude)
    if value < 0 { text += "-" }
    if number.count < digits { text += String(repeating: "0", count: digits - number.count) }
    text += number
  }

  /// The quotient and a remainder in 0..<divisor, also for negative numbers (times before 1970).
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }
}
