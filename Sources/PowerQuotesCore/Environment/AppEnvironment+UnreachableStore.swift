import Foundation

extension AppEnvironment {
  /// A quote controller for `random` and `today`, which show a quote even when the store's
  /// server is down or unreachable, as they do when DummyJSON is: then the controller works over
  /// an empty store in memory (so `today` draws from the built-in set, and nothing is
  /// remembered), and `note` says why, for standard error.
  public func quoteControllerSurvivingUnreachableStore() throws -> (
    controller: QuoteController, note: String?
  ) {
    do {
      return (try quoteController(), nil)
    } catch let error as PostgresError where error.isUnreachable {
      var withoutStore = self
      withoutStore.database = LazyDatabase(try QuoteDatabase.inMemory())
      let note =
        (error.errorDescription ?? "The PostgreSQL server cannot be reached.")
        + " Showing a quote without your library; it is not remembered."
      return (try withoutStore.quoteController(), note)
    }
  }
}
