extension AppEnvironment {
  /// A stats controller over this environment.
  public func statsController() throws -> StatsController {
    guard let database = try database.get() as? QuoteDatabase else {
      throw PostgresError.notYetAvailable(feature: "fav stats")
    }
    return StatsController(database: database, localTime: localTime)
  }
}
