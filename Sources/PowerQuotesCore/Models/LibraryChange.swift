import Foundation

/// One user action that changed the library, as `fav undo` can take it back.
public struct LibraryChange: Codable, Sendable, Equatable {
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

  /// Its number, in the order changes were made.
  public var id: Int64
  /// What kind of action it was.
  public var kind: Kind
  /// What it did, as a phrase that follows "Undid: ", such as "removing 2 favorites (12, 15)".
  public var summary: String
  /// When it was made.
  public var madeAt: Date

  /// Makes a change.
  public init(id: Int64, kind: Kind, summary: String, madeAt: Date) {
    self.id = id
    self.kind = kind
    self.summary = summary
    self.madeAt = madeAt
  }
}
