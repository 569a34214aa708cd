import FlyingFox
import FlyingSocks
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

/// Tests for ``QuoteClient/live(baseURL:timeoutSeconds:)`` against a real HTTP server on
/// 127.0.0.1 that speaks DummyJSON's contract, failures included (see shared/dummyjson-api.md).
@Suite struct QuoteClientTests {
  // MARK: - Success

  /// `/quotes/random` answers with one quote object; every field reaches the model.
  @Test func randomDecodesTheQuote() async throws {
    let reply = HTTPResponse.json(
      #"{"id":613,"quote":"Success is when your signature becomes an autograph.","#
        + #""author":"Abdul Kalam"}"#
    )
    let quote = try await serving(reply) { client in try await client.random() }
    #expect(
      quote
        == Quote(
          text: "Success is when your signature becomes an autograph.",
          author: "Abdul Kalam",
          source: .dummyJSON,
          sourceID: 613
        )
    )
  }

  /// `quote(12)` asks for `/quotes/12` and returns that quote, not another one the server has.
  @Test func quoteByIDRequestsItsPath() async throws {
    let log = RequestLog()
    let quote = try await withFakeDummyJSON(log: log) { client, _ in try await client.quote(12) }
    #expect(log.paths == ["/quotes/12"])
    #expect(
      quote
        == Quote(
          text: "Life isn’t about getting and having, it’s about giving and being.",
          author: "Kevin Kruse",
          source: .dummyJSON,
          sourceID: 12
        )
    )
  }

  // MARK: - DummyJSON's own errors

  /// An id DummyJSON does not have: its JSON 404 becomes `notFound`, with a plain sentence.
  @Test func unknownIDIsNotFound() async throws {
    let log = RequestLog()
    let error = try await withFakeDummyJSON(log: log) { client, _ in
      try await #require(throws: QuoteClientError.self) { try await client.quote(9999) }
    }
    #expect(log.paths == ["/quotes/9999"])
    #expect(error == .notFound(id: 9999))
    #expect(
      error.errorDescription
        == "DummyJSON has no quote with id 9999. Run 'powerquotes browse' to see its quotes "
        + "and their ids.")
  }

  /// 429 carries the wait from `Retry-After` when it is a number of seconds, and nil otherwise.
  @Test(arguments: retryAfterCases)
  func rateLimited(retryAfterHeader: String?, retryAfter: Int?) async throws {
    var headers: HTTPHeaders = [HTTPHeader("X-RateLimit-Limit"): "100"]
    headers[HTTPHeader("X-RateLimit-Remaining")] = "0"
    headers[HTTPHeader("Retry-After")] = retryAfterHeader
    let reply = HTTPResponse.json(
      #"{"message":"request limit exceeded, please wait a few seconds"}"#,
      status: .tooManyRequests,
      headers: headers
    )
    try await serving(reply) { client in
      await #expect(throws: QuoteClientError.rateLimited(retryAfter: retryAfter)) {
        try await client.random()
      }
    }
  }

  // MARK: - Not the API

  /// A `Retry-After` date counts from the reply's own `Date`, whatever the local clock says.
  @Test func retryAfterDateCountsFromTheReplysDate() async throws {
    let reply = HTTPResponse.json(
      #"{"message":"request limit exceeded"}"#,
      status: .tooManyRequests,
      headers: [
        HTTPHeader("Date"): "Wed, 21 Oct 2015 07:27:00 GMT",
        HTTPHeader("Retry-After"): "Wed, 21 Oct 2015 07:28:30 GMT",
      ]
    )
    try await serving(reply) { client in
      await #expect(throws: QuoteClientError.rateLimited(retryAfter: 90)) {
        try await client.random()
      }
    }
  }

  /// DummyJSON's HTML 404 page for an unknown path (a wrong `--api-url`) is not a quote.
  @Test func htmlNotFoundPageIsUnexpected() async throws {
    try await serving(.html(notFoundPage)) { client in
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(error.isUnexpectedResponse, "\(error)")
    }
  }

  /// A base URL with a path prefix DummyJSON does not have lands on its HTML 404 page; for
  /// `/quotes/{id}` that must not read as "no quote with that id".
  @Test func wrongBaseURLIsUnexpectedNotNotFound() async throws {
    let log = RequestLog()
    try await withFakeDummyJSON(log: log) { _, server in
      let client = QuoteClient.live(
        baseURL: server.baseURL.appending(path: "v2"),
        timeoutSeconds: generousTimeout
      )
      let random = try await #require(throws: QuoteClientError.self) {
        try await client.random()
      }
      #expect(random.isUnexpectedResponse, "\(random)")
      let byID = try await #require(throws: QuoteClientError.self) { try await client.quote(1) }
      #expect(byID.isUnexpectedResponse, "\(byID)")
    }
    #expect(log.paths == ["/v2/quotes/random", "/v2/quotes/1"])
  }

  /// An HTML page with status 200 (a captive portal, a proxy) is not a quote either.
  @Test func htmlPageWithStatus200IsUnexpected() async throws {
    try await serving(.html(notFoundPage, status: .ok)) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(detail: "an HTML page instead of JSON")
      ) {
        try await client.random()
      }
    }
  }

  /// Any 5xx is a server error carrying its status, whatever the body.
  @Test(arguments: [
    HTTPResponse.json(#"{"message":"Internal Server Error"}"#, status: .internalServerError),
    HTTPResponse.html(
      "<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>",
      status: .serviceUnavailable
    ),
  ])
  func serverErrorKeepsItsStatus(reply: HTTPResponse) async throws {
    try await serving(reply) { client in
      await #expect(throws: QuoteClientError.serverError(status: reply.statusCode.code)) {
        try await client.random()
      }
    }
  }

  /// JSON that decodes but is not one quote object (a list reply, an array, a wrong field type).
  @Test(arguments: [
    #"{"quotes":[],"total":1454,"skip":0,"limit":0}"#,
    "[]",
    #"[{"id":1,"quote":"Your heart is the size of an ocean.","author":"Rumi"}]"#,
    #"{"id":1,"quote":5}"#,
    #"{"id":1,"quote":"Your heart is the size of an ocean."}"#,
    #"{"message":"Quote with id '1' not found"}"#,
    "<html></html>",
    "",
  ])
  func wrongJSONShapeIsUnexpected(body: String) async throws {
    try await serving(.json(body)) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(detail: "JSON that is not a quote")
      ) {
        try await client.random()
      }
    }
  }

  /// The same quote whichever reader reads the body: the scanner for a plain object, and
  /// `JSONDecoder` for a body the scanner leaves to it (a fraction, a nested member, a number
  /// for an id written as a fraction).
  @Test(arguments: [
    #"{"id":7,"quote":"Know thyself.","author":"Socrates"}"#,
    #" {"author":"Socrates","quote":"Know thyself.","id":7} "#,
    #"{"id":7,"quote":"Know \u0074hyself.","author":"Socrates","tags":["wisdom"]}"#,
    #"{"id":7,"quote":"Know thyself.","author":"Socrates","rating":4.5}"#,
    #"{"id":7,"quote":"Know thyself.","author":"Socrates","meta":{"likes":[1,{"a":null}]}}"#,
    #"{"id":7.0,"quote":"Know thyself.","author":"Socrates"}"#,
  ])
  func quoteReadsTheSameFromEitherReader(body: String) throws {
    #expect(
      try QuoteClient.quote(fromReply: Data(body.utf8))
        == Quote(text: "Know thyself.", author: "Socrates", source: .dummyJSON, sourceID: 7))
  }

  /// `prepare()` starts loading libcurl on another thread; a request made while it loads, or
  /// after, waits for it and gets the quote.
  @Test func preparedClientAnswers() async throws {
    let reply = HTTPResponse.json(#"{"id":9,"quote":"Begin.","author":"Rumi"}"#)
    let quote = try await serving(reply) { client in
      client.prepare()
      client.prepare()
      return try await client.random()
    }
    #expect(quote == Quote(text: "Begin.", author: "Rumi", source: .dummyJSON, sourceID: 9))
  }

  /// A quote object with no words or no author is not a quote worth showing.
  @Test(arguments: [
    #"{"id":1,"quote":"","author":"Rumi"}"#,
    #"{"id":1,"quote":" \n\t","author":"Rumi"}"#,
    #"{"id":1,"quote":"Your heart is the size of an ocean.","author":""}"#,
  ])
  func emptyQuoteIsUnexpected(body: String) async throws {
    try await serving(.json(body)) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(detail: "a quote with no text or no author")
      ) {
        try await client.random()
      }
    }
  }

  // MARK: - Transport

  /// No reply within the timeout: the handler sleeps past it, and the client gives up; a
  /// fraction (`--timeout 0.5`) is half a second, and the message says so.
  @Test(arguments: [(1.0, "1"), (0.5, "0.5")])
  func slowReplyTimesOut(timeout: TimeInterval, shown: String) async throws {
    try await withServer(timeoutSeconds: timeout) { server in
      await server.appendRoute("GET /quotes/random") { _ in
        try await Task.sleep(for: .seconds(3))
        return .json(#"{"id":1,"quote":"Too late.","author":"Rumi"}"#)
      }
    } _: { client in
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(error == .timedOut(seconds: timeout))
      #expect(
        error.errorDescription
          == "DummyJSON did not answer within \(shown) s. Try again, or raise --timeout.")
    }
  }

  /// The server promises more than it sends and closes: a reply cut short.
  ///
  /// Not a quote, and not an unreachable server either (it answered). URLSession on Linux reports this as
  /// `URLError(.unknown)` ("transfer closed with N bytes remaining to read").
  @Test(arguments: [
    "Content-Length: 200\r\n\r\n" + #"{"id":1,"quote":"cut"#,
    "Transfer-Encoding: chunked\r\n\r\n14\r\n" + #"{"id":1,"quote":"cut"#,
  ])
  func truncatedBodyIsUnexpected(framingAndBody: String) async throws {
    let reply =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n" + framingAndBody
    try await RawTCPServer.with(reply: Data(reply.utf8)) { server in
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: generousTimeout)
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      let head = try #require(server.requestHeads.first)
      #expect(head.hasPrefix("GET /quotes/random HTTP/1.1\r\n"))
      #expect(error == .unexpectedResponse(detail: "the reply was cut short"))
    }
  }

  /// A header's text reaches a message made safe: an OSC 52 sequence in the Content-Type (which
  /// would write the terminal's clipboard) and a bell are taken out of every sentence.
  @Test func headerTextInMessagesIsSanitized() async throws {
    let body = #"{"id":1,"quote":"x","author":"y"}"#
    let reply =
      "HTTP/1.1 200 OK\r\nContent-Type: text/x\u{1B}]52;c;SGVsbG8=\u{07}plain\r\n"
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
    try await RawTCPServer.with(reply: Data(reply.utf8)) { server in
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: generousTimeout)
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      for text in [error.errorDescription ?? "", error.fallbackNote, error.reason] {
        #expect(
          !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("text/x"))
      }
    }
  }

  /// The server closes the connection without a byte of reply.
  @Test func emptyReplyIsMalformed() async throws {
    try await RawTCPServer.with(reply: Data()) { server in
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: generousTimeout)
      await #expect(throws: QuoteClientError.unexpectedResponse(detail: "a malformed HTTP reply")) {
        try await client.random()
      }
      #expect(server.requestHeads.count == 1)
    }
  }

  /// Something that is not HTTP answers on the port.
  ///
  /// As with a wrong port in `--api-url`. URLSession on
  /// Linux reports this as `URLError(.unsupportedURL)` ("Received HTTP/0.9 when not allowed").
  @Test func nonHTTPReplyIsUnexpected() async throws {
    try await RawTCPServer.with(reply: Data("SSH-2.0-OpenSSH_9.6\r\n\r\n".utf8)) { server in
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: generousTimeout)
      let error = try await #require(throws: QuoteClientError.self) { try await client.random() }
      #expect(server.requestHeads.count == 1)
      #expect(error == .unexpectedResponse(detail: "a reply that is not HTTP"))
    }
  }

  /// A reply over ``QuoteClient/maxBodyBytes`` is refused, whether its length is announced or
  /// it comes chunked with no length; the body is a valid quote, so only the cap can refuse it.
  @Test(arguments: [BodyFraming.contentLength, .chunked])
  func replyOverOneMiBIsRefused(framing: BodyFraming) async throws {
    let reply = framing.response(quoteJSON(totalBytes: QuoteClient.maxBodyBytes + 1))
    #expect(reply.bodyCount == framing.bodyCount(QuoteClient.maxBodyBytes + 1))
    try await serving(reply) { client in
      await #expect(
        throws: QuoteClientError.unexpectedResponse(detail: "a reply larger than 1 MiB")
      ) {
        try await client.random()
      }
    }
  }

  /// A reply of exactly ``QuoteClient/maxBodyBytes`` is still read whole.
  @Test(arguments: [BodyFraming.contentLength, .chunked])
  func replyOfExactlyOneMiBIsRead(framing: BodyFraming) async throws {
    let reply = framing.response(quoteJSON(totalBytes: QuoteClient.maxBodyBytes))
    #expect(reply.bodyCount == framing.bodyCount(QuoteClient.maxBodyBytes))
    let quote = try await serving(reply) { client in
      try await client.random()
    }
    #expect(quote.author == "Rumi")
    #expect(quote.sourceID == 1)
    #expect(quote.text == "Padded.")
  }

  /// Nothing listens on the port: the connection is refused and DummyJSON is unreachable.
  @Test func refusedConnectionIsUnreachable() async throws {
    let port = try RawTCPServer.closedPort()
    let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let client = QuoteClient.live(baseURL: baseURL, timeoutSeconds: generousTimeout)
    await #expect(
      throws: QuoteClientError.unreachable(reason: "could not connect to the server")
    ) {
      try await client.random()
    }
  }

  /// Cancelling the task (Ctrl-C in the shell) ends a request that is still waiting, well before
  /// its timeout would have: the error is the cancellation, not a timeout.
  @Test func cancellingEndsAWaitingRequest() async throws {
    let arrived = AsyncStream<Void>.makeStream()
    try await withServer { server in
      await server.appendRoute("GET /quotes/random") { _ in
        arrived.continuation.yield()
        try await Task.sleep(for: .seconds(60))
        return .json(#"{"id":1,"quote":"Too late.","author":"Rumi"}"#)
      }
    } _: { client in
      let request = Task { try await client.random() }
      var waiting = arrived.stream.makeAsyncIterator()
      _ = await waiting.next()
      request.cancel()
      await #expect(throws: CancellationError.self) { try await request.value }
    }
  }

  /// An IPv6 literal base URL reaches a server listening on `::1`.
  @Test func ipv6LiteralURLWorks() async throws {
    let quote = try await FixtureServer.with(ipv6: true) { server in
      await server.appendRoute("GET /quotes/random") { _ in
        .json(#"{"id":3,"quote":"Know thyself.","author":"Socrates"}"#)
      }
    } _: { server in
      #expect(server.baseURL.absoluteString.hasPrefix("http://[::1]:"))
      let client = QuoteClient.live(baseURL: server.baseURL, timeoutSeconds: generousTimeout)
      return try await client.random()
    }
    #expect(quote.text == "Know thyself.")
  }

  /// Redirects are followed, up to five, and only to http or https.
  @Test func redirectsAreFollowedWithinLimits() async throws {
    try await FixtureServer.with { server in
      await server.appendRoute("GET /old/quotes/random") { _ in
        HTTPResponse(statusCode: .movedPermanently, headers: [.location: "/quotes/random"])
      }
      await server.appendRoute("GET /quotes/random") { _ in
        .json(#"{"id":3,"quote":"Know thyself.","author":"Socrates"}"#)
      }
      await server.appendRoute("GET /loop/quotes/random") { _ in
        HTTPResponse(statusCode: .found, headers: [.location: "/loop/quotes/random"])
      }
      await server.appendRoute("GET /ftp/quotes/random") { _ in
        HTTPResponse(statusCode: .found, headers: [.location: "ftp://127.0.0.1/quotes"])
      }
    } _: { server in
      func client(_ path: String) -> QuoteClient {
        .live(baseURL: server.baseURL.appending(path: path), timeoutSeconds: generousTimeout)
      }
      let followed = try await client("old").random()
      #expect(followed.text == "Know thyself.")
      await #expect(throws: QuoteClientError.unexpectedResponse(detail: "more than 5 redirects")) {
        try await client("loop").random()
      }
      await #expect(
        throws: QuoteClientError.unexpectedResponse(
          detail: "a redirect to a URL that is not http or https")
      ) {
        try await client("ftp").random()
      }
    }
  }

  // MARK: - Text

  /// Text enters cleaned: escape sequences, bells and C1 controls are gone before anything
  /// stores it, and everything else (curly quotes, accents, emoji) arrives exactly as sent.
  @Test func textArrivesCleaned() async throws {
    let reply = HTTPResponse.json(
      #"{"id":20,"quote":"Red \u001b[31malert\u001b[0m, bell \u0007, CSI \u009b2J, "#
        + #"’curly’ “quotes” 🌊","author":"Umar ibn Al-Khattāb (R.A)"}"#
    )
    let quote = try await serving(reply) { client in try await client.random() }
    let text =
      "Red alert, bell , CSI , \u{2019}curly\u{2019} \u{201C}quotes\u{201D} \u{1F30A}"
    #expect(Array(quote.text.utf8) == Array(text.utf8))
    #expect(Array(quote.author.utf8) == Array("Umar ibn Al-Khatt\u{101}b (R.A)".utf8))
    #expect(quote.sourceID == 20)
  }
}

