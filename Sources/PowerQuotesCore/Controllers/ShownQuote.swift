/// A quote to show, and why it came from the pool when the online service failed.
public struct ShownQuote: Sendable {
  /// The quote.
  public var quote: Quote
  /// Set when the service failed and the quote came from the offline pool instead; its
  /// ``QuoteClientError/service`` names the service.
  public var fallbackReason: QuoteClientError?
}
