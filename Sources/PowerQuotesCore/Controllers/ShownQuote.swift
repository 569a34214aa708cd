/// A quote to show, and why it came from the pool when the online service failed.
public struct ShownQuote: Sendable {
  /// The service answered, but with no quote of the length asked.
  public struct LengthMiss: Sendable, Equatable {
    /// The service asked.
    public var service: QuoteService
    /// The length asked.
    public var length: QuoteLength
    /// How many quotes it sent.
    public var tries: Int
  }

  /// The quote.
  public var quote: Quote
  /// The work it came from, for a favorite that names one; else empty.
  public var work = ""
  /// Set when the service failed and the quote came from the offline pool instead; its
  /// ``QuoteClientError/service`` names the service.
  public var fallbackReason: QuoteClientError?
  /// Set when the service sent no quote of the length asked, and the quote came from the
  /// offline pool instead.
  public var lengthMiss: LengthMiss? = nil

  /// The one note `random` prints when the quote came from the pool instead of the service.
  ///
  /// As in "DummyJSON is unreachable (could not connect to the server); showing an offline quote."
  public var fallbackNote: String? {
    if let fallbackReason { return fallbackReason.fallbackNote }
    if let lengthMiss {
      return "\(lengthMiss.service.name) sent no quote that is \(lengthMiss.length.phrase) in "
        + "\(lengthMiss.tries) tries; showing an offline quote."
    }
    return nil
  }
}