// MARK: - Helpers

/// `Retry-After` headers and the wait read from each: DummyJSON sends seconds, but HTTP also
/// allows a date.
private let retryAfterCases: [(String?, Int?)] = [
  ("10", 10),
  (nil, nil),
  ("soon", nil),
  // An HTTP date: one in the past means now; one far ahead is capped at a day.
  ("Wed, 21 Oct 2015 07:28:00 GMT", 0),
  ("Wed, 21 Oct 2099 07:28:00 GMT", 86_400),
  ("99999999999999999999999", 86_400),
]

/// The timeout for tests that are not about timing out: long enough never to trip.
private let generousTimeout: TimeInterval = 30

/// Runs `body` with a client of a fresh fixture server whose routes are set by `configure`; any
/// other path gets DummyJSON's HTML 404 page, as the real server sends.
@discardableResult
private func withServer<T>(
  timeoutSeconds: TimeInterval = generousTimeout,
  _ configure: @Sendable (HTTPServer) async -> Void,
  _ body: (QuoteClient) async throws -> T
) async throws -> T {
  try await FixtureServer.with { server in
    await configure(server)
    await server.appendRoute("*") { _ in .html(notFoundPage) }
  } _: { server in
    try await body(.live(baseURL: server.baseURL, timeoutSeconds: timeoutSeconds))
  }
}

