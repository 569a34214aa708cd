import Foundation

/// Times written to the millisecond, the precision the database keeps, rounded rather than cut.
///
/// A `Date` is a binary fraction, so `…01.123` may come back as `…01.12299999`; a formatter that
/// cuts would then write `.122`. Rounding to whole milliseconds first keeps export and import
/// exact.
public enum Timestamp {
  /// `date` in UTC as `yyyy-MM-dd<separator>HH:mm:ss.SSS`.
  static func utc(_ date: Date, separator: String) -> String {
    fastUTC(date, separator: separator) ?? formattedUTC(date, separator: separator)
  }

  /// ``utc(_:separator:)`` written digit by digit, for times of the years 0000 through 9999.
  ///
  /// Nil for other times. `String(format:)` costs more than the rest of an exported row.
  static func fastUTC(_ date: Date, separator: String) -> String? {
    let interval = date.timeIntervalSince1970
    guard fastTimes.contains(interval), separator.utf8.count == 1,
      let separator = separator.utf8.first
    else { return nil }
    let (seconds, milliseconds) = floorDivision(Int64((interval * 1000).rounded()), 1000)
    return formatted(
      seconds: seconds, milliseconds: Int(milliseconds), separator: separator, zone: false)
  }

  /// `date` in UTC to the second, `yyyy-MM-ddTHH:mm:ssZ`, the fraction cut (as `JSONEncoder`'s
  /// `.iso8601` writes it, but in the proleptic Gregorian calendar before 1582 too); nil for
  /// times outside the years 0000 through 9999.
  static func isoSeconds(_ date: Date) -> String? {
    let interval = date.timeIntervalSince1970
    guard fastTimes.contains(interval) else { return nil }
    return formatted(
      seconds: Int64(interval.rounded(.down)), milliseconds: nil, separator: UInt8(ascii: "T"),
      zone: true)
  }

  /// The time a stored `yyyy-MM-dd HH:mm:ss.SSS` (UTC, as SQLite and GRDB write it) stands
  /// for, read digit by digit; nil for text of any other shape, which GRDB then reads.
  static func date(stored text: String) -> Date? {
    date(text, separator: UInt8(ascii: " "), zone: false)
  }

  /// The time an exported `yyyy-MM-ddTHH:mm:ss.SSSZ` stands for, read digit by digit; nil for
  /// text of any other shape, which an ISO 8601 parser then reads.
  static func date(exported text: String) -> Date? {
    date(text, separator: UInt8(ascii: "T"), zone: true)
  }

  /// `yyyy-MM-dd<separator>HH:mm:ss.SSS`, with a `Z` after it when `zone`, in UTC.
  private static func date(_ text: String, separator: UInt8, zone: Bool) -> Date? {
    var text = text
    return text.withUTF8 { date($0, separator: separator, zone: zone) }
  }

