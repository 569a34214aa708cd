import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// HTTP's dates (RFC 9110, section 5.6.7), as `Retry-After` and `Date` carry them.
enum HTTPDate {
  /// The instant `text` names, nil unless it is an HTTP date.
  ///
  /// It reads the three forms a recipient must accept:
  /// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850)
  /// and `Sun Nov  6 08:49:37 1994` (asctime).
  static func parse(_ text: String) -> Date? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    var day: Int?
    var month: Int?
    var year: Int?
    var time: (Int, Int, Int)?
    switch words.count {
    case 6 where words[5] == "GMT":
      // IMF-fixdate: weekday, day, month, year, time, GMT.
      guard words[0].hasSuffix(",") else { return nil }
      (day, month, year, time) = (
        Int(words[1]), months[words[2]], Int(words[3]), clock(words[4])
      )
    case 4 where words[3] == "GMT":
      // RFC 850: weekday, day-month-two-digit-year, time, GMT.
      let parts = words[1].split(separator: "-").map(String.init)
      guard words[0].hasSuffix(","), parts.count == 3, let short = Int(parts[2]) else {
        return nil
      }
      // A two-digit year more than 50 years in the future is in the past century.
      (day, month, year, time) = (
        Int(parts[0]), months[parts[1]], short < 70 ? 2000 + short : 1900 + short, clock(words[2])
      )
    case 5:
      // asctime: weekday, month, day, time, year.
      (day, month, year, time) = (Int(words[2]), months[words[1]], Int(words[4]), clock(words[3]))
    default:
      return nil
    }
    guard let day, let month, let year, let time, (1...31).contains(day),
      (1...9999).contains(year)
    else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    (parts.tm_hour, parts.tm_min, parts.tm_sec) = (Int32(time.0), Int32(time.1), Int32(time.2))
    let seconds = timegm(&parts)
    return seconds == -1 && year != 1969 ? nil : Date(timeIntervalSince1970: Double(seconds))
  }

  /// `HH:MM:SS`.
  private static func clock(_ text: String) -> (Int, Int, Int)? {
    let parts = text.split(separator: ":").compactMap { Int($0) }
    guard parts.count == 3, (0...23).contains(parts[0]), (0...59).contains(parts[1]),
      (0...60).contains(parts[2])
    else { return nil }
    return (parts[0], parts[1], parts[2])
  }

  private static let months = [
    "Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "May": 5, "Jun": 6,
    "Jul": 7, "Aug": 8, "Sep": 9, "Oct": 10, "Nov": 11, "Dec": 12,
  ]
}