/// Runs `body` with a client of a fresh fixture server that answers `GET /quotes/random` with
/// `reply`, and any other path with DummyJSON's HTML 404 page.
@discardableResult
private func serving<T>(
  _ reply: HTTPResponse,
  _ body: (QuoteClient) async throws -> T
) async throws -> T {
  try await withServer { server in
    await server.appendRoute("GET /quotes/random") { _ in reply }
  } _: { client in
    try await body(client)
  }
}

/// Runs `body` with a client of a fresh ``FakeDummyJSON`` server that records paths in `log`.
@discardableResult
private func withFakeDummyJSON<T>(
  log: RequestLog,
  _ body: (QuoteClient, FixtureServer) async throws -> T
) async throws -> T {
  try await FixtureServer.with { server in
    await FakeDummyJSON.install(on: server, log: log)
  } _: { server in
    try await body(.live(baseURL: server.baseURL, timeoutSeconds: generousTimeout), server)
  }
}

/// The paths a server was asked for, in order.
private final class RequestLog: Sendable {
  private let storage = Mutex<[String]>([])

  var paths: [String] { storage.withLock { $0 } }

  func record(_ request: HTTPRequest) {
    storage.withLock { $0.append(request.path) }
  }
}

/// DummyJSON's quote routes over two quotes: `/quotes/random`, and `/quotes/{id}` with its JSON
/// 404 for an id it does not have.
private enum FakeDummyJSON {
  static let quotes: [Int: String] = [
    1: #"{"id":1,"quote":"Your heart is the size of an ocean. Go find yourself in its hidden "#
      + #"depths.","author":"Rumi"}"#,
    12: #"{"id":12,"quote":"Life isn’t about getting and having, it’s about giving and "#
      + #"being.","author":"Kevin Kruse"}"#,
  ]

