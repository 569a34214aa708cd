/// The favorites table: id, author, and the start of each quote, one line each.
///
/// Laid out once from the list's shape, then rendered a row at a time, so a list of any length is
/// printed without holding it all in memory.
public struct FavoriteListView: Sendable {
  /// The widest the author column grows.
  public static let maxAuthorWidth = 24

  let idWidth: Int
  let authorWidth: Int
  let quoteWidth: Int
  let painter: TextPainter

  /// A table for a list of `shape`, fitted to `width` columns.
  public init(shape: FavoriteListShape, width: Int, painter: TextPainter) {
    idWidth = max(2, String(shape.largestID).count)
    authorWidth = min(Self.maxAuthorWidth, max(6, shape.widestAuthor))
    // id, two spaces, author, two spaces, quote: the quote gets what is left, 10 at least.
    quoteWidth = max(10, width - idWidth - authorWidth - 4)
    self.painter = painter
  }

  /// The header line, with a trailing newline.
  public func header() -> String {
    painter.dim(
      leftPadded("ID", idWidth) + "  " + TerminalText.padded("AUTHOR", toWidth: authorWidth)
        + "  QUOTE"
    ) + "\n"
  }

  /// One favorite's line, with a trailing newline; its tags, if any, end the quote's column.
  public func row(_ favorite: Favorite) -> String {
    row(id: favorite.id, quote: favorite.quote, tags: favorite.tags)
  }

  /// A quote's line under an id (a favorite's, or DummyJSON's when browsing).
  public func row(id: Int64, quote: Quote, tags: [String] = []) -> String {
    let (author, authorShown) = TerminalText.fitted(quote.author, width: authorWidth)
    var text: String
    if tags.isEmpty {
      text = TerminalText.fitted(quote.text, width: quoteWidth).text
    } else {
      // The tags take at most half the column, and the quote what they leave.
      let (tagText, tagWidth) = TerminalText.fitted(TagText.hashed(tags), width: quoteWidth / 2)
      text = TerminalText.fitted(quote.text, width: quoteWidth - tagWidth - 1).text
      text += " "
      text += painter.dim(tagText)
    }
    // One string grown in place: a list prints 100,000 of these.
    var line = painter.accent(leftPadded(String(id), idWidth))
    line.reserveCapacity(line.utf8.count + author.utf8.count + text.utf8.count + authorWidth + 8)
    line += "  "
    line += author
    let padding = authorWidth - authorShown
    if padding > 0 { line += String(repeating: " ", count: padding) }
    line += "  "
    line += text
    line += "\n"
    return line
  }

  /// The columns `author` takes in the author column before it is cut: what a
  /// ``FavoriteListShape`` measures.
  public static func authorWidth(_ author: String) -> Int {
    TerminalText.displayWidth(UntrustedText.sanitized(author))
  }

  /// The whole table for `favorites` (as `fav trash` shows them), laid out for them alone.
  public static func render(_ favorites: [Favorite], width: Int, painter: TextPainter) -> String {
    let view = FavoriteListView(shape: shape(of: favorites), width: width, painter: painter)
    return favorites.reduce(into: view.header()) { $0 += view.row($1) }
  }

  /// `text` (digits or a header, one column per byte) after spaces up to `width`.
  private func leftPadded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.utf8.count)) + text
  }
}
