extension AppEnvironment {
  /// A stats controller over this environment.
  public func statsController() throws -> StatsController {
    StatsController(database: try database.get(), localTime: localTime)
  }
}
