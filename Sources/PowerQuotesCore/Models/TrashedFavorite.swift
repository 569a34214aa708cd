import Foundation

/// A favorite in the trash: the whole of it, note and tags too, so `fav restore` brings it back
/// as it was.
public struct TrashedFavorite: Codable, Sendable, Equatable {
  /// The favorite, under the id it had and gets back, with its note and tags.
  public var favorite: Favorite
  /// When it was moved to the trash.
  public var trashedAt: Date

  /// Makes a trashed favorite.
  public init(favorite: Favorite, trashedAt: Date) {
    self.favorite = favorite
    self.trashedAt = trashedAt
  }

  enum CodingKeys: String, CodingKey {
    case trashedAt
  }

  /// The favorite's own keys (`note` and `tags` among them when it has some), with `trashedAt`
  /// beside them in one object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    favorite = try Favorite(from: decoder)
    trashedAt = try container.decode(Date.self, forKey: .trashedAt)
  }

  public func encode(to encoder: any Encoder) throws {
    try favorite.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(trashedAt, forKey: .trashedAt)
  }
}

extension TrashedFavorite {
  /// Equal when every field is: unlike ``Favorite``'s equality, the id, times, note and tags
  /// count.
  public static func == (lhs: TrashedFavorite, rhs: TrashedFavorite) -> Bool {
    lhs.favorite.id == rhs.favorite.id && lhs.favorite.quote == rhs.favorite.quote
      && lhs.favorite.savedAt == rhs.favorite.savedAt && lhs.favorite.note == rhs.favorite.note
      && lhs.favorite.tags == rhs.favorite.tags && lhs.trashedAt == rhs.trashedAt
  }
}
