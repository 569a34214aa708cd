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

extension RandomPlan {
  /// Starts loading the live clients' network library when this plan asks a server, as
  /// ``AppEnvironment/prepareNetwork(for:)`` does for a live environment: for a command line's
  /// `main`, which can read the plan before it has built the command and its environment.
  public func prepareLiveNetwork() {
    switch self {
    case .quote, .service: HTTPFetcher.preload()
    case .offline, .favorites: break
    }
  }
}