  static func install(on server: HTTPServer, log: RequestLog) async {
    await server.appendRoute("GET /quotes/random") { request in
      log.record(request)
      return .json(quotes[1] ?? "")
    }
    await server.appendRoute("GET /quotes/:id") { request in
      log.record(request)
      // Only an id exactly as DummyJSON writes it matches: not "012", not "+12".
      let id = request.path.split(separator: "/").last.map(String.init) ?? ""
      if let quote = quotes.first(where: { String($0.key) == id })?.value {
        return .json(quote)
      }
      return .json(#"{"message":"Quote with id '\#(id)' not found"}"#, status: .notFound)
    }
    await server.appendRoute("*") { request in
      log.record(request)
      return .html(notFoundPage)
    }
  }
}

/// The shape of DummyJSON's 404 page for unknown paths, shortened.
private let notFoundPage = """
  <!DOCTYPE html>
  <html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Page not found — DummyJSON</title>
  </head>
  <body>
    <h1>404</h1>
    <p>This page does not exist. Return to DummyJSON for the fake REST API and documentation.</p>
  </body>
  </html>
  """

/// The bytes of `quoteJSON` around the quote text.
private let quoteJSONOverhead = #"{"id":1,"quote":"Padded.","author":"Rumi"}"#.utf8.count

/// A valid quote object of exactly `totalBytes` bytes: a short quote, and JSON white space
/// after it (a quote itself may not be longer than 4,000 characters).
private func quoteJSON(totalBytes: Int) -> String {
  #"{"id":1,"quote":"Padded.","author":"Rumi"}"#
    + String(repeating: " ", count: totalBytes - quoteJSONOverhead)
}

/// How a reply's body is delimited on the wire.
enum BodyFraming: CustomTestStringConvertible, Sendable {
  /// With a `Content-Length` header.
  case contentLength
  /// With `Transfer-Encoding: chunked` and no length.
  case chunked

