import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The DummyJSON quotes API, as a struct of closures so tests can swap any part of it.
public struct QuoteClient: Sendable {
  /// A uniformly random quote (`/quotes/random`).
  public var random: @Sendable () async throws -> Quote
  /// The quote with a DummyJSON id (`/quotes/{id}`).
  public var quote: @Sendable (_ id: Int) async throws -> Quote

  /// Makes a client from its operations.
  public init(
    random: @escaping @Sendable () async throws -> Quote,
    quote: @escaping @Sendable (_ id: Int) async throws -> Quote
  ) {
    self.random = random
    self.quote = quote
  }
}

extension QuoteClient {
  /// DummyJSON's public server.
  // swift-format-ignore: NeverForceUnwrap
  // A literal that is a valid URL.
  public static let defaultBaseURL = URL(string: "https://dummyjson.com")!

  /// The largest reply read: a quote is under 1 KB; anything near this is not the API.
  public static let maxBodyBytes = 1 << 20

  /// A client that talks to DummyJSON at `baseURL`, giving up after `timeoutSeconds`.
  public static func live(baseURL: URL, timeoutSeconds: Int) -> QuoteClient {
    let api = DummyJSONAPI(
      baseURL: baseURL,
      fetcher: ServiceFetcher(
        service: .dummyJSON,
        fetcher: HTTPFetcher(timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
      )
    )
    return QuoteClient(
      random: { try await api.quote(path: "quotes/random", id: nil) },
      quote: { id in try await api.quote(path: "quotes/\(id)", id: id) }
    )
  }

  /// A client whose every call fails the test that made it: no test reaches a network by accident.
  public static let failing = QuoteClient(
    random: { throw UnstubbedError(name: "QuoteClient.random") },
    quote: { _ in throw UnstubbedError(name: "QuoteClient.quote") }
  )
}

/// Thrown by a test dependency that was called without being stubbed.
public struct UnstubbedError: LocalizedError, Sendable {
  /// The dependency that was called.
  public var name: String

  /// Names the dependency.
  public init(name: String) { self.name = name }

  public var errorDescription: String? { "\(name) was called but not stubbed in this test." }
}

/// The HTTP contract of DummyJSON's quote endpoints (see shared/dummyjson-api.md).
private struct DummyJSONAPI: Sendable {
  var baseURL: URL
  var fetcher: ServiceFetcher

  /// The wire shape of one quote.
  struct Payload: Decodable {
    var id: Int
    var quote: String
    var author: String
  }

  func quote(path: String, id: Int?) async throws -> Quote {
    let url = baseURL.appending(path: path)
    let (response, body) = try await fetcher.get(url)
    switch response.statusCode {
    case 200:
      return try decodeQuote(response: response, body: body)
    case 404 where id != nil && ServiceFetcher.isJSON(response):
      // The API's own "Quote with id '9999' not found"; an HTML 404 means a wrong base URL.
      throw QuoteClientError.notFound(id: id ?? 0)
    case 404:
      throw QuoteClientError.unexpectedResponse(detail: "404 Not Found for \(url.path())")
    case 429:
      throw QuoteClientError.rateLimited(retryAfter: ServiceFetcher.retryAfter(response))
    case 500...599:
      throw QuoteClientError.serverError(status: response.statusCode)
    default:
      throw QuoteClientError.unexpectedResponse(detail: "HTTP status \(response.statusCode)")
    }
  }

  private func decodeQuote(response: HTTPURLResponse, body: Data) throws -> Quote {
    try fetcher.requireJSON(response)
    guard let payload = try? JSONDecoder().decode(Payload.self, from: body) else {
      throw QuoteClientError.unexpectedResponse(detail: "JSON that is not a quote")
    }
    guard !payload.quote.allSatisfy(\.isWhitespace), !payload.author.allSatisfy(\.isWhitespace)
    else {
      throw QuoteClientError.unexpectedResponse(detail: "a quote with no text or no author")
    }
    return Quote(
      text: payload.quote,
      author: payload.author,
      source: .dummyJSON,
      sourceID: payload.id
    )
  }
}
