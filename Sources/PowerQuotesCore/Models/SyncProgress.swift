/// How a sync is going.
public struct SyncProgress: Sendable, Equatable {
  /// Quotes of the catalogue in the pool so far (including those of a sync resumed).
  public var done: Int
  /// The catalogue's size.
  public var total: Int
  /// Where this run started: 0, or where a stopped sync had got to.
  public var resumedFrom: Int
  /// Quotes new to the pool in this run.
  public var added: Int
  /// Seconds since this run started.
  public var seconds: Double

  /// Makes a progress report.
  public init(done: Int, total: Int, resumedFrom: Int, added: Int, seconds: Double) {
    self.done = done
    self.total = total
    self.resumedFrom = resumedFrom
    self.added = added
    self.seconds = seconds
  }
}
