import Foundation

/// Why a quote could not be had from DummyJSON.
///
/// Each case reads as one sentence.
public enum QuoteClientError: LocalizedError, Equatable, Sendable {
  /// No connection could be made (no network, DNS failure, connection refused or dropped).
  case unreachable(reason: String)
  /// No reply within the timeout, in whole seconds.
  case timedOut(seconds: Int)
  /// 429: too many requests. `retryAfter` is the server's Retry-After in seconds, when it gave one.
  case rateLimited(retryAfter: Int?)
  /// 404 for `/quotes/{id}`.
  case notFound(id: Int)
  /// A 5xx status.
  case serverError(status: Int)
  /// A reply that is not what the API sends: HTML, the wrong JSON shape, too large, cut short.
  case unexpectedResponse(detail: String)

  /// A short reason, for the note "DummyJSON is unreachable (REASON); showing a saved quote".
  public var reason: String {
    switch self {
    case .unreachable(let reason): reason
    case .timedOut(let seconds): "no reply within \(seconds) s"
    case .rateLimited(let retryAfter?): "rate limited; retry after \(retryAfter) s"
    case .rateLimited(nil): "rate limited"
    case .notFound(let id): "no quote with id \(id)"
    case .serverError(let status): "server error \(status)"
    case .unexpectedResponse(let detail): detail
    }
  }

  /// Whether `random` may fall back to a saved quote: the service failed, not the request.
  public var allowsFallback: Bool {
    switch self {
    case .unreachable, .timedOut, .rateLimited, .serverError, .unexpectedResponse: true
    case .notFound: false
    }
  }

  public var errorDescription: String? {
    switch self {
    case .unreachable(let reason):
      "DummyJSON is unreachable (\(reason)). Check the network, or use --offline."
    case .timedOut(let seconds):
      "DummyJSON did not answer within \(seconds) s. Try again, or raise --timeout."
    case .rateLimited(let retryAfter?):
      "DummyJSON is rate limiting requests. Try again in \(retryAfter) s."
    case .rateLimited(nil):
      "DummyJSON is rate limiting requests. Try again in a few seconds."
    case .notFound(let id):
      "DummyJSON has no quote with id \(id)."
    case .serverError(let status):
      "DummyJSON answered with server error \(status). Try again later, or use --offline."
    case .unexpectedResponse(let detail):
      "DummyJSON sent an unexpected reply (\(detail)). Check --api-url."
    }
  }
}
