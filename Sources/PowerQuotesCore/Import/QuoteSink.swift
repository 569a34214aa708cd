/// Where ``ImportParser`` hands quotes as it reads them, so that an import streams into the
/// database instead of holding every quote of a large file at once.
///
/// Positions only grow: a quote at a position the sink has already taken (a JSON file read
/// again by `JSONDecoder` after ``JSONScanner`` gave up part way) is dropped.
///
/// `@unchecked Sendable` because a ``ImportParser/Batch`` is `Sendable` and carries it; a sink is
/// only called during one synchronous parse, on the thread that made it.
final class QuoteSink: @unchecked Sendable {
  private let body: (ImportedQuote) -> Void
  private var lastPosition = 0

  /// A sink that calls `body` with each quote.
  init(_ body: @escaping (ImportedQuote) -> Void) {
    self.body = body
  }

  /// Passes `quote` on, unless its position was taken already.
  func take(_ quote: ImportedQuote) {
    guard quote.position > lastPosition else { return }
    lastPosition = quote.position
    body(quote)
  }
}
