extension FavoriteListView {
  /// The shape of a list whose size `read` returns; nil when it returns nil.
  ///
  /// `read` hands over each favorite's author as its bytes, each measured as the table
  /// measures it, until one is `widthLimit` wide (a table never makes its author column wider
  /// than ``maxAuthorWidth``); every one when the limit is nil.
  ///
  /// Simple text (``UntrustedText/simpleLength(_:)``, nearly every author) takes one column a
  /// scalar and is measured from its bytes; each other distinct author is measured once, as
  /// text. 100,000 authors measured as a `String` and a set lookup each took a third of the
  /// time of `fav list`.
  public static func shape(
    widthLimit: Int? = maxAuthorWidth,
    _ read: ((Span<UInt8>) -> Bool) throws -> (count: Int, largestID: Int64)?
  ) rethrows -> FavoriteListShape? {
    var widest = 0
    var measured: Set<String> = []
    let size = try read { span in
      let width: Int
      if let length = span.withUnsafeBufferPointer(UntrustedText.simpleLength) {
        width = length
      } else {
        let name = span.withUnsafeBufferPointer(RawFavorite.string)
        guard measured.insert(name).inserted else { return true }
        width = authorWidth(name)
      }
      widest = max(widest, width)
      return widthLimit.map { widest < $0 } ?? true
    }
    return size.map {
      FavoriteListShape(count: $0.count, largestID: $0.largestID, widestAuthor: widest)
    }
  }

  /// The shape of a list of `favorites` already read: their count, largest id and widest
  /// author, measured as ``shape(widthLimit:_:)`` measures them.
  public static func shape(of favorites: some Sequence<Favorite>) -> FavoriteListShape {
    let shape = shape { authors in
      var size = (count: 0, largestID: Int64(0))
      var measuring = true
      for favorite in favorites {
        size.count += 1
        size.largestID = max(size.largestID, favorite.id)
        let author = favorite.quote.author
        if measuring { measuring = authors(author.utf8.span) }
      }
      return size
    }
    return shape ?? FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
  }

  /// The table of `hits`, laid out for them alone, in their order.
  ///
  /// The hits are kept to be measured: ranking sorts every match before the first one comes
  /// back anyway, and measuring the whole library's authors instead (as 'fav list' does) costs
  /// more than the search itself.
  public static func render(_ hits: [SearchHit], width: Int, painter: TextPainter) -> String {
    let view = FavoriteListView(
      shape: shape(of: hits.lazy.map(\.favorite)), width: width, painter: painter)
    return hits.reduce(into: view.header()) { $0 += view.row($1) }
  }

  /// A found favorite's line, as ``row(_:)`` draws it, with its matching words painted where
  /// the hit says they are.
  ///
  /// The quote's column shows the part around its first match (see ``excerpt(_:width:)``),
  /// painted or not. A hit without its matches (a piped `fav find` does not ask for them) is
  /// the row of the favorite alone: the start of its quote.
  public func row(_ hit: SearchHit) -> String {
    guard hit.quoteMatches != nil || hit.authorMatches != nil else {
      return row(hit.favorite)
    }
    let favorite = hit.favorite
    let author =
      hit.authorMatches.map { pieces -> Cell in
        let (text, shown) = fitted(pieces, width: authorWidth)
        return .fitted(text, width: shown)
      } ?? Self.textCell(favorite.quote.author, width: authorWidth)
    var line: [UInt8] = []
    appendLine(
      id: favorite.id, author: author,
      quote: { width in
        hit.quoteMatches.map { pieces -> Cell in
          let (text, shown) = fitted(pieces, width: width)
          return .fitted(text, width: shown)
        } ?? Self.textCell(favorite.quote.text, width: width)
      },
      tags: favorite.tags.isEmpty ? nil : Self.tagCell(favorite.tags, width: quoteWidth / 2),
      to: &line)
    return String(decoding: line, as: UTF8.self)
  }

  /// `pieces` (every other one a match) sanitized and cut to `width` columns as
  /// ``TerminalText/fitted(_:width:)`` cuts text, the matches painted; and the columns shown.
  ///
  /// When the start of the text would not show the first match, the text starts a few words
  /// before it, after an ellipsis.
  func fitted(_ pieces: [Substring], width: Int) -> (text: String, width: Int) {
    let safe = pieces.map { UntrustedText.sanitized(String($0)) }
    guard let excerpt = Self.excerpt(safe, width: width) else {
      return fittedFromStart(safe, width: width)
    }
    let (text, shown) = fittedFromStart(excerpt, width: width - 1)
    return ("…" + text, shown + 1)
  }

  /// `pieces` from a few words before the first match, when their start cut to `width` columns
  /// (with its ellipsis) would not show all of it; nil when it would.
  ///
  /// `fav find` lists a favorite because of its words: a row that cut them away would show
  /// "…Can Be…" without what was searched for.
  static func excerpt(_ pieces: [String], width: Int) -> [String]? {
    guard pieces.count > 1, !pieces[1].isEmpty else { return nil }
    let before = pieces[0]
    let beforeWidth = TerminalText.displayWidth(before)
    guard beforeWidth > 0,
      beforeWidth + TerminalText.displayWidth(pieces[1]) > width - 1
    else { return nil }
    // Up to a quarter of the column before the match, from the start of a word; more when the
    // match and what follows it leave more of the column (a match near the end of the quote).
    let after = pieces.dropFirst().reduce(0) { $0 + TerminalText.displayWidth($1) }
    let context = max(0, (width - 2) / 4, width - 1 - after)
    var start = before.endIndex
    var taken = 0
    while start > before.startIndex {
      let previous = before.index(before: start)
      let characterWidth = TerminalText.displayWidth(String(before[previous]))
      if taken + characterWidth > context { break }
      taken += characterWidth
      start = previous
    }
    var lead = before[start...]
    if start > before.startIndex, !before[before.index(before: start)].isWhitespace,
      let space = lead.firstIndex(where: \.isWhitespace)
    {
      lead = lead[space...]
    }
    lead = lead.drop { $0.isWhitespace }
    return [String(lead)] + pieces.dropFirst()
  }

  /// `pieces` (sanitized) from their start, cut to `width` columns, the matches painted.
  private func fittedFromStart(_ safe: [String], width: Int) -> (text: String, width: Int) {
    let plain = safe.joined()
    let (cut, shown) = TerminalText.fitted(plain, width: width)
    let wasCut = cut != plain
    // A cut keeps a prefix of the text and adds an ellipsis of three bytes.
    var keep = wasCut ? max(0, cut.utf8.count - 3) : plain.utf8.count
    var text = ""
    for (index, piece) in safe.enumerated() where keep > 0 {
      let take = min(piece.utf8.count, keep)
      let kept =
        take == piece.utf8.count ? piece : String(decoding: piece.utf8.prefix(take), as: UTF8.self)
      text += index % 2 == 1 ? painter.match(kept) : kept
      keep -= take
    }
    if wasCut { text += "…" }
    return (text, shown)
  }
}
