extension PostgresStore {
  /// The quote of the day remembered for `day`, or nil when the one remembered is another
  /// day's, or there is none (`Migrations/postgres/0010_quote_of_the_day.sql`).
  public func quoteOfTheDay(day: String) throws -> QuoteOfTheDay? {
    let rows = try execute(
      """
      SELECT quote, author, source, source_id, day, origin, favorite_id
      FROM quote_of_the_day WHERE day = $1
      """, [day])
    return rows.values.first.map { row in
      QuoteOfTheDay(
        date: row[4] ?? day,
        quote: Self.quote(row, from: 0),
        origin: row[5].flatMap(QuoteOfTheDay.Origin.init(rawValue:)) ?? .favorites,
        favoriteID: row[6].flatMap { Int64($0) })
    }
  }

  /// Remembers `today` as the quote of its day, in place of another day's.
  ///
  /// A quote another process remembered for that day first stays. A database this user may
  /// not write remembers nothing, without error, as ``recordShown(_:at:)``.
  public func rememberQuoteOfTheDay(_ today: QuoteOfTheDay) throws {
    do {
      try execute(
        """
        INSERT INTO quote_of_the_day
          (singleton, quote, author, source, source_id, day, origin, favorite_id)
        VALUES (1, $1, $2, $3, $4::bigint, $5, $6, $7::bigint)
        ON CONFLICT (singleton) DO UPDATE SET day = excluded.day, quote = excluded.quote,
          author = excluded.author, source = excluded.source, source_id = excluded.source_id,
          origin = excluded.origin, favorite_id = excluded.favorite_id
        WHERE quote_of_the_day.day <> excluded.day
        """,
        Self.parameters(today.quote) + [
          today.date, today.origin.rawValue, today.favoriteID.map { String($0) },
        ])
    } catch PostgresError.statementFailed(_, let sqlState, _)
      where sqlState == "42501" || sqlState == "25006"
    {
      // 42501: no privilege to write; 25006: a read-only transaction (a standby).
      return
    }
  }
}
