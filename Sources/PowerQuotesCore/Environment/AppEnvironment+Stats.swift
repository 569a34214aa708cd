extension AppEnvironment {
  /// A stats controller over this environment's store.
  public func statsController() throws -> StatsController {
    StatsController(database: try database.get(), localTime: localTime)
  }
}
