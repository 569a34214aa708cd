import Foundation

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
  /// - Throws: ``DownloadError`` for every failure: unreachable, timed out, a status other than
  ///   2xx, too large.
  public static func live(
    timeoutSeconds: TimeInterval,
    maxBodyBytes: Int = ImportParser.maxDownloadBytes
  ) -> DownloadClient {
    let fetcher = HTTPFetcher(timeout: timeoutSeconds, maxBodyBytes: maxBodyBytes)
    return DownloadClient { url in
      let shown = ShownURL.text(url)
      let response: HTTPReply
      let body: Data
      do {
        (response, body) = try await fetcher.get(url)
      } catch _ where Task.isCancelled {
        throw CancellationError()
      } catch let error as HTTPFetchError {
        throw downloadError(
          for: error, url: shown, timeoutSeconds: timeoutSeconds, limit: maxBodyBytes)
      }
      guard (200...299).contains(response.statusCode) else {
        throw DownloadError.httpStatus(url: shown, status: response.statusCode)
      }
      return body
    }
  }

  /// A client whose every call fails the test that made it: no test reaches a network by accident.
  public static let failing = DownloadClient { _ in
    throw UnstubbedError(name: "DownloadClient.get")
  }

  private static func downloadError(
    for error: HTTPFetchError,
    url: String,
    timeoutSeconds: TimeInterval,
    limit: Int
  ) -> DownloadError {
    switch error {
    case .timedOut: .timedOut(url: url, seconds: timeoutSeconds)
    case .bodyTooLarge: .tooLarge(url: url, limit: limit)
    default: .unreachable(url: url, reason: error.reason)
    }
  }
}
