import GRDB

/// The quote columns every table shares: `quote`, `author`, `source`, `source_id`.
enum QuoteColumns {
  static let text = Column("quote")
  static let author = Column("author")
  static let source = Column("source")
  static let sourceID = Column("source_id")
}

extension Quote {
  /// The quote in a row of any table (see ``QuoteColumns``).
  init(row: Row) {
    self.init(
      text: row[QuoteColumns.text],
      author: row[QuoteColumns.author],
      source: QuoteSource(rawValue: row[QuoteColumns.source]),
      sourceID: row[QuoteColumns.sourceID]
    )
  }

  /// Writes the quote's columns into a record's container.
  func encode(to container: inout PersistenceContainer) {
    container[QuoteColumns.text] = text
    container[QuoteColumns.author] = author
    container[QuoteColumns.source] = source.rawValue
    container[QuoteColumns.sourceID] = sourceID
  }
}
