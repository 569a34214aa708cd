/// What `random` asks for, once its flags and `$POWERQUOTES_SOURCE` are read.
public enum RandomPlan: Sendable, Equatable {
  /// DummyJSON's quote with this id.
  case quote(id: Int)
  /// A random quote from the service, or from the pool when it fails and `fallback` is set.
  case service(QuoteService, fallback: Bool)
  /// A random quote from the pool.
  case offline
  /// A random favorite that passes the filter.
  case favorites(FavoriteFilter)
}
