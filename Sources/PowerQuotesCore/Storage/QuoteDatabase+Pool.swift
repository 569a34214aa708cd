import Foundation
import GRDB

extension QuoteDatabase: QuotePoolStore {
  /// Remembers `quote` as the last one shown and adds it to the offline pool.
  ///
  /// Built-in quotes stay out of the pool: they are always drawn from already, and pooling them
  /// too would make them twice as likely as quotes seen online. A read-only database remembers
  /// nothing, and that is not an error: the quote can still be shown.
  public func recordShown(_ quote: Quote, at date: Date) throws {
    if isReadOnly { return }
    try translatingErrors {
      try writeUnflushed { db in
        _ = try insertIntoPool([quote], at: date, db: db)
        try LastShownRecord(quote: quote, shownAt: date).replace(db)
      }
    }
  }

  /// The quote shown last, if any.
  public func lastShown() throws -> Quote? {
    try translatingErrors {
      try readOneStatement { db in
        // SQL rather than the query interface, whose fetchOne reads the whole schema to see
        // whether the request is on a unique key.
        try LastShownRecord.fetchOne(db, sql: "SELECT * FROM last_shown LIMIT 1")?.quote
      }
    }
  }

  /// Adds quotes to the offline pool without showing them (browsing, syncing), and with `sync`
  /// saves the sync's state in the same transaction: the row replaced whole.
  ///
  /// - Returns: how many were new to the pool.
  @discardableResult
  public func addToPool(
    _ quotes: [Quote], sync: (source: QuoteSource, state: SyncState)?, at date: Date
  ) throws -> Int {
    try translatingErrors {
      try writeUnflushed { db in
        let added = try insertIntoPool(quotes, at: date, db: db)
        if let sync {
          try SyncStateRecord(source: sync.source, state: sync.state, updatedAt: date)
            .insert(db, onConflict: .replace)
        }
        return added
      }
    }
  }

  /// How many quotes the offline pool holds (not counting the built-in set).
  ///
  /// Pool rows are never deleted, so their ids run 1...n: the largest id is the count, read from
  /// the primary key without counting rows.
  public func poolCount() throws -> Int {
    try translatingErrors {
      try readOneStatement { db in
        try Int.fetchOne(db, sql: "SELECT max(id) FROM pool_quote") ?? 0
      }
    }
  }

  /// The pool quote at `index` in the order they were first seen (0 ..< ``poolCount()``).
  public func poolQuote(at index: Int) throws -> Quote? {
    try translatingErrors {
      try readOneStatement { db in
        try PoolQuoteRecord.fetchOne(
          db, sql: "SELECT * FROM pool_quote WHERE id >= ? ORDER BY id LIMIT 1",
          arguments: [index + 1]
        )?.quote
      }
    }
  }

  /// Adds `quotes` but the built-in ones to the pool in the open transaction; returns how many
  /// were new.
  func insertIntoPool(_ quotes: [Quote], at date: Date, db: Database) throws -> Int {
    var added = 0
    for quote in quotes where quote.source != .builtIn {
      if try PoolQuoteRecord(quote: quote, firstSeenAt: date).insertUnlessPooled(db) {
        added += 1
      }
    }
    return added
  }
}
