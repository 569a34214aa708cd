/// The favorites table: id, author, and the start of each quote, one line each.
///
/// Laid out once from the list's shape, then rendered a row at a time, so a list of any length is
/// printed without holding it all in memory. Every line of it (`fav list`, `fav search`,
/// `fav find`, `fav trash`, `browse` and the shell's pages) is written by ``appendLine(id:author:quote:tags:to:)``.
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
      String(repeating: " ", count: max(0, idWidth - 2)) + "ID  "
        + TerminalText.padded("AUTHOR", toWidth: authorWidth) + "  QUOTE"
    ) + "\n"
  }

  /// One favorite's line, with a trailing newline; its tags, if any, end the quote's column.
  public func row(_ favorite: Favorite) -> String {
    row(id: favorite.id, quote: favorite.quote, tags: favorite.tags)
  }

  /// A quote's line under an id (a favorite's, or DummyJSON's when browsing).
  public func row(id: Int64, quote: Quote, tags: [String] = []) -> String {
    var line: [UInt8] = []
    appendRow(
      .raw(
        RawFavorite(
          id: id, quote: quote.text, author: quote.author, source: "", sourceID: nil,
          savedAt: nil, note: "", tags: tags, work: "")),
      to: &line)
    return String(decoding: line, as: UTF8.self)
  }

  /// Appends the line of `row`'s favorite.
  public func appendRow(_ row: FavoriteRow, to out: inout [UInt8]) {
    switch row {
    case .raw(let raw): appendRow(raw, to: &out)
    case .decoded(let favorite): appendRow(RawFavorite(favorite), to: &out)
    }
  }

  private func appendRow(_ raw: borrowing RawFavorite, to out: inout [UInt8]) {
    let (id, separator) = (raw.id, raw.tagSeparator)
    raw.withColumns { columns in
      appendLine(
        id: id, author: cell(columns.author, width: authorWidth),
        quote: { cell(columns.quote, width: $0) },
        tags: tagCell(columns.tags, separator: separator), to: &out)
    }
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

  // MARK: - Lines

  /// What a column shows: text's bytes to cut as they are, or text already cut.
  enum Cell {
    /// Simple text (``UntrustedText/simpleHead(_:width:)``): bytes and their length in columns,
    /// cut to the column by ``RowBytes/writeFitted(_:length:width:to:)``.
    case simple(UnsafeBufferPointer<UInt8>, length: Int)
    /// Text sanitized and cut to the column, and the columns it takes.
    case fitted(String, width: Int)

    /// The most bytes the cell writes.
    var bound: Int {
      switch self {
      case .simple(let bytes, _): bytes.count + 3
      case .fitted(let text, _): text.utf8.count
      }
    }
  }

  /// The cell of a column's bytes cut to `width` columns, as ``TerminalText/fitted(_:width:)``
  /// cuts the text they decode to: from the bytes when they are simple (no Unicode tables
  /// looked at), through the text otherwise.
  func cell(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> Cell {
    if let (head, length) = UntrustedText.simpleHead(bytes, width: width) {
      return .simple(head, length: length)
    }
    let (text, shown) = TerminalText.fitted(RawFavorite.string(bytes), width: width)
    return .fitted(text, width: shown)
  }

  /// The tags of a `tags` column (names one `separator` apart) as `#a #b`, cut to half the
  /// quote's column, as ``TagText/hashed(_:)`` writes them; nil when there are none.
  private func tagCell(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8
  ) -> (text: [UInt8], width: Int)? {
    let width = quoteWidth / 2
    if separator == 0x20 && RowBytes.arePlainTags(bytes) {
      guard !bytes.isEmpty else { return nil }
      // Printable ASCII names one space apart: a `#` before each is all there is to do.
      var hashed: [UInt8] = [UInt8(ascii: "#")]
      hashed.reserveCapacity(2 * bytes.count + 1)
      for byte in bytes {
        hashed.append(byte)
        if byte == 0x20 { hashed.append(UInt8(ascii: "#")) }
      }
      var cut: [UInt8] = []
      let shown = hashed.withUnsafeBufferPointer { hashed in
        ByteCursor.appending(capacity: hashed.count + 3, to: &cut) {
          RowBytes.writeFitted(hashed, length: hashed.count, width: width, to: &$0)
        }
      }
      return (cut, shown)
    }
    let tags =
      separator == 0x20
      ? RawFavorite.tagList(RawFavorite.string(bytes))
      : String(decoding: bytes, as: UTF8.self).split(separator: "\0").map(String.init)
    guard !tags.isEmpty else { return nil }
    return Self.tagCell(tags, width: width)
  }

  /// `tags` as `#a #b` (``TagText/hashed(_:)``) cut to `width` columns, and the columns shown.
  static func tagCell(_ tags: [String], width: Int) -> (text: [UInt8], width: Int) {
    let (text, shown) = TerminalText.fitted(TagText.hashed(tags), width: width)
    return (Array(text.utf8), shown)
  }

  /// The cell of `text` cut to `width` columns, through ``TerminalText/fitted(_:width:)``.
  static func textCell(_ text: String, width: Int) -> Cell {
    let (text, shown) = TerminalText.fitted(text, width: width)
    return .fitted(text, width: shown)
  }

  /// Appends one line of the table: the id right-aligned, the author's cell padded to its
  /// column, the quote's cell (the quote's column less what the tags take) and the tags.
  ///
  /// The tags take at most half the quote's column, and the quote what they leave.
  func appendLine(
    id: Int64, author: Cell, quote: (Int) -> Cell, tags: (text: [UInt8], width: Int)?,
    to out: inout [UInt8]
  ) {
    let quoteColumn = quoteWidth - (tags.map { $0.width + 1 } ?? 0)
    let quote = quote(quoteColumn)
    let digits = RowBytes.decimalCount(id) + (id < 0 ? 1 : 0)
    let paint = painter.enabled
    let bound =
      max(idWidth, digits) + 2 + author.bound + authorWidth + 2 + quote.bound
      + (tags?.text.count ?? 0) + 1 + (paint ? 18 : 0) + 1
    ByteCursor.appending(capacity: bound, to: &out) { line in
      if paint { line.write(Self.accent) }
      line.writeSpaces(idWidth - digits)
      line.writeDecimal(id)
      if paint { line.write(Self.reset) }
      line.writeSpaces(2)
      let authorShown = write(author, width: authorWidth, to: &line)
      line.writeSpaces(authorWidth - authorShown + 2)
      _ = write(quote, width: quoteColumn, to: &line)
      if let tags = tags?.text {
        line.write(0x20)
        let painted = paint && !tags.isEmpty
        if painted { line.write(Self.dim) }
        tags.withUnsafeBufferPointer { line.write($0) }
        if painted { line.write(Self.reset) }
      }
      line.write(0x0A)
    }
  }

  /// Writes `cell` cut to `width` columns, and returns the columns it takes.
  private func write(_ cell: Cell, width: Int, to line: inout ByteCursor) -> Int {
    switch cell {
    case .simple(let bytes, let length):
      return RowBytes.writeFitted(bytes, length: length, width: width, to: &line)
    case .fitted(var text, let shown):
      text.withUTF8 { line.write($0) }
      return shown
    }
  }

  /// The styles of ``TextPainter``, as bytes.
  private static let accent: StaticString = "\u{1B}[36m"
  private static let dim: StaticString = "\u{1B}[2m"
  private static let reset: StaticString = "\u{1B}[0m"
}
