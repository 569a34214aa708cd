/// Draws a quote's "Dear Self," picture card and writes it: what `share --image` and the
/// full-screen app's `i` do.
///
/// The card is drawn whole before a file is opened, so a card that cannot be drawn (no librsvg,
/// a quote too long) leaves no file behind; the file is written through ``OutputFile``: a
/// regular file is replaced whole, never left half-written, and never the database.
public struct CardImageController: Sendable {
  private let renderer: PNGRenderer

  /// A controller that draws PNG cards with `renderer`.
  public init(renderer: PNGRenderer = .live) { self.renderer = renderer }

  /// The card of `quote` as a file of `format` holds it.
  ///
  /// - Parameters:
  ///   - quote: the quote.
  ///   - work: the book or speech it comes from, shown after the author; empty for none.
  ///   - format: SVG, or PNG drawn from it by librsvg.
  ///   - size: the card's size in pixels.
  ///   - theme: its colours.
  /// - Returns: the file's bytes.
  /// - Throws: ``CardImageError`` (the quote does not fit), ``PNGRendererError``.
  public func image(
    _ quote: Quote, work: String, format: CardFormat, size: CardSize, theme: CardTheme
  ) throws -> [UInt8] {
    let svg = try CardImageView.svg(
      text: quote.text, author: quote.author, work: work, size: size, theme: theme)
    return format == .png ? try renderer.png(svg: svg, size: size) : Array(svg.utf8)
  }

  /// Draws the card of `quote` (``image(_:work:format:size:theme:)``) and writes it to `path`.
  ///
  /// - Parameters:
  ///   - quote: the quote.
  ///   - work: the book or speech it comes from; empty for none.
  ///   - path: the file to write.
  ///   - format: SVG or PNG.
  ///   - size: the card's size in pixels.
  ///   - theme: its colours.
  ///   - databasePath: the database file, which `path` must not name.
  /// - Throws: what drawing throws, then ``OutputFileError``, or
  ///   ``CardImageError/imageToTerminal`` for a PNG to a path that names a terminal.
  public func write(
    _ quote: Quote, work: String, toPath path: String, format: CardFormat, size: CardSize,
    theme: CardTheme, protecting databasePath: String?
  ) throws {
    let bytes = try image(quote, work: work, format: format, size: size, theme: theme)
    let file = try OutputFile(path: path, protecting: databasePath)
    // A path can name a terminal too (/dev/tty, /dev/stdout on one).
    if format == .png && file.isTerminal { throw CardImageError.imageToTerminal }
    try file.write(bytes)
    try file.close()
  }
}
