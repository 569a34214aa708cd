/// The favorites table: id, author, and the start of each quote, one line each.
public enum FavoriteListView {
  /// The widest the author column grows.
  public static let maxAuthorWidth = 24

  /// The table for `favorites`, fitted to `width` columns, with a trailing newline.
  public static func render(_ favorites: [Favorite], width: Int, painter: TextPainter) -> String {
    let authors = favorites.map { TerminalText.sanitized($0.quote.author) }
    let ids = favorites.map { String($0.id) }
    let idWidth = max(2, ids.map(\.count).max() ?? 0)
    let authorWidth = min(
      maxAuthorWidth,
      max(6, authors.map(TerminalText.displayWidth).max() ?? 0)
    )
    // id, two spaces, author, two spaces, quote: the quote gets what is left, 10 at least.
    let quoteWidth = max(10, width - idWidth - authorWidth - 4)

    var lines = [
      painter.dim(
        leftPadded("ID", idWidth) + "  " + TerminalText.padded("AUTHOR", toWidth: authorWidth)
          + "  QUOTE"
      )
    ]
    for (index, favorite) in favorites.enumerated() {
      let author = TerminalText.padded(
        TerminalText.truncated(authors[index], width: authorWidth),
        toWidth: authorWidth
      )
      let quote = TerminalText.truncated(
        TerminalText.sanitized(favorite.quote.text),
        width: quoteWidth
      )
      lines.append(painter.accent(leftPadded(ids[index], idWidth)) + "  " + author + "  " + quote)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func leftPadded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
