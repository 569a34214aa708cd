import Foundation

/// A web address as messages show it: the one place a URL given by the user is echoed.
///
/// The user and password a URL may carry (`http://user:secret@host/`) never appear: they
/// are shown as `***`, so that the address is still recognizable and nothing of the secret is
/// printed, logged or kept in a terminal's scrollback. (A token is often the user part alone.)
public enum ShownURL {
  /// `url` without its user and password, cleaned for a terminal.
  public static func text(_ url: URL) -> String {
    text(url.absoluteString)
  }

  /// `text`, an address that may not even parse as a URL, without the user and password of
  /// its authority (what follows `://` up to the first `/`, `?` or `#`, up to its last `@`),
  /// cleaned for a terminal.
  public static func text(_ text: String) -> String {
    guard let schemeEnd = text.range(of: "://") else { return UntrustedText.sanitized(text) }
    let rest = text[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else {
      return UntrustedText.sanitized(text)
    }
    return UntrustedText.sanitized(
      String(text[..<schemeEnd.upperBound]) + "***" + String(rest[at...]))
  }
}