  /// ``date(stored:)`` of a stored time's UTF-8 bytes.
  static func storedDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    date(bytes, separator: UInt8(ascii: " "), zone: false)
  }

  /// How many bytes a stored time has: `yyyy-MM-dd HH:mm:ss.SSS`.
  static let storedCount = 23

  /// Whether `bytes` are a stored time ``date(stored:)`` reads: `yyyy-MM-dd HH:mm:ss.SSS`, a
  /// real day.
  static func isStoredTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    storedDate(bytes) != nil
  }

  /// Appends the stored time `bytes` (``isStoredTime(_:)``) as ``isoSeconds(_:)`` writes its
  /// date: `yyyy-MM-ddTHH:mm:ssZ`, the fraction cut.
  ///
  /// Digit for digit the same: a stored time is read into a `Date` and written back without a
  /// change, so its bytes can be copied.
  static func appendISOSeconds(stored bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<10]))
    out.append(UInt8(ascii: "T"))
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[11..<19]))
    out.append(UInt8(ascii: "Z"))
  }

  /// Appends the stored time `bytes` (``isStoredTime(_:)``) as ``utc(_:separator:)`` writes its
  /// date with a `T`, then `Z`: `yyyy-MM-ddTHH:mm:ss.SSSZ`, as exports write times.
  static func appendExported(stored bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<10]))
    out.append(UInt8(ascii: "T"))
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[11..<23]))
    out.append(UInt8(ascii: "Z"))
  }

  /// The time `bytes` hold as `yyyy-MM-dd<separator>HH:mm:ss.SSS`, with a `Z` after it when
  /// `zone`, in UTC; nil for bytes of another shape.
  private static func date(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, zone: Bool
  ) -> Date? {
    guard bytes.count == (zone ? 24 : 23), bytes[4] == 0x2D, bytes[7] == 0x2D,
      bytes[10] == separator, bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x2E,
      !zone || bytes[23] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + count] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let millisecond = number(20, 3)
    else { return nil }
    return date(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      fraction: Double(millisecond) / 1000)
  }

  /// The UTC time of a day and time, or nil for one that does not exist.
  ///
  /// In the proleptic Gregorian calendar: the calendar of ISO 8601, `gmtime` and SQLite, which
  /// goes on before 1582 as after. `fraction` is of a second, below 1.
  private static func date(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double
  ) -> Date? {
    guard let seconds = seconds(year: year, month: month, day: day, time: (hour, minute, second))
    else { return nil }
    return date(seconds: seconds, fraction: fraction)
  }

  /// The time `seconds` (whole) and `fraction` of a second after 1970-01-01 00:00:00 UTC.
  static func date(seconds: Int, fraction: Double) -> Date {
    // Counted from 2001 as Foundation's calendar counts, so the sum rounds to the same Date.
    Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + fraction)
  }

  /// Seconds from 1970-01-01 00:00:00 to a day and time of the years 0000 through 9999 (UTC
  /// or local), or nil for one that does not exist: no 30 February, no hour 24, no second 60.
  static func seconds(
    year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Int)
  ) -> Int? {
    guard (0...9999).contains(year), (1...12).contains(month),
      (1...daysIn(month: month, year: year)).contains(day), (0..<24).contains(time.hour),
      (0..<60).contains(time.minute), (0..<60).contains(time.second)
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    return ((days * 24 + time.hour) * 60 + time.minute) * 60 + time.second
  }

  /// The times the library keeps, in milliseconds since 1970 (UTC): from
  /// `0000-01-01T00:00:00.000Z` through `9999-12-31T23:59:59.999Z`, the times every store and
  /// every output format writes with a four-digit year and reads back.
  static let keptMilliseconds: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

  /// Whether `date`, rounded to the millisecond, lies in ``keptMilliseconds``.
  static func isKept(_ date: Date) -> Bool {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    return milliseconds >= Double(keptMilliseconds.lowerBound)
      && milliseconds <= Double(keptMilliseconds.upperBound)
  }

  /// Days in `month` (1-12) of `year`, in the Gregorian calendar.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's `days_from_civil`).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// A day and time of the proleptic Gregorian calendar, in UTC.
  private struct Parts {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    /// The day and time `seconds` after 1970-01-01 00:00:00 UTC (before it when negative).
    ///
    /// Counted here rather than by `gmtime_r`, which reads the time zone file (`tzset`) the
    /// first time it runs: a file opened and parsed by every command that saves a time, for
    /// a zone a UTC time never needs.
    init(seconds: Int64) {
      let (days, time) = floorDivision(seconds, 86_400)
      (year, month, day) = LocalTime.civilDate(daysSince1970: days)
      hour = Int(time / 3_600)
      minute = Int(time / 60 % 60)
      second = Int(time % 60)
    }
  }

  /// From the start of the year 0000 to the start of the year 10000: the times the digit by
  /// digit formats write, with four-digit years.
  private static let fastTimes: Range<TimeInterval> = -62_167_219_200..<253_402_300_800

  /// `yyyy-MM-dd<separator>HH:mm:ss`, then `.SSS` with `milliseconds` and `Z` with `zone`, in
  /// UTC for `seconds` since 1970, written byte by byte into the string's own storage.
  private static func formatted(
    seconds: Int64, milliseconds: Int?, separator: UInt8, zone: Bool
  ) -> String {
    let parts = Parts(seconds: seconds)
    let capacity = 19 + (milliseconds == nil ? 0 : 4) + (zone ? 1 : 0)
    return String(unsafeUninitializedCapacity: capacity) { buffer in
      var index = 0
      func put(_ value: Int, digits: Int) {
        var rest = value
        for offset in stride(from: digits - 1, through: 0, by: -1) {
          buffer[index + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        index += digits
      }
      func put(_ byte: UInt8) {
        buffer[index] = byte
        index += 1
      }
      put(parts.year, digits: 4)
      put(UInt8(ascii: "-"))
      put(parts.month, digits: 2)
      put(UInt8(ascii: "-"))
      put(parts.day, digits: 2)
      put(separator)
      put(parts.hour, digits: 2)
      put(UInt8(ascii: ":"))
      put(parts.minute, digits: 2)
      put(UInt8(ascii: ":"))
      put(parts.second, digits: 2)
      if let milliseconds {
        put(UInt8(ascii: "."))
        put(milliseconds, digits: 3)
      }
      if zone { put(UInt8(ascii: "Z")) }
      return index
    }
  }

  /// ``utc(_:separator:)`` for any time, years before 0000 and after 9999 included.
  static func formattedUTC(_ date: Date, separator: String) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (seconds, fraction) = floorDivision(milliseconds, 1000)
    let parts = Parts(seconds: seconds)
    // Digits by hand: String(format:) goes through CoreFoundation's formatter for every row of
    // an export or import.
    var text = ""
    text.reserveCapacity(24)
    append(parts.year, digits: 4, to: &text)
    text += "-"
    append(parts.month, digits: 2, to: &text)
    text += "-"
    append(parts.day, digits: 2, to: &text)
    text += separator
    append(parts.hour, digits: 2, to: &text)
    text += ":"
    append(parts.minute, digits: 2, to: &text)
    text += ":"
    append(parts.second, digits: 2, to: &text)
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
  static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }
}
