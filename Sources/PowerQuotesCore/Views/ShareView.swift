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
  /// What `share --output` says once the file is written.
  public static func wrote(to path: String) -> String {
    "Wrote the share text to \(UntrustedText.sanitized(path))."
  }

  /// What `share --copy` says once the clipboard has the text; `tool` names the program used.
  public static func copied(with tool: String) -> String {
    "Copied the share text to the clipboard (with \(UntrustedText.sanitized(tool)))."
  }

  /// The share text for `quote` from `work` (empty for none) in `style`, with a trailing
  /// newline: the author, and the work after a comma, as the card names them.
  ///
  /// Plain and Markdown text is sanitized (it is meant to be pasted); JSON escapes what it must,
  /// and has a `work` only when there is one.
  public static func render(_ quote: Quote, work: String = "", style: ShareStyle) -> String {
    switch style {
    case .plain:
      return "\"\(bareText(quote))\" \(QuoteCardView.attribution(quote, work: work))\n"
    case .markdown:
      return "> \(bareText(quote))\n>\n> \(QuoteCardView.attribution(quote, work: work))\n"
    case .json:
      return JSONView.render(
        SharedQuote(
          quote: quote.text, author: quote.author,
          work: UntrustedText.isBlank(work) ? nil : work))
    }
  }

  /// The sanitized text without quote marks around it, so sharing never doubles them.
  private static func bareText(_ quote: Quote) -> String {
    var text = UntrustedText.sanitized(quote.text).trimmed
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
    var work: String?
  }
}
