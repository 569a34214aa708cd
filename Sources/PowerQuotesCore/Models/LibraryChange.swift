import Foundation

/// One user action that changed the library, as `fav undo` can take it back: what kind, and the
/// favorites and tags it touched, as data that ``LibraryChangeView`` words.
public struct LibraryChange: Sendable, Equatable {
  /// How many changes `fav undo` can walk back; every store forgets older ones.
  public static let historyLimit = 100

  /// What kind of action it was.
  public enum Kind: String, Codable, Sendable {
    /// `fav add` (and `random --save`).
    case add
    /// `fav rm`: favorites moved to the trash.
    case remove
    /// `fav edit`.
    case edit
    /// `fav tag`.
    case tag
    /// `fav untag`.
    case untag
    /// `fav restore`.
    case restore
    /// `fav import`, as a whole.
    case importFile = "import"
  }

  /// What an action did, as the store records it.
  public struct Facts: Sendable, Equatable {
    /// The favorites it touched, in the order the action named them: the one added, edited,
    /// tagged or untagged, those moved to the trash or restored; none for an import, or for an
    /// add that added nothing.
    public var favoriteIDs: [Int64]
    /// The tags it put on or took off (`fav tag`, `fav untag`).
    public var tags: [FavoriteTag]
    /// How many favorites an import added (0 when it only gave saved favorites notes and tags);
    /// nil for any other action.
    public var added: Int?

    /// Facts of an action.
    public init(favoriteIDs: [Int64] = [], tags: [FavoriteTag] = [], added: Int? = nil) {
      self.favoriteIDs = favoriteIDs
      self.tags = tags
      self.added = added
    }
  }

  /// Its number, in the order changes were made.
  public var id: Int64
  /// What kind of action it was.
  public var kind: Kind
  /// What it did.
  public var facts: Facts
  /// For a change an earlier powerquotes recorded, the phrase it kept instead of ``facts``
  /// (which are then empty), such as "removing 2 favorites (12, 15)"; nil for the others.
  public var earlierSummary: String?
  /// When it was made.
  public var madeAt: Date

  /// Makes a change.
  public init(
    id: Int64, kind: Kind, facts: Facts, earlierSummary: String? = nil, madeAt: Date
  ) {
    self.id = id
    self.kind = kind
    self.facts = facts
    self.earlierSummary = earlierSummary
    self.madeAt = madeAt
  }
}
