import Foundation

/// A favorite in the trash: the whole of it, so `fav restore` brings it back as it was.
public struct TrashedFavorite: Codable, Sendable, Equatable {
  /// The favorite, under the id it had and gets back.
  public var favorite: Favorite
  /// Its note.
  public var note: String
  /// Its tags, in name order.
  public var tags: [String]
  /// When it was moved to the trash.
  public var trashedAt: Date

  /// Makes a trashed favorite.
  public init(favorite: Favorite, note: String, tags: [String], trashedAt: Date) {
    self.favorite = favorite
    self.note = note
    self.tags = tags
    self.trashedAt = trashedAt
  }

  enum CodingKeys: String, CodingKey {
    case note, tags, trashedAt
  }

  /// The favorite's own keys, with `note`, `tags` and `trashedAt` beside them in one object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    favorite = try Favorite(from: decoder)
    note = try container.decode(String.self, forKey: .note)
    tags = try container.decode([String].self, forKey: .tags)
    trashedAt = try container.decode(Date.self, forKey: .trashedAt)
  }

  public func encode(to encoder: any Encoder) throws {
    try favorite.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(note, forKey: .note)
    try container.encode(tags, forKey: .tags)
    try container.encode(trashedAt, forKey: .trashedAt)
  }
}

extension TrashedFavorite {
  /// Equal when every field is: unlike ``Favorite``'s equality, the id and times count.
  public static func == (lhs: TrashedFavorite, rhs: TrashedFavorite) -> Bool {
    lhs.favorite.id == rhs.favorite.id && lhs.favorite.quote == rhs.favorite.quote
      && lhs.favorite.savedAt == rhs.favorite.savedAt && lhs.note == rhs.note
      && lhs.tags == rhs.tags && lhs.trashedAt == rhs.trashedAt
  }
}
