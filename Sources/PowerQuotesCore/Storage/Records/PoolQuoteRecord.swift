import Foundation
import GRDB

/// A row of the `pool_quote` table: a quote seen, for `random` without a network.
struct PoolQuoteRecord: FetchableRecord, PersistableRecord {
  static let databaseTableName = "pool_quote"

  /// The table's columns.
  enum Columns {
    static let id = Column("id")
    static let firstSeenAt = Column("first_seen_at")
    static let quoteKey = Column("quote_key")
    static let authorKey = Column("author_key")
  }

  /// The row's id: pool rows are never deleted, so ids run 1...n.
  var id: Int64?
  /// The quote.
  var quote: Quote
  /// When it was first seen.
  var firstSeenAt: Date

  init(quote: Quote, firstSeenAt: Date) {
    self.quote = quote
    self.firstSeenAt = firstSeenAt
  }

  init(row: Row) {
    id = row[Columns.id]
    quote = Quote(row: row)
    firstSeenAt = StoredTime.date(row, Columns.firstSeenAt)
  }

  func encode(to container: inout PersistenceContainer) {
    container[Columns.id] = id
    for (column, value) in zip(Self.insertedColumns, insertedValues) {
      container[column] = value
    }
  }

  /// The columns an INSERT writes, in the order of ``insertedValues``: everything but the id.
  static let insertedColumns = [
    QuoteColumns.text, QuoteColumns.author, QuoteColumns.source, QuoteColumns.sourceID,
    Columns.firstSeenAt, Columns.quoteKey, Columns.authorKey,
  ]

  /// The values of ``insertedColumns``.
  var insertedValues: [(any DatabaseValueConvertible)?] {
    let key = quote.key
    return [
      quote.text, quote.author, quote.source.rawValue, quote.sourceID,
      StoredTime.text(firstSeenAt), key.quote, key.author,
    ]
  }

  /// Adds the quote unless the pool has it already, as the UNIQUE key on its keys decides;
  /// returns whether it was new.
  ///
  /// `ON CONFLICT (keys) DO NOTHING` rather than GRDB's `INSERT OR IGNORE`, which would also
  /// hide a broken NOT NULL or CHECK constraint.
  func insertUnlessPooled(_ db: Database) throws -> Bool {
    try db.cachedStatement(sql: Self.insertUnlessPooledSQL).execute(
      arguments: StatementArguments(insertedValues))
    return db.changesCount > 0
  }

  private static let insertUnlessPooledSQL =
    "INSERT INTO pool_quote (\(insertedColumns.map(\.name).joined(separator: ", "))) VALUES ("
    + Array(repeating: "?", count: insertedColumns.count).joined(separator: ", ")
    + ") ON CONFLICT (quote_key, author_key) DO NOTHING"
}
