import Foundation

/// A saved quote.
///
/// Two favorites are equal when their quote and author are the same after normalization
/// (see ``QuoteKey``): the rule the database's UNIQUE key enforces.
public struct Favorite: Codable, Sendable, Identifiable {
  /// A stable id: it never changes and is never reused after a delete.
  public var id: Int64
  /// The quote, as received.
  public var quote: Quote
  /// When it was saved; nil when the store holds a value there that is no time the library
  /// keeps (a row written by hand, or by an older version that let a time past 9999 in).
  ///
  /// Such a favorite can still be shown, edited, tagged and removed; a listing that writes
  /// times leaves it out and names it (see ``FavoritesController/forEachRow(author:tag:after:limit:columns:_:)``).
  public var savedAt: Date?
  /// The user's note on it; empty when there is none.
  public var note: String
  /// Its tags: lower-case words in name order (see ``FavoriteTag``).
  public var tags: [String]
  /// The work the quote came from (a book's or a speech's title); empty when there is none.
  ///
  /// Not part of what makes two favorites equal.
  public var work: String

  /// Makes a favorite.
  public init(
    id: Int64, quote: Quote, savedAt: Date?, note: String = "", tags: [String] = [],
    work: String = ""
  ) {
    self.id = id
    self.quote = quote
    self.savedAt = savedAt
    self.note = note
    self.tags = tags
    self.work = work
  }

  /// The favorite's own keys; the quote's keys (`quote`, `author`, `source`, `sourceId`) sit
  /// beside them in the same object, as ``Quote`` encodes them.
  ///
  /// `note`, `tags` and `work` are written only when there are some, so a favorite without
  /// them reads as it always did.
  enum CodingKeys: String, CodingKey {
    case id, savedAt, note, tags, work
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int64.self, forKey: .id)
    quote = try Quote(from: decoder)
    savedAt = try container.decodeIfPresent(Date.self, forKey: .savedAt)
    note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    work = try container.decodeIfPresent(String.self, forKey: .work) ?? ""
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try quote.encode(to: encoder)
    try container.encodeIfPresent(savedAt, forKey: .savedAt)
    if !note.isEmpty { try container.encode(note, forKey: .note) }
    if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
    if !work.isEmpty { try container.encode(work, forKey: .work) }
  }
}

extension Favorite: Equatable {
  /// Same quote and author after normalization; id, source and time do not count.
  public static func == (lhs: Favorite, rhs: Favorite) -> Bool {
    lhs.quote.key == rhs.quote.key
  }
}

extension Favorite: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(quote.key)
  }
}
