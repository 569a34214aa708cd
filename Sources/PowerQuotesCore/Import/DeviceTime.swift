import Foundation

/// A time as an e-reader writes it: a day and a time on the device's clock, with the offset
/// from UTC when the file gives one (`GMT-02:23`, `Z`).
///
/// Without an offset it is read in the importer's local time (`TZ`), the best guess at the
/// device's clock.
struct DeviceTime: Equatable {
  var year: Int
  var month: Int
  var day: Int
  var hour: Int
  var minute: Int
  var second: Int
  /// Seconds east of UTC, when the file says.
  var offset: Int?

  /// The instant, reading a time without an offset in `localTime`; nil for a day or time that
  /// does not exist (31 April, hour 25) or lies outside the times the library keeps.
  func date(in localTime: LocalTime) -> Date? {
    guard
      let wall = Timestamp.seconds(
        year: year, month: month, day: day, time: (hour, minute, second))
    else { return nil }
    let seconds: Int
    if let offset {
      seconds = wall - offset
    } else {
      // The offset in force at the wall time taken as UTC, then at the instant that gives: right
      // but for the hour a clock skips or repeats.
      let guess = wall - localTime.offset(Timestamp.date(seconds: wall, fraction: 0))
      seconds = wall - localTime.offset(Timestamp.date(seconds: guess, fraction: 0))
    }
    let date = Timestamp.date(seconds: seconds, fraction: 0)
    return Timestamp.isKept(date) ? date : nil
  }

  /// The month numbers of month names (lower case) in every language a Kindle writes.
  static let monthNumbers: [String: Int] = {
    var numbers: [String: Int] = [:]
    for language in KindleLanguage.all {
      for (index, names) in language.months.enumerated() {
        for name in names { numbers[name] = index + 1 }
      }
    }
    return numbers
  }()

  /// The time in a Kindle's `Added on ...` (the part of the line after its last `|`) in any
  /// of its languages, or KOReader's C-locale `%c` (`Thu Aug 10 18:36:08 2023`).
  ///
  /// Read as numbers and words: `2023年8月10日` and the like by the signs after the numbers;
  /// else a month's name and two numbers, the day first and then the year (a two-digit year is
  /// of the 2000s), in either order around the month (`29 April 17`, `November 14, 2011`); the
  /// time is the first `h:mm` or `h:mm:ss`, made afternoon by `PM`, 下午 or 午後; `GMT-02:23`
  /// or `UTC+1` gives the offset. Other words (week days, `Added on`, `um`, `Uhr`, `г.`) are
  /// passed over. Nil when no day, month, year and time are found.
  static func reading(_ text: Substring) -> DeviceTime? {
    reading(lowercased: Array(text.lowercased().unicodeScalars))
  }

  /// ``reading(_:)`` of text already made lower case, as UTF-8.
  static func reading(lowercasedUTF8 text: ArraySlice<UInt8>) -> DeviceTime? {
    if text.allSatisfy({ $0 < 0x80 }) {
      var scalars: [Unicode.Scalar] = []
      scalars.reserveCapacity(text.count)
      for byte in text { scalars.append(Unicode.Scalar(byte)) }
      return reading(lowercased: scalars)
    }
    return reading(lowercased: Array(String(decoding: text, as: UTF8.self).unicodeScalars))
  }

