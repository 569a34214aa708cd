import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The user's local time: how far from UTC the clock on the wall is at any instant.
///
/// The live one asks the C library, as `date` does: `TZ` with a zone name (`Asia/Tokyo`) or a
/// POSIX rule (`UTC+10`, which is ten hours *west* of Greenwich), else `/etc/localtime`. That is
/// also cheaper than Foundation's `TimeZone`, whose first use sets up ICU.
public struct LocalTime: Sendable {
  /// Seconds east of UTC in force at an instant.
  public var offset: @Sendable (Date) -> Int

  /// Makes a local time from its offset rule.
  public init(offset: @escaping @Sendable (Date) -> Int) {
    self.offset = offset
  }

  /// The system's local time (`TZ`, else `/etc/localtime`), through `localtime_r`.
  public static let system = LocalTime { date in
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  /// Coordinated Universal Time.
  public static let utc = LocalTime { _ in 0 }

  /// The local time of a Foundation time zone.
  public static func zone(_ timeZone: TimeZone) -> LocalTime {
    LocalTime { timeZone.secondsFromGMT(for: $0) }
  }

  /// The wall clock at `date`: Gregorian date and time, and the offset it includes.
  public func clock(at date: Date) -> WallClock {
    let offset = offset(date)
    let local = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(offset)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = Int(local - days * 86_400)
    let (year, month, day) = Self.civilDate(daysSince1970: days)
    return WallClock(
      year: year, month: month, day: day,
      hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60,
      offsetSeconds: offset
    )
  }

  /// The Gregorian date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civilDate(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }
}
