import Foundation

/// Why a quote could not be had from an online service (DummyJSON or ZenQuotes).
///
/// Each case reads as one sentence that names the service. The service defaults to DummyJSON,
/// the first one powerquotes had, so `.rateLimited(retryAfter: 10)` still means DummyJSON's 429.
public enum QuoteClientError: LocalizedError, Equatable, Sendable {
  /// No connection could be made (no network, DNS failure, connection refused or dropped).
  case unreachable(reason: String, service: QuoteService = .dummyJSON)
  /// No reply within the timeout, in seconds.
  case timedOut(seconds: TimeInterval, service: QuoteService = .dummyJSON)
  /// Too many requests: a 429, or ZenQuotes' "Too many requests" quote. `retryAfter` is the
  /// server's Retry-After in seconds, when it gave one.
  case rateLimited(retryAfter: Int?, service: QuoteService = .dummyJSON)
  /// 404 for DummyJSON's `/quotes/{id}` (only DummyJSON has ids).
  case notFound(id: Int)
  /// A 5xx status.
  case serverError(status: Int, service: QuoteService = .dummyJSON)
  /// A reply that is not what the API sends: HTML, the wrong JSON shape, too large, cut short.
  case unexpectedResponse(detail: String, service: QuoteService = .dummyJSON)

  /// The service that failed.
  public var service: QuoteService {
    switch self {
    case .unreachable(_, let service), .timedOut(_, let service), .rateLimited(_, let service),
      .serverError(_, let service), .unexpectedResponse(_, let service):
      service
    case .notFound: .dummyJSON
    }
  }

  /// A short reason, for the note "DummyJSON is unreachable (REASON); showing an offline quote".
  ///
  /// What came from outside (a server's header, libcurl's words about a host) is made safe for a
  /// terminal here, so no sentence built from this error can carry an escape sequence.
  public var reason: String {
    switch self {
    case .unreachable(let reason, _): UntrustedText.sanitized(reason)
    case .timedOut(let seconds, _): "no reply within \(Seconds.text(seconds)) s"
    case .rateLimited(let retryAfter?, _): "rate limited; retry after \(retryAfter) s"
    case .rateLimited(nil, _): "rate limited"
    case .notFound(let id): "no quote with id \(id)"
    case .serverError(let status, _): "server error \(status)"
    case .unexpectedResponse(let detail, _): UntrustedText.sanitized(detail)
    }
  }

  /// The one note `random` prints when it shows a saved quote instead.
  ///
  /// It says what went wrong, as in "DummyJSON is unreachable (could not connect to the
  /// server); showing an offline quote."
  public var fallbackNote: String {
    let name = service.name
    let what =
      switch self {
      case .unreachable, .timedOut: "\(name) is unreachable (\(reason))"
      case .rateLimited(let retryAfter?, _):
        "\(name) is rate limiting requests (retry after \(retryAfter) s)"
      case .rateLimited(nil, _): "\(name) is rate limiting requests"
      case .serverError: "\(name) is failing (\(reason))"
      case .unexpectedResponse: "\(name) sent an unexpected reply (\(reason))"
      case .notFound: "\(name) has \(reason)"
      }
    return what + "; showing an offline quote."
  }

  /// Whether `random` may fall back to a saved quote: the service failed, not the request.
  public var allowsFallback: Bool {
    switch self {
    case .unreachable, .timedOut, .rateLimited, .serverError, .unexpectedResponse: true
    case .notFound: false
    }
  }

  public var errorDescription: String? {
    let name = service.name
    switch self {
    case .unreachable:
      // No "--offline" hint: browse, sync and fav add --id have none, and random without
      // --online falls back by itself.
      return "\(name) is unreachable (\(reason)). Check the network and try again."
    case .timedOut(let seconds, _):
      return
        "\(name) did not answer within \(Seconds.text(seconds)) s. Try again, or raise --timeout."
    case .rateLimited(let retryAfter?, _) where retryAfter > 0:
      return "\(name) is rate limiting requests. Try again in \(retryAfter) s."
    case .rateLimited(nil, .zenQuotes):
      // Its free tier allows 5 requests in 30 s, and it says nothing of when to come back.
      return "ZenQuotes is rate limiting requests (5 quotes in 30 s without a key). "
        + "Try again in half a minute, or use --source dummyjson."
    case .rateLimited:
      // No wait given, or one already over (Retry-After: 0, or a date in the past).
      return "\(name) is rate limiting requests. Try again in a few seconds."
    case .notFound(let id):
      return "DummyJSON has no quote with id \(id). \(CommandHint.run("browse")) to see its quotes "
        + "and their ids."
    case .serverError(let status, _):
      return "\(name) answered with server error \(status). Try again later."
    case .unexpectedResponse:
      return "\(name) sent an unexpected reply (\(reason)). Check \(service.urlOption)."
    }
  }
}
