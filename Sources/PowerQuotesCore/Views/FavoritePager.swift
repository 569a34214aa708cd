/// The favorites table a page at a time, for `fav list` and `fav search` (one page as long as the
/// list) and the shell's `list`, `search` and `more` (a screen at a time).
///
/// It lays the table out once from the list's shape and keeps where the list has got to; the
/// caller reads each page's rows from the database after ``lastID`` and writes what this returns.
public struct FavoritePager: Sendable {
  /// The author searched for, or nil for all favorites.
  public let author: String?
  /// How many favorites the list has.
  public let total: Int
  /// How many have been shown.
  public private(set) var shown = 0
  /// The id of the last favorite shown; the next page starts after it.
  public private(set) var lastID: Int64 = 0
  private let view: FavoriteListView

  /// A pager over a list of `shape`, fitted to `width` columns.
  public init(author: String?, shape: FavoriteListShape, width: Int, painter: TextPainter) {
    self.author = author
    total = shape.count
    view = FavoriteListView(shape: shape, width: width, painter: painter)
  }

  /// Whether every favorite has been shown (or there were none).
  public var isFinished: Bool { shown >= total }

  /// The header that starts a page.
  public func header() -> String { view.header() }

  /// Appends `row`'s line to `out` (see ``FavoriteListView/appendRow(_:to:)``), counted as
  /// shown.
  public mutating func appendRow(_ row: FavoriteRow, to out: inout [UInt8]) {
    shown += 1
    lastID = row.id
    view.appendRow(row, to: &out)
  }

  /// Where a page that started at row `first` leaves the list: `6-10/12`, and how to go on.
  public func position(from first: Int) -> String {
    // Only the shell's lists have pages (`fav list` shows the whole list).
    let more = isFinished ? "" : " · " + CommandHint.nextPage("fav list")
    return "\(first)-\(shown)/\(total)\(more)"
  }

  /// The sentence for a list with nothing in it.
  public static func empty(author: String?, work: String? = nil) -> String {
    if let work {
      return "No favorites from a work matching '\(UntrustedText.sanitized(work))'."
    }
    if let author {
      return "No favorites by an author matching '\(UntrustedText.sanitized(author))'."
    }
    return "No favorites yet. \(CommandHint.run("random")), then \(CommandHint.quoted("fav add"))."
  }

  /// The sentence for a search that found nothing: the query as searched, each word once.
  public static func noMatch(_ query: SearchQuery) -> String {
    "No favorites match '\(UntrustedText.sanitized(query.shown))'."
  }

  /// The sentence for `more` when the list has been shown to its end.
  public static let nothingMore =
    "Nothing more to show. Type 'list' or 'search AUTHOR' to start again."

  /// The sentence for a list that ended early: favorites were removed since it began.
  public static let endedEarly = "Nothing more to show."
}
