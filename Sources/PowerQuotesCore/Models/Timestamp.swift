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
    return String(
      format: "%04d-%02d-%02d%@%02d:%02d:%02d.%03d",
      parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, separator, parts.tm_hour,
      parts.tm_min, parts.tm_sec, Int32(fraction))
  }

  /// The quotient and a remainder in 0..<divisor, also for negative numbers (times before 1970).
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }
}
