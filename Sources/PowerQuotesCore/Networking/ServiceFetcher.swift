import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GET to one quote service, with every failure of the fetch as that service's
/// ``QuoteClientError``, and the checks of a reply that every quote API shares.
struct ServiceFetcher: Sendable {
  /// The service asked, named in every error.
  var service: QuoteService
  /// The fetch itself: timeout and size cap.
  var fetcher: HTTPFetcher

  /// The reply to a GET of `url`, whatever its status.
  func get(_ url: URL) async throws -> (HTTPURLResponse, Data) {
    do {
      return try await fetcher.get(url)
    } catch _ where Task.isCancelled {
      // Ctrl-C in the shell cancels the request: that is not the service failing, so no fallback.
      throw CancellationError()
    } catch HTTPFetchError.bodyTooLarge {
      throw unexpected("a reply larger than 1 MiB")
    } catch HTTPFetchError.cutShort {
      throw unexpected("the reply was cut short")
    } catch HTTPFetchError.notHTTP {
      throw unexpected("not an HTTP reply")
    } catch let error as URLError {
      throw clientError(for: error)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw QuoteClientError.unreachable(reason: error.localizedDescription, service: service)
    }
  }

  /// Throws unless `response` says its body is JSON: an HTML page means a wrong base URL, a
  /// captive portal or a proxy, never a quote.
  func requireJSON(_ response: HTTPURLResponse) throws {
    guard Self.isJSON(response) else {
      let type = response.value(forHTTPHeaderField: "Content-Type") ?? "no content type"
      let what = type.lowercased().contains("html") ? "an HTML page" : "'\(type)'"
      throw unexpected("\(what) instead of JSON")
    }
  }

  /// ``QuoteClientError/unexpectedResponse(detail:service:)`` for this service.
  func unexpected(_ detail: String) -> QuoteClientError {
    .unexpectedResponse(detail: detail, service: service)
  }

  /// Whether the reply's content type is JSON.
  static func isJSON(_ response: HTTPURLResponse) -> Bool {
    let type = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
    return type.hasPrefix("application/json") || type.contains("+json")
  }

  /// `Retry-After` as whole seconds, when it is a number of them (HTTP also allows a date, and
  /// a negative number means nothing).
  static func retryAfter(_ response: HTTPURLResponse) -> Int? {
    response.value(forHTTPHeaderField: "Retry-After")
      .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
      .flatMap { $0 >= 0 ? $0 : nil }
  }

  private func clientError(for error: URLError) -> QuoteClientError {
    switch error.code {
    case .timedOut:
      return .timedOut(seconds: fetcher.timeoutSeconds, service: service)
    case .cancelled:
      return .unreachable(reason: "the request was cancelled", service: service)
    case .cannotFindHost, .dnsLookupFailed:
      return .unreachable(reason: "the host name could not be resolved", service: service)
    case .cannotConnectToHost:
      return .unreachable(reason: "could not connect to the server", service: service)
    case .notConnectedToInternet:
      return .unreachable(reason: "no network connection", service: service)
    case .networkConnectionLost:
      return unexpected("the connection closed before the reply was complete")
    case .badServerResponse, .cannotParseResponse:
      return unexpected("a malformed HTTP reply")
    case .unsupportedURL:
      // The scheme was checked before asking, so this is libcurl refusing a reply that is not
      // HTTP ("Received HTTP/0.9 when not allowed").
      return unexpected("a reply that is not HTTP")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return .unreachable(reason: "the secure connection failed", service: service)
    default:
      return .unreachable(reason: error.localizedDescription, service: service)
    }
  }
}
