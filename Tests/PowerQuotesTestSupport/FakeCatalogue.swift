import FlyingFox
import Foundation
import PowerQuotesCore
import Synchronization

/// A DummyJSON catalogue served as the real API serves `/quotes?limit=L&skip=S`.
///
/// Ordered by id; `limit` in the reply is the count returned; past the end an empty page;
/// `limit=0` means all; a non-number is a 400. Chosen requests can be answered with a 429 or a
/// 500 instead.
public final class FakeCatalogue: Sendable {
  /// The catalogue's quotes, ids 1...n.
  public let quotes: [Quote]
  private let state = Mutex(State())

  private struct State {
    var requests: [String] = []
    var failures: [Int: HTTPResponse] = [:]
  }

  /// A catalogue of `count` made-up quotes by a handful of authors.
  public init(count: Int) {
    quotes = (1...max(1, count)).map { id in
      Quote(
        text: "Catalogue quote number \(id).",
        author: ["Rumi", "Seneca", "Umar ibn Al-Khattāb (R.A)"][id % 3],
        source: .dummyJSON,
        sourceID: id
      )
    }
  }

  /// The query strings asked so far, as `limit=L&skip=S`.
  public var requests: [String] { state.withLock { $0.requests } }

  /// Answers the `n`th page request (from 1) with a 429 and a Retry-After of `seconds`.
  public func rateLimit(request n: Int, retryAfter seconds: Int) {
    state.withLock {
      $0.failures[n] = .json(
        #"{"message":"request limit exceeded, please wait a few seconds"}"#,
        status: .tooManyRequests,
        headers: [HTTPHeader("Retry-After"): String(seconds)]
      )
    }
  }

  /// Answers the `n`th page request (from 1) with a 500.
  public func fail(request n: Int) {
    state.withLock {
      $0.failures[n] = .json(#"{"message":"boom"}"#, status: .internalServerError)
    }
  }

  /// Routes for a FixtureServer.
  public var routes: @Sendable (HTTPServer) async -> Void {
    { server in
      await server.appendRoute("GET /quotes") { request in self.answer(request) }
    }
  }

  private func answer(_ request: HTTPRequest) -> HTTPResponse {
    let limitText = request.query["limit"] ?? "30"
    let skipText = request.query["skip"] ?? "0"
    let failure = state.withLock { state -> HTTPResponse? in
      state.requests.append("limit=\(limitText)&skip=\(skipText)")
      return state.failures[state.requests.count]
    }
    if let failure { return failure }
    guard let limit = Int(limitText), let skip = Int(skipText) else {
      return .json(#"{"message":"Invalid 'limit' - must be a number"}"#, status: .badRequest)
    }
    let start = min(max(0, skip), quotes.count)
    let end = limit == 0 ? quotes.count : min(quotes.count, start + max(0, limit))
    let page = quotes[start..<end].map { quote in
      ["id": quote.sourceID ?? 0, "quote": quote.text, "author": quote.author] as [String: Any]
    }
    let body: [String: Any] = [
      "quotes": page, "total": quotes.count, "skip": skip, "limit": page.count,
    ]
    let data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
    return .json(String(decoding: data, as: UTF8.self))
  }
}
