import Foundation

extension Timestamp {
  /// Why a text is not a time the library keeps (see ``parse(iso8601:)``).
  public enum Problem: Error, Sendable, Equatable {
    /// Not in one of the ISO 8601 shapes read.
    case notISO8601
    /// In such a shape, but no real date and time: a day its month lacks (`2020-02-30`), an
    /// hour past 23 (`T24:00`), a minute or second past 59 (a leap second, `23:59:60`), or an
    /// offset past 23:59 (`+25:00`).
    case noSuchTime
    /// A real time, but in UTC (milliseconds rounded) before `0000-01-01T00:00:00.000Z` or
    /// after `9999-12-31T23:59:59.999Z`.
    case outOfRange
  }

  /// An ISO 8601 date, or date and time, as imports meet them; nil when ``parse(iso8601:)``
  /// finds a problem.
  static func date(iso8601 text: String) -> Date? {
    try? parse(iso8601: text).get()
  }

  /// The time an ISO 8601 (RFC 3339) date, or date and time, stands for, or why it stands for
  /// none the library keeps: the one reading of every time that enters the library.
  ///
  /// Read in the proleptic Gregorian calendar: `2026-01-15` (midnight UTC), `2026-01-15T08:00`,
  /// `…T08:00:30`, `…T08:00:30.125`, each in UTC or followed by `Z` or an offset (`+01:00`,
  /// `+0100`, `+01`, up to 23:59 either way, as RFC 3339 writes them); `t`, `z` and a space
  /// stand for `T` and `Z` too. Nothing is normalized: a day, hour, minute, second or offset
  /// out of its range is ``Problem/noSuchTime``, not the next month, day or hour. Fractions
  /// are rounded to the millisecond, as the library keeps times, and the time must then lie in
  /// ``keptMilliseconds`` (in UTC, after the offset), else ``Problem/outOfRange``.
  ///
  /// Foundation's ISO 8601 parser counts days before 15 October 1582 in the Julian calendar
  /// (1582-10-10 came back as 1582-10-20), reads a time without a zone as midnight, and turns
  /// 30 February into 1 March.
  public static func parse(iso8601 text: String) -> Result<Date, Problem> {
    var text = text
    return text.withUTF8 { iso8601Date($0) }
  }

  private static func iso8601Date(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Date, Problem> {
    var index = 0
    func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += count
      return value
    }
    func skip(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    guard let year = number(4), skip(0x2D), let month = number(2), skip(0x2D),
      let day = number(2)
    else { return .failure(.notISO8601) }
    var (hour, minute, second, milliseconds, offset) = (0, 0, 0, 0, 0)
    if index < bytes.count {
      guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(bytes[index]) else {
        return .failure(.notISO8601)
      }
      index += 1
      guard let hours = number(2), skip(0x3A), let minutes = number(2) else {
        return .failure(.notISO8601)
      }
      (hour, minute) = (hours, minutes)
      if skip(0x3A) {
        guard let seconds = number(2) else { return .failure(.notISO8601) }
        second = seconds
        if skip(0x2E) {
          // Milliseconds from the first three digits, rounded half up by the fourth.
          let start = index
          while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            let digit = Int(bytes[index] - 0x30)
            switch index - start {
            case 0: milliseconds += digit * 100
            case 1: milliseconds += digit * 10
            case 2: milliseconds += digit
            case 3: milliseconds += digit >= 5 ? 1 : 0
            default: break
            }
            index += 1
          }
          guard index > start else { return .failure(.notISO8601) }
        }
      }
      if index < bytes.count {
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
          index += 1
        } else if bytes[index] == 0x2B || bytes[index] == 0x2D {
          let sign = bytes[index] == 0x2D ? -1 : 1
          index += 1
          guard let hours = number(2) else { return .failure(.notISO8601) }
          var minutes = 0
          if index < bytes.count {
            _ = skip(0x3A)
            guard let given = number(2) else { return .failure(.notISO8601) }
            minutes = given
          }
          guard index == bytes.count else { return .failure(.notISO8601) }
          guard hours < 24, minutes < 60 else { return .failure(.noSuchTime) }
          offset = sign * (hours * 60 + minutes) * 60
        }
        guard index == bytes.count else { return .failure(.notISO8601) }
      }
    }
    guard
      let local = seconds(
        year: year, month: month, day: day, time: (hour, minute, second))
    else { return .failure(.noSuchTime) }
    let utc = Int64(local - offset) * 1000 + Int64(milliseconds)
    guard keptMilliseconds.contains(utc) else { return .failure(.outOfRange) }
    let (whole, fraction) = floorDivision(utc, 1000)
    return .success(date(seconds: Int(whole), fraction: Double(fraction) / 1000))
  }
}
