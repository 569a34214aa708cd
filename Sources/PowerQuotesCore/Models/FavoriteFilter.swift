/// Which favorites `random --favorites` draws from.
public struct FavoriteFilter: Sendable, Equatable {
  /// Only favorites whose author contains this text, ignoring case and diacritics, as
  /// `fav search` matches (``QuoteKey/searchFolded(_:)``).
  public var author: String?
  /// Only favorites with this tag.
  public var tag: FavoriteTag?
  /// Only favorites of this length.
  public var length: QuoteLength?

  /// Makes a filter; with nothing given, every favorite passes.
  public init(author: String? = nil, tag: FavoriteTag? = nil, length: QuoteLength? = nil) {
    self.author = author
    self.tag = tag
    self.length = length
  }

  /// Whether every favorite passes.
  public var isEmpty: Bool { author == nil && tag == nil && length == nil }
}
