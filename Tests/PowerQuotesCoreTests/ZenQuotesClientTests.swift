import FlyingFox
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

/// Tests for ``ZenQuotesClient/live(baseURL:timeoutSeconds:)`` against a real HTTP server on
/// 127.0.0.1 that speaks ZenQuotes' contract: a bare array of `{"q","a","h"}`, and a fake quote
/// by `zenquotes.io` when it is rate limiting (see shared/dummyjson-api.md, last section).
@Suite struct ZenQuotesClientTests {
  // MARK: - Success

  /// `/api/random` answers with a one-element array; the quote has no id.
  @Test func randomDecodesTheQuote() async throws {
    let paths = Mutex<[String]>([])
    let reply = HTTPResponse.json(
      #"[{"q":"The journey of a thousand miles begins with one step.","a":"Lao Tzu","#
        + #""i":"https://zenquotes.io/img/lao-tzu.jpg","c":"53","#
        + #""h":"<blockquote>&ldquo;The journey of a thousand miles begins with one step."#
        + #"&rdquo; &mdash; <footer>Lao Tzu</footer></blockquote>"}]"#
    )
    let quote = try await withServer { server in
      await server.appendRoute("GET /api/random") { request in
        paths.withLock { $0.append(request.path) }
        return reply
      }
    } _: { client in
      try await client.random()
    }
    #expect(paths.withLock { $0 } == ["/api/random"])
    #expect(quote == Samples.lao)
    #expect(quote.sourceID == nil)
  }

  // MARK: - Rate limiting

