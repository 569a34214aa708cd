/// The kinds of file `fav import` reads, told apart by their content.
public enum ImportFormat: String, Sendable, Equatable, Encodable, CaseIterable {
  /// A JSON array: our export (items with `savedAt`) or the iOS app's `{"quote","author"}` items.
  case json
  /// DummyJSON's list envelope, `{"quotes": [{"id", "quote", "author"}], ...}`.
  case dummyJSON = "dummyjson"
  /// CSV with a header naming at least the `quote` and `author` columns.
  case csv
  /// A fortune file: entries separated by lines holding only `%`.
  case fortune
  /// A Kindle's or KOReader's `My Clippings.txt`: entries between lines of ten `=`.
  case clippings
  /// Readwise's CSV export, whose header names the `Highlight` and `Book Title` columns.
  case readwise
  /// KOReader's JSON export: one book `{"title", "author", "entries": [...]}`, or several
  /// under `documents`.
  case koreader
  /// KOReader's plain-text export: entries between lines of `-=-=-=-=-=-`.
  case koreaderText = "koreader-text"
  /// A Kobo's `KoboReader.sqlite`, opened where it is, read-only: the file is never written.
  case kobo

  /// What one position in the file is called in messages: "row 7", "entry 3".
  public var positionName: String {
    switch self {
    case .json, .dummyJSON, .csv, .readwise, .kobo: "row"
    case .fortune, .clippings, .koreader, .koreaderText: "entry"
    }
  }
}
