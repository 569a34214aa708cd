import Foundation

/// A quote read from an import file that passed every check, ready to be saved.
public struct ImportedQuote: Sendable, Equatable {
  /// Its place in the file, from 1: the CSV row after the header, the JSON array item, the
  /// fortune entry.
  public var position: Int
  /// The quote, as the file gave it (decoration such as the iOS app's quote marks removed).
  public var quote: Quote
  /// When it was saved, when the file says so (our JSON export and CSV carry it); else nil, and
  /// the import's own time is used.
  public var savedAt: Date?
  /// The note to keep with it (cleaned as quotes are); empty when there is none.
  public var note: String
  /// The work it came from (a book's or a speech's title, cleaned as quotes are); empty when
  /// the file names none.
  public var work: String
  /// Its tags, each checked and folded to lower case, without repeats, in file order.
  public var tags: [String]

  /// Makes an imported quote.
  public init(
    position: Int, quote: Quote, savedAt: Date? = nil, note: String = "", work: String = "",
    tags: [String] = []
  ) {
    self.position = position
    self.quote = quote
    self.savedAt = savedAt
    self.note = note
    self.work = work
    self.tags = tags
  }
}
