/// The "Dear Self," card that shows one quote, wrapped to the terminal.
///
/// ```
/// ╭──────────────────────────────────────────╮
/// │ Dear Self,                               │
/// │                                          │
/// │   Your heart is the size of an ocean. Go │
/// │   find yourself in its hidden depths.    │
/// │                                          │
/// │                                   — Rumi │
/// ╰──────────────────────────────────────────╯
/// ```
public enum QuoteCardView {
  /// The widest a card grows, however wide the terminal: long lines are hard to read.
  public static let maxWidth = 64
  /// The narrowest card drawn with its frame; on a narrower terminal the card's lines are
  /// shown without it, fitted to the width, rather than wrapped by the terminal.
  public static let minWidth = 24

  /// The card for `quote`, at most `width` columns wide, with a trailing newline; signed
  /// `— Author, Work` when `work` (the title it came from) is not empty.
  public static func render(
    _ quote: Quote, work: String = "", width: Int, painter: TextPainter
  ) -> String {
    let author = attribution(quote, work: work)
    // "Dear Self," is 10 columns: no narrower.
    if width < minWidth {
      return unframed(quote, author: author, width: max(width, 10), painter: painter)
    }
    let cardWidth = min(width, maxWidth)
    // "│ " + content + " │"
    let inner = cardWidth - 4
    let text = UntrustedText.sanitized(quote.text)

    var lines: [String] = []
    let border = String(repeating: "─", count: cardWidth - 2)
    lines.append(painter.dim("╭" + border + "╮"))
    func row(_ content: String, styled: (String) -> String = { $0 }) {
      let padding = String(
        repeating: " ", count: max(0, inner - TerminalText.displayWidth(content)))
      lines.append(painter.dim("│") + " " + styled(content) + padding + " " + painter.dim("│"))
    }
    row("Dear Self,", styled: painter.bold)
    row("")
    for line in TerminalText.wrap(text, width: inner - 2) {
      row("  " + line)
    }
    row("")
    for line in TerminalText.wrap(author, width: inner) {
      let indent = String(repeating: " ", count: max(0, inner - TerminalText.displayWidth(line)))
      row(indent + line, styled: { painter.italic($0) })
    }
    lines.append(painter.dim("╰" + border + "╯"))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `— Author`, or `— Author, Work`, cleaned for a terminal (and share text), without white
  /// space at the ends of either.
  static func attribution(_ quote: Quote, work: String) -> String {
    let author = "— " + UntrustedText.sanitized(quote.author).trimmed
    let work = UntrustedText.sanitized(work).trimmed
    return UntrustedText.isBlank(work) ? author : author + ", " + work
  }

  /// The card's lines without the frame, each at most `width` columns.
  private static func unframed(
    _ quote: Quote, author: String, width: Int, painter: TextPainter
  ) -> String {
    var lines = [painter.bold("Dear Self,"), ""]
    lines += TerminalText.wrap(UntrustedText.sanitized(quote.text), width: width)
    lines.append("")
    for line in TerminalText.wrap(author, width: width) {
      let indent = String(repeating: " ", count: max(0, width - TerminalText.displayWidth(line)))
      lines.append(indent + painter.italic(line))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
