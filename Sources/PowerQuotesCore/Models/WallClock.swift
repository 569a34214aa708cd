/// A local date and time of day, as a wall clock shows it.
public struct WallClock: Sendable, Equatable {
  /// The Gregorian year, month (1-12) and day (1-31).
  public var year: Int, month: Int, day: Int
  /// The hour (0-23) and minute (0-59).
  public var hour: Int, minute: Int
  /// Seconds east of UTC.
  public var offsetSeconds: Int

  /// `YYYY-MM-DD`.
  public var dateText: String {
    "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
  }

  /// `YYYY-MM-DD HH:mm +hh:mm`.
  public var minuteText: String {
    let sign = offsetSeconds < 0 ? "-" : "+"
    let offsetMinutes = abs(offsetSeconds) / 60
    return "\(dateText) \(Self.padded(hour, 2)):\(Self.padded(minute, 2)) "
      + "\(sign)\(Self.padded(offsetMinutes / 60, 2)):\(Self.padded(offsetMinutes % 60, 2))"
  }

  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number.magnitude)
    return (number < 0 ? "-" : "")
      + String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
