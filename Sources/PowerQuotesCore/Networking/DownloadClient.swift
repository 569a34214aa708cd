import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches a file from the web for `fav import URL`, as a struct of closures so tests can swap it.
public struct DownloadClient: Sendable {
  /// The body of a successful GET of a URL.
  public var get: @Sendable (_ url: URL) async throws -> Data

  /// Makes a client from its operation.
  public init(get: @escaping @Sendable (_ url: URL) async throws -> Data) {
    self.get = get
  }
}

extension DownloadClient {
  /// A client that fetches over HTTP or HTTPS, giving up after `timeoutSeconds` and refusing a
  /// body larger than `maxBodyBytes`.
  ///
  /// - Throws: ``ImportError`` for every failure: unreachable, timed out, a status other than
  ///   2xx, too large.
  public static func live(
    timeoutSeconds: Int,
    maxBodyBytes: Int = ImportParser.maxDownloadBytes
  ) -> DownloadClient {
    let fetcher = HTTPFetcher(timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
    return DownloadClient { url in
      let shown = url.absoluteString
      let response: HTTPURLResponse
      let body: Data
      do {
        (response, body) = try await fetcher.get(url)
      } catch _ where Task.isCancelled {
        throw CancellationError()
      } catch HTTPFetchError.bodyTooLarge {
        throw ImportError.tooLarge(origin: shown, limit: maxBodyBytes)
      } catch HTTPFetchError.cutShort {
        throw ImportError.unreachable(url: shown, reason: "the reply was cut short")
      } catch HTTPFetchError.notHTTP {
        throw ImportError.unreachable(url: shown, reason: "not an HTTP reply")
      } catch let error as URLError {
        if error.code == .timedOut {
          throw ImportError.timedOut(url: shown, seconds: timeoutSeconds)
        }
        throw ImportError.unreachable(url: shown, reason: reason(error))
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        throw ImportError.unreachable(url: shown, reason: error.localizedDescription)
      }
      guard (200...299).contains(response.statusCode) else {
        throw ImportError.httpStatus(url: shown, status: response.statusCode)
      }
      return body
    }
  }

  /// A client whose every call fails the test that made it: no test reaches a network by accident.
  public static let failing = DownloadClient { _ in
    throw UnstubbedError(name: "DownloadClient.get")
  }

  private static func reason(_ error: URLError) -> String {
    switch error.code {
    case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved"
    case .cannotConnectToHost: "could not connect to the server"
    case .notConnectedToInternet: "no network connection"
    case .networkConnectionLost: "the connection closed before the reply was complete"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      "the secure connection failed"
    default: error.localizedDescription
    }
  }
}
