import GRDB

extension QuoteDatabase {
  /// The quote of the day remembered for `day`, or nil when the one remembered is another
  /// day's, or there is none (`Migrations/0010_quote_of_the_day.sql`).
  public func quoteOfTheDay(day: String) throws -> QuoteOfTheDay? {
    try translatingErrors {
      try readOneStatement { db in
        guard
          let row = try Row.fetchOne(
            db, sql: "SELECT * FROM quote_of_the_day WHERE day = ?", arguments: [day])
        else { return nil }
        return QuoteOfTheDay(
          date: row["day"],
          quote: try Quote(row: row),
          origin: QuoteOfTheDay.Origin(rawValue: row["origin"]) ?? .favorites,
          favoriteID: row["favorite_id"])
      }
    }
  }

  /// Remembers `today` as the quote of its day, in place of another day's.
  ///
  /// A quote another process remembered for that day first stays. A read-only database
  /// remembers nothing, and that is not an error: the quote can still be shown.
  public func rememberQuoteOfTheDay(_ today: QuoteOfTheDay) throws {
    if isReadOnly { return }
    let quote = today.quote
    try translatingErrors {
      try writeUnflushed { db in
        try db.execute(
          sql: """
            INSERT INTO quote_of_the_day
              (singleton, day, quote, author, source, source_id, origin, favorite_id)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET day = excluded.day, quote = excluded.quote,
              author = excluded.author, source = excluded.source, source_id = excluded.source_id,
              origin = excluded.origin, favorite_id = excluded.favorite_id
            WHERE quote_of_the_day.day <> excluded.day
            """,
          arguments: [
            today.date, quote.text, quote.author, quote.source.rawValue, quote.sourceID,
            today.origin.rawValue, today.favoriteID,
          ])
      }
    }
  }
}
