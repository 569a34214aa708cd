import Foundation

/// The DummyJSON quotes API, as a struct of closures so tests can swap any part of it.
public struct QuoteClient: Sendable {
  /// A uniformly random quote (`/quotes/random`).
  public var random: @Sendable () async throws -> Quote
  /// The quote with a DummyJSON id (`/quotes/{id}`).
  public var quote: @Sendable (_ id: Int) async throws -> Quote
  /// A page of the catalogue, in id order (`/quotes?limit=L&skip=S`).
  public var page: @Sendable (_ limit: Int, _ skip: Int) async throws -> QuotePage
  /// Gets ready for a request about to be made, without waiting (the live client starts
  /// loading its network library); nothing by default.
  public var prepare: @Sendable () -> Void

  /// Makes a client from its operations; `page` fails unless given.
  public init(
    random: @escaping @Sendable () async throws -> Quote,
    quote: @escaping @Sendable (_ id: Int) async throws -> Quote,
    page: @escaping @Sendable (_ limit: Int, _ skip: Int) async throws -> QuotePage = { _, _ in
      throw UnstubbedError(name: "QuoteClient.page")
    },
    prepare: @escaping @Sendable () -> Void = {}
  ) {
    self.random = random
    self.quote = quote
    self.page = page
    self.prepare = prepare
  }
}

extension QuoteClient {
  /// DummyJSON's public server.
  // swift-format-ignore: NeverForceUnwrap
  // A literal that is a valid URL.
  public static let defaultBaseURL = URL(string: "https://dummyjson.com")!

  /// The largest reply read: a quote is under 1 KB; anything near this is not the API.
  public static let maxBodyBytes = 1 << 20

  /// The largest catalogue size, skip or id believed from a reply (DummyJSON has 1,454 quotes):
  /// every count computed from them stays far from overflowing.
  public static let largestNumber = Int(Int32.max)

  /// A client that talks to DummyJSON at `baseURL`, giving up after `timeoutSeconds` (fractions count).
  public static func live(baseURL: URL, timeoutSeconds: TimeInterval) -> QuoteClient {
    let api = DummyJSONAPI(
      baseURL: baseURL,
      fetcher: ServiceFetcher(
        service: .dummyJSON,
        fetcher: HTTPFetcher(timeout: timeoutSeconds, maxBodyBytes: maxBodyBytes)
      )
    )
    return QuoteClient(
      random: { try await api.quote(path: "quotes/random", id: nil) },
      quote: { id in try await api.quote(path: "quotes/\(id)", id: id) },
      page: { limit, skip in try await api.page(limit: limit, skip: skip) },
      prepare: { HTTPFetcher.preload() }
    )
  }

  /// The quote in the body of DummyJSON's 200 reply to `/quotes/random` or `/quotes/{id}`.
  ///
  /// - Throws: ``QuoteClientError/unexpectedResponse(detail:service:)``.
  public static func quote(fromReply body: Data) throws -> Quote {
    try DummyJSONAPI.decodeQuote(body)
  }

  /// The page in the body of DummyJSON's 200 reply to `/quotes?skip=S`.
  public static func page(fromReply body: Data, asked skip: Int) throws -> QuotePage {
    try DummyJSONAPI.decodePage(body, asked: skip)
  }

  /// A client whose every call fails the test that made it: no test reaches a network by accident.
  public static let failing = QuoteClient(
    random: { throw UnstubbedError(name: "QuoteClient.random") },
    quote: { _ in throw UnstubbedError(name: "QuoteClient.quote") }
  )
}

/// The HTTP contract of DummyJSON's quote endpoints (see shared/dummyjson-api.md).
struct DummyJSONAPI: Sendable {
  var baseURL: URL
  var fetcher: ServiceFetcher

  /// The wire shape of one quote.
  struct Payload: Decodable {
    var id: Int
    var quote: String
    var author: String
  }

  /// The wire shape of a catalogue page.
  ///
  /// Its `limit` is the count returned, not the one asked, so it is not read.
  struct PagePayload: Decodable {
    var quotes: [Payload]
    var total: Int
    var skip: Int?
  }

