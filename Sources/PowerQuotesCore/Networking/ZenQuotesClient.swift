import Foundation

/// The ZenQuotes API, as a struct of closures so tests can swap it.
///
/// ZenQuotes has no ids, so its quotes carry none: a favorite is keyed on quote and author.
public struct ZenQuotesClient: Sendable {
  /// A random quote (`/api/random`).
  public var random: @Sendable () async throws -> Quote
  /// Gets ready for a request about to be made, without waiting (the live client starts
  /// loading its network library); nothing by default.
  public var prepare: @Sendable () -> Void

  /// Makes a client from its operation.
  public init(
    random: @escaping @Sendable () async throws -> Quote,
    prepare: @escaping @Sendable () -> Void = {}
  ) {
    self.random = random
    self.prepare = prepare
  }
}

extension ZenQuotesClient {
  /// ZenQuotes' public server.
  // swift-format-ignore: NeverForceUnwrap
  // A literal that is a valid URL.
  public static let defaultBaseURL = URL(string: "https://zenquotes.io")!

  /// The credit ZenQuotes' free tier asks for wherever its quotes are shown.
  public static let attribution = "Quotes by zenquotes.io"

  /// The author of the fake quote ZenQuotes sends instead of a real one when rate limiting.
  public static let rateLimitAuthor = "zenquotes.io"

  /// A client that talks to ZenQuotes at `baseURL`, giving up after `timeoutSeconds`.
  public static func live(baseURL: URL, timeoutSeconds: TimeInterval) -> ZenQuotesClient {
    let api = ZenQuotesAPI(
      baseURL: baseURL,
      fetcher: ServiceFetcher(
        service: .zenQuotes,
        fetcher: HTTPFetcher(
          timeout: timeoutSeconds,
          maxBodyBytes: QuoteClient.maxBodyBytes
        )
      )
    )
    return ZenQuotesClient(random: { try await api.random() }, prepare: { HTTPFetcher.preload() })
  }

  /// The quote in the body of ZenQuotes' 200 reply to `/api/random`.
  ///
  /// - Throws: ``QuoteClientError`` (its rate-limit quote is ``QuoteClientError/rateLimited``).
  public static func quote(fromReply body: Data) throws -> Quote {
    try ZenQuotesAPI.decodeQuote(body)
  }

  /// A client whose every call fails the test that made it: no test reaches a network by accident.
  public static let failing = ZenQuotesClient(
    random: { throw UnstubbedError(name: "ZenQuotesClient.random") }
  )
}

/// The HTTP contract of ZenQuotes' `/api/random` (see shared/dummyjson-api.md, last section).
///
/// Replies are a bare array of `{"q": quote, "a": author, "h": html}`, with optional `c`, `i` and
/// `date`. When it limits a client, ZenQuotes answers with a fake quote by `zenquotes.io`
/// ("Too many requests. Obtain an auth key for unlimited access."), sometimes with status 200;
/// that is rate limiting, never a quote.
struct ZenQuotesAPI: Sendable {
  var baseURL: URL
  var fetcher: ServiceFetcher

  /// The wire shape of one quote; the other fields are not needed.
  struct Payload: Decodable {
    var q: String
    var a: String
  }

  func random() async throws -> Quote {
    let url = baseURL.appending(path: "api/random")
    let (response, body) = try await fetcher.get(url)
    switch response.statusCode {
    case 200:
      return try decodeQuote(response: response, body: body)
    case 429:
      throw QuoteClientError.rateLimited(
        retryAfter: ServiceFetcher.retryAfter(response),
        service: .zenQuotes
      )
    case 500...599:
      throw QuoteClientError.serverError(status: response.statusCode, service: .zenQuotes)
    case 404:
      throw fetcher.unexpected("404 Not Found for \(url.path())")
    default:
      throw fetcher.unexpected("HTTP status \(response.statusCode)")
    }
  }

  private func decodeQuote(response: HTTPReply, body: Data) throws -> Quote {
    try fetcher.requireJSON(response)
    return try Self.decodeQuote(body)
  }

  /// The quote in a 200 JSON reply's body (untrusted bytes: the fuzzer's way in too).
  static func decodeQuote(_ body: Data) throws -> Quote {
    func unexpected(_ detail: String) -> QuoteClientError {
      .unexpectedResponse(detail: detail, service: .zenQuotes)
    }
    guard let payloads = try? JSONDecoder().decode([Payload].self, from: body) else {
      throw unexpected("JSON that is not a list of quotes")
    }
    guard let payload = payloads.first else {
      throw unexpected("an empty list of quotes")
    }
    let author = payload.a.trimmingCharacters(in: .whitespacesAndNewlines)
    if author.lowercased() == ZenQuotesClient.rateLimitAuthor {
      throw QuoteClientError.rateLimited(retryAfter: nil, service: .zenQuotes)
    }
    switch QuoteText.admitted(Quote(text: payload.q, author: payload.a, source: .zenQuotes)) {
    case .success(let quote): return quote
    case .failure(.textTooLong), .failure(.authorTooLong):
      throw unexpected("a quote longer than powerquotes keeps")
    case .failure:
      // Escape or bell characters alone are no quote either.
      throw unexpected("a quote with no text or no author")
    }
  }
}
