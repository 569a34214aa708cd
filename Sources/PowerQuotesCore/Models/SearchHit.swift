/// A favorite that `fav find` found, with where its words matched.
public struct SearchHit: Sendable {
  /// The favorite.
  public var favorite: Favorite
  /// The quote cut into pieces, every other one a match, starting with one that is not (which
  /// may be empty); nil when matches were not asked for.
  public var quoteMatches: [Substring]?
  /// The author, cut the same way.
  public var authorMatches: [Substring]?

  /// Makes a hit.
  public init(
    favorite: Favorite, quoteMatches: [Substring]? = nil, authorMatches: [Substring]? = nil
  ) {
    self.favorite = favorite
    self.quoteMatches = quoteMatches
    self.authorMatches = authorMatches
  }

  /// Where the database marks the start and end of a match in highlighted text.
  static let matchStart: Character = "\u{1}"
  static let matchEnd: Character = "\u{2}"

  /// `highlighted` (the text with ``matchStart`` and ``matchEnd`` around matches) cut into
  /// pieces; nil when the marks do not fit `original` (it held a mark itself), so that a
  /// highlight never shows text that is not there.
  static func pieces(_ highlighted: String, original: String) -> [Substring]? {
    let pieces = highlighted.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == matchStart || $0 == matchEnd })
    guard pieces.count % 2 == 1, pieces.joined() == original else { return nil }
    return pieces
  }
}
