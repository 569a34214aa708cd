import Foundation

/// Why `fav import URL` could not download its file; nothing was changed.
///
/// Each case reads as one sentence.
public enum DownloadError: LocalizedError, Equatable, Sendable {
  /// The URL could not be fetched (no network, DNS failure, connection refused, cut short).
  case unreachable(url: String, reason: String)
  /// The URL did not answer within the timeout, in seconds.
  case timedOut(url: String, seconds: TimeInterval)
  /// The URL answered with a status other than 2xx.
  case httpStatus(url: String, status: Int)
  /// The reply is larger than `limit` bytes.
  case tooLarge(url: String, limit: Int)

  public var errorDescription: String? {
    switch self {
    case .unreachable(let url, let reason):
      "Could not download \(shown(url)) (\(reason)); nothing was imported. Check the address "
        + "and the network."
    case .timedOut(let url, let seconds):
      "\(shown(url)) did not answer within \(Seconds.text(seconds)) s; nothing was imported. "
        + "Try again, or raise --timeout."
    case .httpStatus(let url, let status):
      "\(shown(url)) answered with HTTP status \(status) "
        + "(\(HTTPStatus.reasonPhrase(status))); nothing was imported. "
        + "Check the address."
    case .tooLarge(let url, let limit):
      ImportError.tooLarge(origin: url, limit: limit).errorDescription
    }
  }

  private func shown(_ text: String) -> String { ShownURL.text(text) }
}