  /// ``reading(_:)`` of the scalars of text already made lower case.
  private static func reading(lowercased scalars: [Unicode.Scalar]) -> DeviceTime? {
    var index = 0
    var year: Int?
    var month: Int?
    var day: Int?
    var time: (Int, Int, Int)?
    var plain: [(value: Int, digits: Int)] = []
    var afternoon: Bool?
    var offset: Int?
    var word: [UInt8] = []
    func number() -> (value: Int, digits: Int) {
      var value = 0
      var digits = 0
      while index < scalars.count, let digit = asciiDigit(scalars[index]) {
        if digits < 9 { value = value * 10 + digit }
        digits += 1
        index += 1
      }
      return (value, digits)
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if asciiDigit(scalar) != nil {
        let (value, digits) = number()
        if time == nil, index < scalars.count, scalars[index] == ":" {
          index += 1
          let minute = number()
          var second = 0
          if index < scalars.count, scalars[index] == ":" {
            index += 1
            second = number().value
          }
          if minute.digits == 2 { time = (value, minute.value, second) }
          continue
        }
        switch index < scalars.count ? scalars[index] : " " {
        case "年": year = value
        case "月": month = value
        case "日": day = value
        default: plain.append((value, digits))
        }
        continue
      }
      guard isLetter(scalar) else {
        index += 1
        continue
      }
      let start = index
      while index < scalars.count, isLetter(scalars[index]) { index += 1 }
      // An ASCII word made from its bytes (building a String a scalar at a time was a tenth of
      // a clippings import); the CJK words for morning and afternoon are not ASCII, and an
      // ASCII word is not compared with them.
      word.removeAll(keepingCapacity: true)
      for scalar in scalars[start..<index] where scalar.isASCII {
        word.append(UInt8(scalar.value))
      }
      let ascii = word.count == index - start
      let name =
        ascii
        ? String(decoding: word, as: UTF8.self)
        : String(String.UnicodeScalarView(scalars[start..<index]))
      if let number = monthNumbers[name], month == nil {
        month = number
        // A month before both numbers (`November 14, 2011`) or between them (`29 April 17`):
        // the day comes first either way.
      } else if !ascii && ["下午", "午後"].contains(where: { name.hasSuffix($0) })
        || (name == "pm" && time != nil)
      {
        afternoon = true
      } else if !ascii && ["上午", "午前"].contains(where: { name.hasSuffix($0) })
        || (name == "am" && time != nil)
      {
        // After the time only: German writes `am` before the day (`Hinzugefügt am Freitag`).
        afternoon = false
      } else if name == "gmt" || name == "utc", offset == nil {
        offset = Self.offset(scalars, from: &index)
      }
    }
    if year == nil || day == nil {
      guard plain.count >= 2 else { return nil }
      var (first, second) = (plain[0], plain[1])
      if first.digits == 4 { swap(&first, &second) }
      day = first.value
      year = second.digits <= 2 ? 2000 + second.value : second.value
    }
    guard let year, let month, let day, let (clockHour, minute, second) = time else { return nil }
    var hour = clockHour
    if let afternoon {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (afternoon ? 12 : 0)
    }
    return DeviceTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      offset: offset)
  }

  /// ISO 8601 as Kobo writes it, `2023-02-14T05:15:57.000` or with a `Z` or `+hh:mm`: the
  /// offset only when written.
  static func reading(iso text: String) -> DeviceTime? {
    let bytes = Array(text.trimmed.utf8)
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<start + count] {
        guard let digit = asciiDigit(Unicode.Scalar(byte)) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    guard bytes.count >= 19, let year = number(0, 4), bytes[4] == 0x2D, let month = number(5, 2),
      bytes[7] == 0x2D, let day = number(8, 2), bytes[10] == 0x54 || bytes[10] == 0x20,
      let hour = number(11, 2), bytes[13] == 0x3A, let minute = number(14, 2), bytes[16] == 0x3A,
      let second = number(17, 2)
    else { return nil }
    var rest = bytes[19...]
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst().drop { asciiDigit(Unicode.Scalar($0)) != nil }
    }
    var offset: Int?
    if rest.first == UInt8(ascii: "Z") {
      offset = 0
    } else if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      let digits = rest.dropFirst().filter { $0 != UInt8(ascii: ":") }
      guard digits.count == 4, let value = Int(String(decoding: digits, as: UTF8.self)) else {
        return nil
      }
      offset = (value / 100 * 3600 + value % 100 * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    } else if !rest.isEmpty {
      return nil
    }
    return DeviceTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      offset: offset)
  }

  /// The offset after `GMT` or `UTC`: `-02:23`, `+0100`, `+1`; nil without a sign.
  private static func offset(_ scalars: [Unicode.Scalar], from index: inout Int) -> Int? {
    while index < scalars.count, scalars[index] == " " { index += 1 }
    guard index < scalars.count, scalars[index] == "+" || scalars[index] == "-" else { return nil }
    let sign = scalars[index] == "-" ? -1 : 1
    index += 1
    var digits: [Int] = []
    while index < scalars.count, digits.count < 4 {
      if let digit = asciiDigit(scalars[index]) {
        digits.append(digit)
      } else if scalars[index] != ":" {
        break
      }
      index += 1
    }
    let hours: Int
    var minutes = 0
    switch digits.count {
    case 1: hours = digits[0]
    case 2: hours = digits[0] * 10 + digits[1]
    case 3:
      hours = digits[0]
      minutes = digits[1] * 10 + digits[2]
    case 4:
      hours = digits[0] * 10 + digits[1]
      minutes = digits[2] * 10 + digits[3]
    default: return nil
    }
    guard hours < 24, minutes < 60 else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }

  /// A letter of any script; ASCII is told without Unicode's tables.
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A
    }
    return scalar.properties.isAlphabetic
  }

  private static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
    scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
  }
}
