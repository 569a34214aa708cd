/// What both stores fold `fav stats`' grouped rows into: favorites by source and by the local
/// month they were saved in.
///
/// Each row is a count of favorites of one source saved in one UTC minute; the minute becomes
/// a local month once per run of equal minutes.
struct StatsTally {
  private let localTime: LocalTime
  private var sourceCounts: [String: Int] = [:]
  private var monthCounts: [String: Int] = [:]
  private var lastMinute = ""
  private var lastMonth = ""

  /// An empty tally whose months are in `localTime`'s calendar.
  init(localTime: LocalTime) {
    self.localTime = localTime
  }

  /// Counts `count` favorites of `source` saved in `minute` (`2026-01-31 23:30`, UTC).
  mutating func add(source: String, minute: String, count: Int) {
    sourceCounts[source, default: 0] += count
    if minute != lastMinute {
      lastMinute = minute
      lastMonth = StoredTime.localMonth(ofMinute: minute, in: localTime)
    }
    monthCounts[lastMonth, default: 0] += count
  }

  /// The sources, most favorites first, ties by name.
  var sources: [FavoriteStats.Count] {
    sourceCounts.map { FavoriteStats.Count($0.key, $0.value) }
      .sorted { ($0.count, $1.name) > ($1.count, $0.name) }
  }

  /// The local months, in order.
  var months: [FavoriteStats.Count] {
    monthCounts.map { FavoriteStats.Count($0.key, $0.value) }.sorted { $0.name < $1.name }
  }
}