  /// ZenQuotes' fake quote is rate limiting, never a quote, whatever the status it comes with.
  @Test(arguments: [HTTPStatusCode.ok, .tooManyRequests])
  func rateLimitQuoteIsRateLimited(status: HTTPStatusCode) async throws {
    try await serving(.json(rateLimitQuote, status: status)) { client in
      let error = try await #require(throws: QuoteClientError.self) {
        try await client.random()
      }
      #expect(error == .rateLimited(retryAfter: nil, service: .zenQuotes))
      #expect(error.allowsFallback)
      #expect(
        error.errorDescription
          == "ZenQuotes is rate limiting requests (5 quotes in 30 s without a key). "
          + "Try again in half a minute, or use --source dummyjson."
      )
    }
  }

  /// The fake quote is recognised by its author, whatever its text, case or spacing.
  @Test(arguments: ["zenquotes.io", "ZenQuotes.io", " zenquotes.io\n"])
  func rateLimitAuthorIsRecognised(author: String) async throws {
    let body = try JSONSerialization.data(withJSONObject: [
      ["q": "Some other words one day.", "a": author, "h": ""]
    ])
    try await serving(.json(String(decoding: body, as: UTF8.self))) { client in
      await #expect(throws: QuoteClientError.rateLimited(retryAfter: nil, service: .zenQuotes)) {
        try await client.random()
      }
    }
  }

  /// A 429 is rate limiting whatever its body, with its `Retry-After` when it gives one.
  @Test func status429WithRetryAfter() async throws {
    let reply = HTTPResponse.html(
      "<html><body>Too many requests</body></html>",
      status: .tooManyRequests
    )
    var withWait = reply
    withWait.headers[HTTPHeader("Retry-After")] = "30"
    try await serving(reply) { client in
      await #expect(throws: QuoteClientError.rateLimited(retryAfter: nil, service: .zenQuotes)) {
        try await client.random()
      }
    }
    try await serving(withWait) { client in
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(error == .rateLimited(retryAfter: 30, service: .zenQuotes))
      #expect(error.errorDescription == "ZenQuotes is rate limiting requests. Try again in 30 s.")
    }
  }

  // MARK: - Not the API

  /// An HTML page with status 200 (a captive portal, a proxy) is not a quote.
  @Test func htmlPageIsUnexpected() async throws {
    try await serving(.html("<html><body>Welcome</body></html>", status: .ok)) { client in
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(
        error == .unexpectedResponse(detail: "an HTML page instead of JSON", service: .zenQuotes)
      )
      #expect(
        error.errorDescription
          == "ZenQuotes sent an unexpected reply (an HTML page instead of JSON). "
          + "Check --zenquotes-url."
      )
    }
  }

  /// A wrong base URL lands on an HTML 404 page.
  @Test func wrongBaseURLIsUnexpected() async throws {
    try await withServer { _ in
      // No routes: every path gets the HTML 404 page.
    } _: { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(
          detail: "404 Not Found for /api/random", service: .zenQuotes)
      ) {
        try await client.random()
      }
    }
  }

  /// JSON that is not an array of quotes: one object, DummyJSON's shape, a wrong field type.
  @Test(arguments: [
    #"{"q":"The journey of a thousand miles begins with one step.","a":"Lao Tzu"}"#,
    #"[{"quote":"The journey of a thousand miles begins with one step.","author":"Lao Tzu"}]"#,
    #"[{"q":5,"a":"Lao Tzu"}]"#,
    #"[{"q":"Words without an author."}]"#,
    #"{"error":"Invalid request"}"#,
    "null",
    "",
  ])
  func wrongShapeIsUnexpected(body: String) async throws {
    try await serving(.json(body)) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(
          detail: "JSON that is not a list of quotes", service: .zenQuotes)
      ) {
        try await client.random()
      }
    }
  }

  /// An empty array has no quote to show.
  @Test func emptyArrayIsUnexpected() async throws {
    try await serving(.json("[]")) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(
          detail: "an empty list of quotes", service: .zenQuotes)
      ) {
        try await client.random()
      }
    }
  }

  /// A quote with no words or no author is not worth showing, nor is one of escape and bell
  /// characters alone (it would show as an empty card and join the offline pool).
  @Test(arguments: [
    #"[{"q":" ","a":"Lao Tzu","h":""}]"#, #"[{"q":"Words.","a":"","h":""}]"#,
    #"[{"q":"\u001b[2J\u0007\u001b]0;x\u0007","a":"Lao Tzu","h":""}]"#,
    #"[{"q":"Words.","a":"\u0000\u001b","h":""}]"#,
  ])
  func emptyQuoteIsUnexpected(body: String) async throws {
    try await serving(.json(body)) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(
          detail: "a quote with no text or no author", service: .zenQuotes)
      ) {
        try await client.random()
      }
    }
  }

  /// Any 5xx is a server error carrying its status, whatever the body.
  @Test(arguments: [
    HTTPResponse.json(#"{"error":"Internal Server Error"}"#, status: .internalServerError),
    HTTPResponse.html("<html><body>502 Bad Gateway</body></html>", status: .badGateway),
  ])
  func serverErrorKeepsItsStatus(reply: HTTPResponse) async throws {
    try await serving(reply) { client in
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(error == .serverError(status: reply.statusCode.code, service: .zenQuotes))
      #expect(
        error.errorDescription
          == "ZenQuotes answered with server error \(reply.statusCode.code). "
          + "Try again later."
      )
    }
  }

  /// A reply over ``QuoteClient/maxBodyBytes`` is refused, not read into memory.
  @Test func replyOverOneMiBIsRefused() async throws {
    let text = String(repeating: "a", count: QuoteClient.maxBodyBytes)
    try await serving(.json(#"[{"q":"\#(text)","a":"Lao Tzu","h":""}]"#)) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(
          detail: "a reply larger than 1 MiB", service: .zenQuotes)
      ) {
        try await client.random()
      }
    }
  }

  // MARK: - Transport

  /// No reply within the timeout: the handler sleeps past it, and the client gives up.
  @Test func slowReplyTimesOut() async throws {
    try await withServer(timeoutSeconds: 1) { server in
      await server.appendRoute("GET /api/random") { _ in
        try await Task.sleep(for: .seconds(3))
        return .json(#"[{"q":"Too late.","a":"Lao Tzu","h":""}]"#)
      }
    } _: { client in
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(error == .timedOut(seconds: 1, service: .zenQuotes))
      #expect(
        error.errorDescription
          == "ZenQuotes did not answer within 1 s. Try again, or raise --timeout."
      )
    }
  }

  /// Nothing listens on the port: ZenQuotes is unreachable, and the sentence says ZenQuotes.
  @Test func refusedConnectionIsUnreachable() async throws {
    let port = try RawTCPServer.closedPort()
    let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let client = ZenQuotesClient.live(baseURL: baseURL, timeoutSeconds: 30)
    let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
    #expect(error == .unreachable(reason: "could not connect to the server", service: .zenQuotes))
    #expect(
      error.errorDescription
        == "ZenQuotes is unreachable (could not connect to the server). "
        + "Check the network and try again."
    )
  }
}

