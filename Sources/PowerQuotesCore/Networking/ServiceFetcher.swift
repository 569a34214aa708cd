import Foundation

/// A GET to one quote service, with every failure of the fetch as that service's
/// ``QuoteClientError``, and the checks of a reply that every quote API shares.
struct ServiceFetcher: Sendable {
  /// The service asked, named in every error.
  var service: QuoteService
  /// The fetch itself: timeout and size cap.
  var fetcher: HTTPFetcher

  /// The reply to a GET of `url`, whatever its status.
  func get(_ url: URL) async throws -> (HTTPReply, Data) {
    do {
      return try await fetcher.get(url)
    } catch _ where Task.isCancelled {
      // Ctrl-C in the shell cancels the request: that is not the service failing, so no fallback.
      throw CancellationError()
    } catch let error as HTTPFetchError {
      throw clientError(for: error)
    }
  }

  /// Throws unless `response` says its body is JSON: an HTML page means a wrong base URL, a
  /// captive portal or a proxy, never a quote.
  func requireJSON(_ response: HTTPReply) throws {
    guard Self.isJSON(response) else {
      let type = response.value(forHeader: "Content-Type") ?? "no content type"
      let what = type.lowercased().contains("html") ? "an HTML page" : "'\(type)'"
      throw unexpected("\(what) instead of JSON")
    }
  }

  /// ``QuoteClientError/unexpectedResponse(detail:service:)`` for this service.
  func unexpected(_ detail: String) -> QuoteClientError {
    .unexpectedResponse(detail: detail, service: service)
  }

  /// Whether the reply's content type is JSON.
  static func isJSON(_ response: HTTPReply) -> Bool {
    let type = response.value(forHeader: "Content-Type")?.lowercased() ?? ""
    return type.hasPrefix("application/json") || type.contains("+json")
  }

  /// `Retry-After` as whole seconds from now, whichever form the server used.
  ///
  /// A number of seconds, or an HTTP date, counted from the reply's own `Date` when it has one
  /// (so a clock that is off does not matter) or else from `now`. A date in the past is 0; nil when the
  /// header is missing or unreadable. At most a day: what a server asks beyond that is not a
  /// wait, and nothing else can overflow.
  static func retryAfter(_ response: HTTPReply, now: Date = Date()) -> Int? {
    guard
      let value = response.value(forHeader: "Retry-After")?
        .trimmingCharacters(in: .whitespaces), !value.isEmpty
    else { return nil }
    let longest = 86_400
    if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      return Int(value).map { min($0, longest) } ?? longest
    }
    guard let until = HTTPDate.parse(value) else { return nil }
    let from = response.value(forHeader: "Date").flatMap(HTTPDate.parse) ?? now
    let seconds = until.timeIntervalSince(from).rounded(.up)
    return seconds <= 0 ? 0 : Int(min(seconds, Double(longest)))
  }

  private func clientError(for error: HTTPFetchError) -> QuoteClientError {
    switch error {
    case .timedOut:
      .timedOut(seconds: fetcher.timeout, service: service)
    case .bodyTooLarge:
      unexpected("a reply larger than 1 MiB")
    case .cannotResolve, .cannotConnect, .secureConnectionFailed, .noLibrary, .other:
      .unreachable(reason: error.reason, service: service)
    case .cutShort, .malformed, .notHTTP, .tooManyRedirects, .badRedirect:
      // The server was reached, and its reply is what went wrong.
      unexpected(error.reason)
    }
  }
}
