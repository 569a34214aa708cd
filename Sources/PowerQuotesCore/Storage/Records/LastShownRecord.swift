import Foundation
import GRDB

/// The one row of the `last_shown` table: the quote shown last, for `fav add` and `share`.
struct LastShownRecord: FetchableRecord, PersistableRecord {
  static let databaseTableName = "last_shown"

  /// The table's columns.
  enum Columns {
    static let singleton = Column("singleton")
    static let shownAt = Column("shown_at")
  }

  /// The quote.
  var quote: Quote
  /// When it was shown.
  var shownAt: Date

  init(quote: Quote, shownAt: Date) {
    self.quote = quote
    self.shownAt = shownAt
  }

  init(row: Row) {
    quote = Quote(row: row)
    shownAt = StoredTime.date(row, Columns.shownAt)
  }

  func encode(to container: inout PersistenceContainer) {
    // The table holds one row, whose key is always 1.
    container[Columns.singleton] = 1
    quote.encode(to: &container)
    container[Columns.shownAt] = StoredTime.text(shownAt)
  }
}