@Suite("Quote client errors name their service")
struct QuoteClientErrorTests {
  /// Without a service, an error is DummyJSON's, with the sentences it always had.
  @Test func dummyJSONIsTheDefault() {
    let errors: [QuoteClientError] = [
      .unreachable(reason: "no network connection"), .timedOut(seconds: 10),
      .rateLimited(retryAfter: 10), .rateLimited(retryAfter: nil), .notFound(id: 7),
      .serverError(status: 503), .unexpectedResponse(detail: "an HTML page instead of JSON"),
    ]
    #expect(errors.allSatisfy { $0.service == .dummyJSON })
    #expect(
      errors.map(\.errorDescription) == [
        "DummyJSON is unreachable (no network connection). Check the network and try again.",
        "DummyJSON did not answer within 10 s. Try again, or raise --timeout.",
        "DummyJSON is rate limiting requests. Try again in 10 s.",
        "DummyJSON is rate limiting requests. Try again in a few seconds.",
        "DummyJSON has no quote with id 7. Run 'powerquotes browse' to see its quotes and their ids.",
        "DummyJSON answered with server error 503. Try again later.",
        "DummyJSON sent an unexpected reply (an HTML page instead of JSON). Check --api-url.",
      ]
    )
  }

  /// A wait already over (Retry-After: 0, or a date in the past) is not "0 s".
  @Test func rateLimitWithNoWaitLeft() {
    #expect(
      QuoteClientError.rateLimited(retryAfter: 0).errorDescription
        == "DummyJSON is rate limiting requests. Try again in a few seconds.")
    #expect(
      QuoteClientError.rateLimited(retryAfter: 0, service: .zenQuotes).errorDescription
        == "ZenQuotes is rate limiting requests. Try again in a few seconds.")
  }

  /// The same failure from two services is two different errors.
  @Test func serviceIsPartOfTheError() {
    #expect(
      QuoteClientError.serverError(status: 500)
        != .serverError(status: 500, service: .zenQuotes)
    )
    #expect(QuoteClientError.timedOut(seconds: 3, service: .zenQuotes).service == .zenQuotes)
    #expect(QuoteSource.zenQuotes.description == "ZenQuotes")
    #expect(QuoteSource.zenQuotes.rawValue == "zenquotes")
  }
}

// MARK: - Helpers

/// ZenQuotes' answer to a client over its free limit.
private let rateLimitQuote =
  #"[{"q":"Too many requests. Obtain an auth key for unlimited access.","a":"zenquotes.io","#
  + #""h":"Too many requests. Obtain an auth key for unlimited access @ zenquotes.io"}]"#

/// Runs `body` with a client of a fresh fixture server whose routes are set by `configure`; any
/// other path gets an HTML 404 page.
@discardableResult
private func withServer<T>(
  timeoutSeconds: TimeInterval = 30,
  _ configure: @Sendable (HTTPServer) async -> Void,
  _ body: (ZenQuotesClient) async throws -> T
) async throws -> T {
  try await FixtureServer.with { server in
    await configure(server)
    await server.appendRoute("*") { _ in .html("<html><body>404 Not Found</body></html>") }
  } _: { server in
    try await body(.live(baseURL: server.baseURL, timeoutSeconds: timeoutSeconds))
  }
}

/// Runs `body` with a client of a fresh fixture server that answers `GET /api/random` with
/// `reply`.
@discardableResult
private func serving<T>(
  _ reply: HTTPResponse,
  _ body: (ZenQuotesClient) async throws -> T
) async throws -> T {
  try await withServer { server in
    await server.appendRoute("GET /api/random") { _ in reply }
  } _: { client in
    try await body(client)
  }
}
