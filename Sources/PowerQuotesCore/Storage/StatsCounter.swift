import Foundation

/// Folds favorites counted by source and by the UTC minute they were saved, in any order, into
/// counts by source and by local month, for both stores' `fav stats`: SQLite's rows as bytes
/// (one per favorite, in the table's order), PostgreSQL's as text.
///
/// A month's edge in any time zone falls on a whole minute, so minutes fold exactly. Runs of
/// one source or one month (favorites read in id order were mostly saved in that order) are
/// added up before they reach a dictionary, and each UTC day's offset is looked up once.
struct StatsCounter {
  private let localTime: LocalTime
  private var sources: [String: Int] = [:]
  /// Sources counted by their bytes, named once at the end.
  private var sourcesByBytes: [[UInt8]: Int] = [:]
  private var months: [CalendarMonth: Int] = [:]
  /// Favorites whose minute is no time.
  private var unknownMonth = 0
  /// The source of the current run, as bytes, and its count so far.
  private var sourceBytes: [UInt8] = []
  private var sourceCount = 0
  /// The month of the current run and its count so far.
  private var month: CalendarMonth?
  private var monthCount = 0
  /// A stored time whose first 16 bytes are the minute being read.
  private var stamp = Array("0000-00-00 00:00:00.000".utf8)
  /// The last minute added as text, and its local month.
  private var lastMinute = ""
  private var lastMonth: CalendarMonth?
  /// The UTC day last looked at, and the offset in force all day when it was the same at both
  /// its ends; nil when it changes that day, and each minute is then looked up.
  private var day: (number: Int64, offset: Int?)?
  /// Every day looked at so far, so that days out of order are looked up once.
  private var days: [Int64: Int?] = [:]

  init(localTime: LocalTime) {
    self.localTime = localTime
  }

  /// Adds `count` favorites of `source` saved in the UTC `minute` (`2026-01-31 23:30`), both as
  /// the bytes SQLite holds.
  mutating func add(
    source: UnsafeBufferPointer<UInt8>, minute: UnsafeBufferPointer<UInt8>, count: Int
  ) {
    if sourceCount == 0 || !source.elementsEqual(sourceBytes) {
      endSourceRun()
      sourceBytes = Array(source)
    }
    sourceCount += count
    guard minute.count == 16, let (year, month) = localMonth(ofMinute: minute) else {
      endMonthRun()
      unknownMonth += count
      return
    }
    if self.month?.year != year || self.month?.month != month {
      endMonthRun()
      self.month = CalendarMonth(year: year, month: month)
    }
    monthCount += count
  }

  /// Adds `count` favorites of `source` saved in the UTC `minute`, read as text (PostgreSQL's
  /// rows, or an SQLite column that was not text).
  mutating func add(source: String, minute: String, count: Int) {
    endSourceRun()
    endMonthRun()
    sources[source, default: 0] += count
    if minute != lastMinute {
      lastMinute = minute
      lastMonth = StoredTime.localMonth(ofMinute: minute, in: localTime)
    }
    if let lastMonth {
      months[lastMonth, default: 0] += count
    } else {
      unknownMonth += count
    }
  }

  /// The counts by source, most favorites first (ties by name), and by local month
  /// (``CalendarMonth/text``) in the calendar's order, then `unknown` for times that are none.
  mutating func counts() -> (sources: [FavoriteStats.Count], months: [FavoriteStats.Count]) {
    endSourceRun()
    endMonthRun()
    // Bytes that are not UTF-8 read as the text SQLite's C string gives, as a String column
    // would: two such sources may be one name.
    for (bytes, count) in sourcesByBytes {
      let name = bytes.withUnsafeBufferPointer { RawFavorite.string($0) }
      sources[name, default: 0] += count
    }
    sourcesByBytes = [:]
    return (
      sources.map { FavoriteStats.Count($0.key, $0.value) }
        .sorted { ($0.count, $1.name) > ($1.count, $0.name) },
      months.sorted { $0.key < $1.key }.map { FavoriteStats.Count($0.key.text, $0.value) }
        + (unknownMonth > 0 ? [FavoriteStats.Count("unknown", unknownMonth)] : [])
    )
  }

  private mutating func endSourceRun() {
    if sourceCount > 0 { sourcesByBytes[sourceBytes, default: 0] += sourceCount }
    sourceCount = 0
  }

  private mutating func endMonthRun() {
    if let month, monthCount > 0 { months[month, default: 0] += monthCount }
    month = nil
    monthCount = 0
  }

  /// The local year and month of a stored UTC minute, as ``LocalTime/clock(at:)`` tells it;
  /// nil for bytes that are not such a time.
  private mutating func localMonth(
    ofMinute minute: UnsafeBufferPointer<UInt8>
  ) -> (year: Int, month: Int)? {
    for index in 0..<16 { stamp[index] = minute[index] }
    guard let date = stamp.withUnsafeBufferPointer({ Timestamp.storedDate($0) }) else {
      return nil
    }
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let dayNumber = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    if day?.number != dayNumber {
      if let known = days[dayNumber] {
        day = (dayNumber, known)
      } else {
        // Offsets change a few times a year: one that is the same at both ends of a day is in
        // force all day, and the day's minutes need no lookup.
        let start = Date(timeIntervalSince1970: TimeInterval(dayNumber * 86_400))
        let first = localTime.offset(start)
        let last = localTime.offset(start.addingTimeInterval(86_399))
        let offset: Int? = first == last ? first : nil
        day = (dayNumber, offset)
        days[dayNumber] = .some(offset)
      }
    }
    guard let offset = day?.offset else {
      let clock = localTime.clock(at: date)
      return (clock.year, clock.month)
    }
    let local = seconds + Int64(offset)
    let localDay = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let (year, month, _) = LocalTime.civilDate(daysSince1970: localDay)
    return (year, month)
  }
}
