/// A month of the proleptic Gregorian calendar, as `fav stats` counts favorites by: `2026-01`.
///
/// The local months of the times the library keeps (UTC years 0000 through 9999) run from
/// `-0001-12` (the first of them, in a zone west of UTC) to `10000-01` (the last, in a zone
/// east of it, such as `Pacific/Kiritimati` at +14:00): the year is written with at least four
/// digits, a minus sign before a year before 0000.
public struct CalendarMonth: Hashable, Comparable, Sendable {
  /// The year (0 is 1 BC, as in ISO 8601).
  public var year: Int
  /// The month, 1 through 12.
  public var month: Int

  /// Makes the month `month` (1-12) of `year`.
  public init(year: Int, month: Int) {
    self.year = year
    self.month = month
  }

  /// The month `index` months after January of the year 0 (before it when negative).
  public init(index: Int) {
    let remainder = ((index % 12) + 12) % 12
    self.init(year: (index - remainder) / 12, month: remainder + 1)
  }

  /// The month `text` names as ``text`` writes it; nil for text of another shape.
  public init?(text: some StringProtocol) {
    let negative = text.hasPrefix("-")
    let parts = text.dropFirst(negative ? 1 : 0).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count >= 4, parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month)
    else { return nil }
    self.init(year: negative ? -year : year, month: month)
  }

  /// Months since January of the year 0, so that a gap between two months is a subtraction.
  public var index: Int { year * 12 + month - 1 }

  /// `2026-01`, `10000-01`, `-0001-12`.
  public var text: String {
    let digits = String(year.magnitude)
    return (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count))
      + digits + (month < 10 ? "-0" : "-") + String(month)
  }

  public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
    lhs.index < rhs.index
  }
}
