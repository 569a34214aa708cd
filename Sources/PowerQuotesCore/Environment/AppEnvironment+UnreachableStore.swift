import Foundation

extension AppEnvironment {
  /// A quote controller for `random` and `today`, which show a quote even when the library is
  /// out of this process's reach (``keepsLibraryOutOfReach(_:)``), as they do when DummyJSON
  /// is: then the controller works over an empty store in memory (so `today` draws from the
  /// built-in set, and nothing is remembered), and `note` says why, for standard error.
  public func quoteControllerSurvivingUnreachableStore() throws -> (
    controller: QuoteController, note: String?
  ) {
    do {
      return (try quoteController(), nil)
    } catch let error where Self.keepsLibraryOutOfReach(error) {
      var withoutStore = self
      withoutStore.database = LazyDatabase(try QuoteDatabase.inMemory())
      let note =
        error.localizedDescription
        + " Showing a quote without your library; it is not remembered."
      return (try withoutStore.quoteController(), note)
    }
  }

  /// Whether `error`, from opening the library, means that this process cannot reach it,
  /// rather than that the library is wrong: its server is down, unreachable or refuses this
  /// user permission, or its file or folder cannot be made or written here.
  public static func keepsLibraryOutOfReach(_ error: any Error) -> Bool {
    switch error {
    case let error as PostgresError: error.isUnreachable || error.isPermissionDenied
    case let error as StorageError: error.isOutOfReach
    default: false
    }
  }
}
