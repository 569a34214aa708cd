import Foundation

/// How far a sync of a source's catalogue has got.
public struct SyncState: Sendable, Equatable {
  /// How many quotes of the catalogue are in the pool: where the next page starts.
  public var nextSkip: Int
  /// The catalogue's size, once a page has said it.
  public var total: Int?
  /// When this sync began.
  public var startedAt: Date
  /// When it completed; nil while it is under way or was stopped.
  public var finishedAt: Date?
}
