/// Adds ANSI styles to text when colour is on, and nothing when it is off.
///
/// Only views call it, and only on text they have already sanitized.
public struct TextPainter: Sendable {
  /// Whether styles are emitted.
  public var enabled: Bool

  /// Makes a painter that styles text only when `enabled`.
  public init(enabled: Bool) { self.enabled = enabled }

  /// Bold text.
  public func bold(_ text: String) -> String { paint(text, "1") }
  /// Dim text.
  public func dim(_ text: String) -> String { paint(text, "2") }
  /// Italic text.
  public func italic(_ text: String) -> String { paint(text, "3") }
  /// Cyan text.
  public func accent(_ text: String) -> String { paint(text, "36") }
  /// Bold red text, as grep shows a match.
  public func match(_ text: String) -> String { paint(text, "1;31") }

  private func paint(_ text: String, _ code: String) -> String {
    enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
