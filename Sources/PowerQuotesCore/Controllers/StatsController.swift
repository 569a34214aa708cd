/// Counts the library for `fav stats`.
public struct StatsController: Sendable {
  private let database: any LibraryStore
  private let localTime: LocalTime

  /// Makes a controller over the store `database`; `localTime` decides which month a favorite
  /// was saved in.
  public init(database: any LibraryStore, localTime: LocalTime) {
    self.database = database
    self.localTime = localTime
  }

  /// The library's stats.
  public func stats() throws -> FavoriteStats {
    try database.favoriteStats(localTime: localTime)
  }
}