  func quote(path: String, id: Int?) async throws -> Quote {
    try Self.decodeQuote(try await json(path: path, notFoundID: id))
  }

  /// The quote in a 200 reply's body (untrusted bytes: the fuzzer's way in too).
  static func decodeQuote(_ body: Data) throws -> Quote {
    guard
      let payload = Payload.scanned(body)
        ?? (try? JSONDecoder().decode(Payload.self, from: body))
    else {
      throw QuoteClientError.unexpectedResponse(detail: "JSON that is not a quote")
    }
    return try quote(from: payload)
  }

  func page(limit: Int, skip: Int) async throws -> QuotePage {
    let query = [
      URLQueryItem(name: "limit", value: String(limit)),
      URLQueryItem(name: "skip", value: String(skip)),
    ]
    return try Self.decodePage(
      try await json(path: "quotes", query: query, notFoundID: nil), asked: skip)
  }

  /// The page in a 200 reply's body, asked from `skip` (untrusted bytes, as above).
  static func decodePage(_ body: Data, asked skip: Int) throws -> QuotePage {
    guard let payload = try? JSONDecoder().decode(PagePayload.self, from: body) else {
      throw QuoteClientError.unexpectedResponse(detail: "JSON that is not a page of quotes")
    }
    let range = 0...QuoteClient.largestNumber
    guard range.contains(payload.total), payload.skip.map(range.contains) ?? true else {
      throw QuoteClientError.unexpectedResponse(
        detail: "a page whose total or skip is out of range (\(payload.total), "
          + "\(payload.skip.map(String.init) ?? "none"))")
    }
    // DummyJSON echoes skip as it parsed it; trust what was asked when it is missing.
    return QuotePage(
      quotes: try payload.quotes.map(quote(from:)),
      total: payload.total,
      skip: payload.skip ?? skip
    )
  }

  /// The body of a 200 JSON reply to `path`, or the error the reply means.
  private func json(path: String, query: [URLQueryItem] = [], notFoundID id: Int?) async throws
    -> Data
  {
    var url = baseURL.appending(path: path)
    if !query.isEmpty { url.append(queryItems: query) }
    let (response, body) = try await fetcher.get(url)
    switch response.statusCode {
    case 200:
      try fetcher.requireJSON(response)
      return body
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

  private static func quote(from payload: Payload) throws -> Quote {
    guard (1...QuoteClient.largestNumber).contains(payload.id) else {
      throw QuoteClientError.unexpectedResponse(detail: "a quote with id \(payload.id)")
    }
    let quote = Quote(
      text: payload.quote, author: payload.author, source: .dummyJSON, sourceID: payload.id)
    switch QuoteText.admitted(quote) {
    case .success(let quote): return quote
    case .failure(.textTooLong), .failure(.authorTooLong):
      throw QuoteClientError.unexpectedResponse(detail: "a quote longer than powerquotes keeps")
    case .failure:
      throw QuoteClientError.unexpectedResponse(detail: "a quote with no text or no author")
    }
  }
}

extension DummyJSONAPI.Payload {
  /// The payload of `body` as ``JSONScanner`` reads it, when `body` is one object whose `id` is
  /// a whole number and whose `quote` and `author` are strings; nil leaves it to `JSONDecoder`.
  ///
  /// The scanner gives up on anything whose reading by `JSONDecoder` it is not sure of, and
  /// `JSONDecoder` too ignores other members, so the payload is the same. `JSONDecoder`'s first
  /// use in a process instantiates its generic machinery: ~0.35 ms, 2% of `random --online`'s
  /// CPU.
  static func scanned(_ body: Data) -> Self? {
    body.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
      guard case .object(let members)? = try? scanner.scanRoot(item: { _, _ in }),
        case .integer(let id)? = members["id"],
        case .string(let quote)? = members["quote"],
        case .string(let author)? = members["author"]
      else { return nil }
      return Self(id: id, quote: quote, author: author)
    }
  }
}
