import Foundation

/// Where `fav import` reads from: a file, or an http or https URL.
public enum ImportLocation: Sendable, Equatable, CustomStringConvertible {
  /// A path on this machine.
  case file(path: String)
  /// A web address fetched with GET.
  case url(URL)

  /// The location `text` names: a URL when it starts with `http://` or `https://`, else a path.
  ///
  /// - Returns: nil for a URL with another scheme (`ftp://`, `file://`), or an http URL
  ///   without a host: those cannot be imported.
  public static func parse(_ text: String) -> ImportLocation? {
    guard let schemeEnd = text.range(of: "://") else { return .file(path: text) }
    let scheme = text[..<schemeEnd.lowerBound]
    guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || "+.-".contains($0)) })
    else { return .file(path: text) }
    guard ["http", "https"].contains(scheme.lowercased()), let url = URL(string: text),
      let host = url.host(), !host.isEmpty
    else { return nil }
    return .url(url)
  }

  /// The path that means standard input, as for most Unix tools.
  public static let standardInput = "-"

  /// The path as given (``standardInput`` too), or the URL without its user and password
  /// (``ShownURL``): what ``ImportError`` names in its sentences.
  public var description: String {
    switch self {
    case .file(let path): path
    case .url(let url): ShownURL.text(url)
    }
  }
}
