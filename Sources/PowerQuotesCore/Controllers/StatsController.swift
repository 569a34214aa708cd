/// Counts the library for `fav stats`.
public struct StatsController: Sendable {
  private let database: QuoteDatabase
  private let localTime: LocalTime

  /// Makes a controller; `localTime` decides which month a favorite was saved in.
  public init(database: QuoteDatabase, localTime: LocalTime) {
    self.database = database
    self.localTime = localTime
  }

  /// The library's stats.
  public func stats() throws -> FavoriteStats {
    try database.favoriteStats(localTime: localTime)
  }
}
