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
    for (column, value) in zip(Self.insertedColumns, insertedValues) {
      container[column] = value
    }
  }

  /// The columns the row is written with, in the order of ``insertedValues``.
  static let insertedColumns = [
    Columns.singleton, QuoteColumns.text, QuoteColumns.author, QuoteColumns.source,
    QuoteColumns.sourceID, Columns.shownAt,
  ]

  /// The values of ``insertedColumns``; the table holds one row, whose key is always 1.
  var insertedValues: [(any DatabaseValueConvertible)?] {
    [1, quote.text, quote.author, quote.source.rawValue, quote.sourceID, StoredTime.text(shownAt)]
  }

  /// Makes this the row, replacing the one before.
  ///
  /// A statement written from ``insertedColumns`` rather than GRDB's `insert(_:onConflict:)`,
  /// which looks the table's schema up first: `random` runs this once per process.
  func replace(_ db: Database) throws {
    try db.cachedStatement(sql: Self.replaceSQL).execute(
      arguments: StatementArguments(insertedValues))
  }

  private static let replaceSQL =
    "INSERT OR REPLACE INTO last_shown (\(insertedColumns.map(\.name).joined(separator: ", "))) "
    + "VALUES (" + Array(repeating: "?", count: insertedColumns.count).joined(separator: ", ") + ")"
}