  var testDescription: String {
    switch self {
    case .contentLength: "Content-Length"
    case .chunked: "chunked"
    }
  }

  /// A 200 JSON reply with `body`, framed this way.
  func response(_ body: String) -> HTTPResponse {
    switch self {
    case .contentLength:
      return .json(body)
    case .chunked:
      return HTTPResponse(
        statusCode: .ok,
        headers: [.contentType: "application/json; charset=utf-8"],
        body: HTTPBodySequence(from: UnsizedBytes(bytes: Array(body.utf8)))
      )
    }
  }

  /// The body length FlyingFox announces for a body of `bytes` bytes: none when chunked.
  func bodyCount(_ bytes: Int) -> Int? {
    switch self {
    case .contentLength: bytes
    case .chunked: nil
    }
  }
}

extension HTTPResponse {
  /// The body length FlyingFox will send as `Content-Length`; nil means chunked.
  fileprivate var bodyCount: Int? {
    guard case .httpBody(let sequence) = payload else { return nil }
    return sequence.count
  }
}

/// Bytes with no known length, so FlyingFox sends them with chunked transfer encoding.
private struct UnsizedBytes: AsyncBufferedSequence {
  typealias Element = UInt8

  let bytes: [UInt8]

  func makeAsyncIterator() -> Iterator { Iterator(rest: bytes[...]) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    var rest: ArraySlice<UInt8>

    mutating func next() async -> UInt8? { rest.popFirst() }

    mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
      guard !rest.isEmpty else { return nil }
      let chunk = rest.prefix(Swift.max(count, 1))
      rest = rest.dropFirst(chunk.count)
      return chunk
    }
  }
}

extension QuoteClientError {
  /// Whether this is ``unexpectedResponse(detail:)``, whatever the detail.
  fileprivate var isUnexpectedResponse: Bool {
    if case .unexpectedResponse = self { return true }
    return false
  }
}

@Suite("HTTP replies and the words messages use")
struct HTTPWordsTests {
  @Test(arguments: [
    (10.0, "10"), (0.5, "0.5"), (0.1, "0.1"), (1.25, "1.25"), (300.0, "300"), (2.0005, "2.001"),
  ])
  func seconds(value: Double, text: String) {
    #expect(Seconds.text(value) == text)
  }

  @Test func reasonPhrases() {
    #expect(HTTPStatus.reasonPhrase(404) == "Not Found")
    #expect(HTTPStatus.reasonPhrase(429) == "Too Many Requests")
    #expect(HTTPStatus.reasonPhrase(599) == "Server Error")
    #expect(HTTPStatus.reasonPhrase(299) == "Success")
  }
}
