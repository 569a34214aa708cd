extension AppEnvironment {
  /// A library controller (find, tags, edit, trash, undo) over this environment.
  public func libraryController() throws -> LibraryController {
    LibraryController(database: try database.get(), now: now)
  }

  /// The text editor the environment's variables name.
  public var textEditor: TextEditor { TextEditor(environment: environment) }
}
