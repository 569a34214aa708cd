extension AppEnvironment {
  /// Lets the client that `plan` will ask get ready while the command does its other work.
  ///
  /// The live clients start loading libcurl on another thread: milliseconds that a `random
  /// --online` otherwise spends after opening the database, before it can ask. Plans that ask
  /// no server prepare nothing, so they never load the network library.
  public func prepareNetwork(for plan: RandomPlan) {
    switch plan {
    case .quote, .service(.dummyJSON, _): quoteClient.prepare()
    case .service(.zenQuotes, _): zenQuotesClient.prepare()
    case .offline, .favorites: break
    }
  }
}
