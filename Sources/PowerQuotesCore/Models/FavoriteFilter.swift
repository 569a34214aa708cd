/// Which favorites `random --favorites` draws from.
public struct FavoriteFilter: Sendable, Equatable {
  /// Only favorites whose author contains this text, ignoring case and diacritics, as
  /// `fav search` matches (``QuoteKey/searchFolded(_:)``).
  public var author: String?
  /// Only favorites with this tag.
  public var tag: FavoriteTag?
  /// Only favorites of this length.
  public var length: QuoteLength?
  /// Only favorites whose work has these words, in this order, ignoring case and diacritics
  /// (as `fav find` matches a phrase).
  public var work: String?

  /// Makes a filter; with nothing given, every favorite passes.
  public init(
    author: String? = nil, tag: FavoriteTag? = nil, length: QuoteLength? = nil,
    work: String? = nil
  ) {
    self.author = author
    self.tag = tag
    self.length = length
    self.work = work
  }

  /// Whether every favorite passes.
  public var isEmpty: Bool { author == nil && tag == nil && length == nil && work == nil }
}
