import Foundation

/// How share text is laid out.
public enum ShareStyle: String, CaseIterable, Sendable {
  /// `"quote" — Author`, to paste anywhere.
  case plain
  /// A Markdown block quote with the author on its last line.
  case markdown
  /// `{"quote": ..., "author": ...}`.
  case json
}

/// The text that shares a quote: the iOS app's share sheet, for a terminal.
public enum ShareView {
  /// The share text for `quote` in `style`, with a trailing newline.
  ///
  /// Plain and Markdown text is sanitized (it is meant to be pasted); JSON escapes what it must.
  public static func render(_ quote: Quote, style: ShareStyle) -> String {
    switch style {
    case .plain:
      return "\"\(bareText(quote))\" — \(TerminalText.sanitized(quote.author).trimmed)\n"
    case .markdown:
      return "> \(bareText(quote))\n>\n> — \(TerminalText.sanitized(quote.author).trimmed)\n"
    case .json:
      return JSONView.render(SharedQuote(quote: quote.text, author: quote.author))
    }
  }

  /// The sanitized text without quote marks around it, so sharing never doubles them.
  private static func bareText(_ quote: Quote) -> String {
    var text = TerminalText.sanitized(quote.text).trimmed
    let marks: Set<Character> = ["\"", "“", "”", "'", "‘", "’"]
    while text.count >= 2, let first = text.first, let last = text.last,
      marks.contains(first), marks.contains(last)
    {
      text = String(text.dropFirst().dropLast()).trimmed
    }
    return text
  }

  private struct SharedQuote: Encodable {
    var quote: String
    var author: String
  }
}

extension String {
  /// Without white space at either end: what `trimmingCharacters(in: .whitespacesAndNewlines)`
  /// gives, found without Foundation's character sets (an import trims several fields a row).
  var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isWhitespaceOrNewline($0) }),
      let last = scalars.lastIndex(where: { !Self.isWhitespaceOrNewline($0) })
    else { return "" }
    if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) {
      return self
    }
    return String(scalars[first...last])
  }

  /// Whether the scalar is in `CharacterSet.whitespacesAndNewlines` as Foundation on Linux has
  /// it: general category Z*, tab, the line breaks U+000A-U+000D and U+0085, and also the zero
  /// width space U+200B (a test holds the list against Foundation's set).
  static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      true
    default:
      false
    }
  }
}
