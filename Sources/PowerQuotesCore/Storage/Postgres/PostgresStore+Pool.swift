import Foundation

extension PostgresStore: QuotePoolStore {
  /// Remembers `quote` as the last one shown and adds it to the offline pool (built-in quotes
  /// stay out of it), in one transaction that does not wait for the disk.
  ///
  /// A user who may only read the database remembers nothing, and that is not an error: the
  /// quote can still be shown.
  public func recordShown(_ quote: Quote, at date: Date) throws {
    do {
      try inTransaction(flushed: false) {
        _ = try insertIntoPool([quote], at: date)
        try execute(
          """
          INSERT INTO last_shown (singleton, quote, author, source, source_id, shown_at)
          VALUES (1, $1, $2, $3, $4::bigint, $5)
          ON CONFLICT (singleton) DO UPDATE SET quote = excluded.quote, author = excluded.author,
            source = excluded.source, source_id = excluded.source_id, shown_at = excluded.shown_at
          """, Self.parameters(quote) + [StoredTime.text(date)])
      }
    } catch PostgresError.statementFailed(_, let sqlState, _)
      where sqlState == "42501" || sqlState == "25006"
    {
      // 42501: no privilege to write; 25006: a read-only transaction (a standby).
      return
    }
  }

  /// The quote shown last, if any.
  public func lastShown() throws -> Quote? {
    try execute("SELECT quote, author, source, source_id FROM last_shown")
      .values.first.map { Self.quote($0, from: 0) }
  }

  /// Adds quotes to the offline pool without showing them, and with `sync` saves the sync's
  /// state in the same transaction (the row inserted, or replaced whole); returns how many
  /// quotes were new.
  @discardableResult
  public func addToPool(
    _ quotes: [Quote], sync: (source: QuoteSource, state: SyncState)?, at date: Date
  ) throws -> Int {
    try inTransaction(flushed: false) {
      let added = try insertIntoPool(quotes, at: date)
      if let (source, state) = sync {
        try execute(
          """
          INSERT INTO sync_state (source, next_skip, total, started_at, updated_at, finished_at)
          VALUES ($1, $2::bigint, $3::bigint, $4, $5, $6)
          ON CONFLICT (source) DO UPDATE SET next_skip = excluded.next_skip,
            total = excluded.total, started_at = excluded.started_at,
            updated_at = excluded.updated_at, finished_at = excluded.finished_at
          """,
          [
            source.rawValue, String(state.nextSkip), state.total.map { String($0) },
            StoredTime.text(state.startedAt), StoredTime.text(date),
            state.finishedAt.map(StoredTime.text),
          ])
      }
      return added
    }
  }

  /// How many quotes the offline pool holds.
  ///
  /// Counted: unlike SQLite's, the pool's ids may have gaps (an insert that lost a race to
  /// another machine uses up an identity value).
  public func poolCount() throws -> Int {
    Int(try execute("SELECT count(*) FROM pool_quote").values.first?[0] ?? "") ?? 0
  }

  /// The pool quote at `index` in the order they were first seen.
  public func poolQuote(at index: Int) throws -> Quote? {
    guard index >= 0 else { return nil }
    return try execute(
      "SELECT quote, author, source, source_id FROM pool_quote ORDER BY id LIMIT 1 "
        + "OFFSET $1::bigint", [String(index)]
    ).values.first.map { Self.quote($0, from: 0) }
  }

  /// Adds `quotes` but the built-in ones to the pool in the open transaction; returns how many
  /// were new.
  func insertIntoPool(_ quotes: [Quote], at date: Date) throws -> Int {
    var added = 0
    for quote in quotes where quote.source != .builtIn {
      let key = quote.key
      let rows = try execute(
        """
        INSERT INTO pool_quote
          (quote, author, source, source_id, first_seen_at, quote_key, author_key)
        SELECT $1, $2, $3, $4::bigint, $5, $6, $7
        WHERE NOT EXISTS (
          SELECT 1 FROM pool_quote WHERE \(Self.sameKey(quoteKey: "$6", authorKey: "$7")))
        ON CONFLICT \(Self.conflictTarget) DO NOTHING
        """, Self.parameters(quote) + [StoredTime.text(date), key.quote, key.author])
      added += rows.affectedRows
    }
    return added
  }
}
