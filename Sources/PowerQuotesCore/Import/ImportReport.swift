/// What `fav import` did, or would do with `--dry-run`.
public struct ImportReport: Sendable, Equatable, Encodable {
  /// The kind of file read.
  public var format: ImportFormat
  /// Whether this was a dry run, which changes nothing.
  public var dryRun: Bool
  /// Quotes in the file: added, already favorites and rejected together.
  public var total: Int
  /// Quotes saved as new favorites (or that would be, in a dry run).
  public var added: Int
  /// Quotes already saved before, or earlier in the same file.
  public var alreadyFavorites: Int
  /// Rows not saved, in file order, with the reason.
  public var rejected: [ImportRejection]
  /// Entries left out by design, not counted in ``total``: a Kindle's bookmarks, and notes
  /// typed on it with no highlight to attach to.
  public var skipped: Int

  /// Makes a report.
  public init(
    format: ImportFormat,
    dryRun: Bool,
    added: Int,
    alreadyFavorites: Int,
    rejected: [ImportRejection],
    skipped: Int = 0
  ) {
    self.format = format
    self.dryRun = dryRun
    self.total = added + alreadyFavorites + rejected.count
    self.added = added
    self.alreadyFavorites = alreadyFavorites
    self.rejected = rejected
    self.skipped = skipped
  }
}
