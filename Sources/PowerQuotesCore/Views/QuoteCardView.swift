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
  /// The narrowest card drawn; a narrower terminal wraps it.
  public static let minWidth = 24

  /// The card for `quote`, at most `width` columns wide, with a trailing newline.
  public static func render(_ quote: Quote, width: Int, painter: TextPainter) -> String {
    let cardWidth = min(max(width, minWidth), maxWidth)
    // "│ " + content + " │"
    let inner = cardWidth - 4
    let text = UntrustedText.sanitized(quote.text)
    let author = "— " + UntrustedText.sanitized(quote.author)

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
}
