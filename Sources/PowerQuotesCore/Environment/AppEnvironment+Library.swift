extension AppEnvironment {
  /// A search and tags controller over this environment.
  public func libraryController() throws -> LibraryController {
    LibraryController(database: try database.get())
  }
}
