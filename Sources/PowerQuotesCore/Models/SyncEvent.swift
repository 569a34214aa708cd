/// A sync's events, for its progress display.
public enum SyncEvent: Sendable, Equatable {
  /// A page was saved.
  case progress(SyncProgress)
  /// DummyJSON is rate limiting: waiting this many seconds before asking again.
  case waiting(seconds: Int)
}
