/// The layouts `fav export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// A JSON array of favorites, the same fields as `fav list --format json`, with millisecond
  /// times; `fav import` reads it back exactly.
  case json
  /// RFC 4180 CSV with the header `quote,author,source,source_id,saved_at,note,tags,work`.
  case csv
  /// One Markdown block quote per favorite.
  case markdown
  /// `%`-separated entries for `strfile` and `fortune`.
  case fortune
  /// Readwise's import CSV (`Highlight,Title,Author,Note,Location,Date`), so that a library can
  /// go back to Readwise; `fav import` reads it too.
  case readwise
}
