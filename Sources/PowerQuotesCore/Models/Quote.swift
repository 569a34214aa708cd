/// A quote and its author, as received: never decorated, never sanitized.
///
/// Text is sanitized when a view renders it for a terminal, so that what is stored and exported is
/// exactly what the source said.
public struct Quote: Codable, Hashable, Sendable {
  /// The words of the quote.
  public var text: String
  /// Who said it.
  public var author: String
  /// Where it came from.
  public var source: QuoteSource
  /// The source's id for it, when the source has ids (DummyJSON does).
  public var sourceID: Int?

  /// Makes a quote.
  public init(text: String, author: String, source: QuoteSource, sourceID: Int? = nil) {
    self.text = text
    self.author = author
    self.source = source
    self.sourceID = sourceID
  }

  enum CodingKeys: String, CodingKey {
    case text = "quote"
    case author
    case source
    case sourceID = "sourceId"
  }
}
