import Foundation
import GRDB

extension QuoteDatabase: FavoriteStore {
  /// Saves `quote` from `work` unless an equal favorite exists, in one transaction.
  ///
  /// The schema decides: the INSERT is tried and the failure of its check for an equal favorite
  /// caught (`Migrations/0008_favorite_key_hash.sql`). A failed INSERT uses up no
  /// AUTOINCREMENT id, so the ids people see have no gaps for duplicates.
  public func addFavorite(_ quote: Quote, work: String, at date: Date) throws
    -> AddFavoriteResult
  {
    let record = FavoriteRecord(quote: quote, savedAt: date, work: work)
    return try translatingErrors {
      try writer.write { db in
        try recordingChange(.add, in: db, at: date, facts: StoredChange.addition) {
          do {
            return .added(try record.insertAndFetch(db).favorite)
          } catch let error as DatabaseError where Self.isDuplicateFavorite(error) {
            let key = quote.key
            // Through the hash, or among favorites not hashed yet (see hashKeys(_:)).
            let existing = try FavoriteRecord.fetchOne(
              db,
              sql: """
                SELECT * FROM favorite
                WHERE (key_hash = ? OR key_hash IS NULL) AND quote_key = ? AND author_key = ?
                """,
              arguments: [key.keyHash, key.quote, key.author])
            guard let existing else { throw error }
            return .alreadyFavorite(existing.favorite)
          }
        }
      }
    }
  }

  /// Calls `body` with each favorite above `afterID` in id order, one at a time, so that a
  /// long list is never all in memory; with `authorText`, only favorites whose author contains
  /// it; with `limit`, at most that many.
  ///
  /// Paging by id rather than by offset stays correct when a favorite is removed between pages.
  /// The author search goes through the distinct authors: a trigram index answers three or more
  /// characters, and shorter text scans the authors (never the favorites).
  public func forEachFavorite(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    _ body: (Favorite) throws -> Void
  ) throws {
    guard
      let (sql, arguments) = Self.listSQL(
        matching: authorText, tag: tag, work: work, after: afterID, limit: limit)
    else { return }
    try translatingErrors {
      try writer.read { db in
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
          try body(try FavoriteRecord.listed(row))
        }
      }
    }
  }

  /// ``forEachFavorite(matching:tag:work:after:limit:_:)`` with each row's bytes lent as they
  /// are (``FavoriteRecord/fill(_:from:)``), or decoded when a column is not of its kind.
  public func forEachFavoriteRow(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    columns: FavoriteColumns,
    _ body: (FavoriteRow) throws -> Void
  ) throws {
    try translatingErrors {
      try writer.read { db in
        // The `tags` column is kept from favorite_tag (migration 0005): in a library with no
        // tag, every one is empty. Not reading it, the record's last column, spared a
        // 100,000-row `fav list` 3 ms of its 55 ms of CPU. In the listing's read transaction,
        // so that both see one state of the library.
        let columnSQL =
          columns == .all
          ? FavoriteRecord.columnNames(.all).joined(separator: ", ")
          : FavoriteRecord.tableColumnSQL(readsTags: try Self.hasTags(db))
        guard
          let (sql, arguments) = Self.listSQL(
            matching: authorText, tag: tag, work: work, after: afterID, limit: limit,
            columnSQL: columnSQL)
        else { return }
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        try Self.forEachRow(of: statement, columns: columns, body)
      }
    }
  }

  /// Steps `statement`, a SELECT of `columns` (``FavoriteRecord/columnNames(_:)``), calling
  /// `body` with each row's bytes, or with its decoded favorite when they are not of their kind.
  static func forEachRow(
    of statement: Statement, columns: FavoriteColumns, _ body: (FavoriteRow) throws -> Void
  ) throws {
    let rows = try Row.fetchCursor(statement)
    // One row's bytes, its memory reused from row to row.
    var raw = RawFavorite()
    while let row = try rows.next() {
      switch columns {
      case .all:
        if FavoriteRecord.fill(&raw, from: statement) {
          try body(.raw(raw))
        } else {
          try body(.decoded(try FavoriteRecord.listed(row)))
        }
      case .table:
        if FavoriteRecord.fillTableRow(&raw, from: statement) {
          try body(.raw(raw))
        } else {
          try body(.decoded(try FavoriteRecord.tableRow(row)))
        }
      }
    }
  }

  /// Whether any favorite has a tag.
  private static func hasTags(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM favorite_tag)") ?? true
  }

  /// The SELECT of a listing of `columnSQL` (every column by default) and its arguments; nil
  /// when no favorite can match.
  private static func listSQL(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    after afterID: Int64,
    limit: Int?,
    columnSQL: String = FavoriteRecord.columnNames(.all).joined(separator: ", ")
  ) -> (String, StatementArguments)? {
    guard let filter = filter(matching: authorText, tag: tag, work: work) else { return nil }
    var sql = "SELECT \(columnSQL) FROM favorite WHERE id > ?" + filter.sql + " ORDER BY id"
    var arguments: StatementArguments = [afterID]
    arguments += filter.arguments
    if let limit {
      sql += " LIMIT ?"
      arguments += [limit]
    }
    return (sql, arguments)
  }

  /// How many favorites match and the largest id among them, from indexes alone.
  public func favoriteListSize(
    matching authorText: String?, tag: FavoriteTag?, work: String?
  ) throws -> (count: Int, largestID: Int64) {
    guard let filter = Self.filter(matching: authorText, tag: tag, work: work) else {
      return (0, 0)
    }
    return try translatingErrors {
      try writer.read { db in
        if authorText == nil && tag == nil && work == nil {
          // Counted on the smallest index, and the largest rowid read off the end of the table.
          return (
            try Int.fetchOne(db, sql: "SELECT count(*) FROM favorite") ?? 0,
            try Int64.fetchOne(db, sql: "SELECT max(id) FROM favorite") ?? 0
          )
        }
        // The author index holds the folded author and the id: both answer from it alone.
        let row = try Row.fetchOne(
          db,
          sql: "SELECT count(*), max(id) FROM favorite WHERE 1" + filter.sql,
          arguments: filter.arguments
        )
        return (row?[0] ?? 0, row?[1] ?? 0)
      }
    }
  }

  /// Calls `body` with the author of each matching favorite, its bytes borrowed from SQLite
  /// (``FavoriteRecord/text(_:column:)``): the layout of a list reads every author when none is
  /// as wide as the author column.
  public func forEachFavoriteAuthor(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String?,
    _ body: (Span<UInt8>) throws -> Bool
  ) throws {
    guard let filter = Self.filter(matching: authorText, tag: tag, work: work) else { return }
    try translatingErrors {
      try writer.read { db in
        let statement = try db.makeStatement(
          sql: "SELECT author FROM favorite WHERE 1" + filter.sql)
        try statement.setArguments(filter.arguments)
        let handle = statement.sqliteStatement
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil {
          if try !body(FavoriteRecord.text(handle, column: 0).span) { break }
        }
      }
    }
  }

  /// The authors of favorites, for completion (see ``FavoriteStore/favoriteAuthors()``).
  ///
  /// From the `favorite_author` counts and one indexed row per author: a completion at 100,000
  /// favorites read them all with `SELECT DISTINCT author` (79 ms of wall time); this way the
  /// whole call takes 6.9 ms of CPU (release binary, hyperfine; see Benchmarks/compare.sh).
  public func favoriteAuthors() throws -> [String] {
    try translatingErrors {
      try writer.read { db in
        try String.fetchAll(
          db,
          sql: """
            SELECT (SELECT author FROM favorite WHERE author_folded = a.folded ORDER BY id LIMIT 1)
            FROM favorite_author AS a WHERE a.favorite_count > 0 ORDER BY 1
            """)
      }
    }
  }

  /// The favorite with `id`, if there is one.
  public func favorite(id: Int64) throws -> Favorite? {
    try translatingErrors {
      try writer.read { db in
        // SQL, not the query interface: its fetchOne reads the whole schema to see whether the
        // request is on a unique key.
        try FavoriteRecord.fetchOne(
          db, sql: "SELECT * FROM favorite WHERE id = ?", arguments: [id])?
          .favorite
      }
    }
  }

  /// The SQL condition (to follow a WHERE clause, starting with AND) that keeps favorites whose
  /// author contains `authorText`, that have `tag` and whose work matches `work`, and its
  /// arguments: empty for every favorite, nil when no favorite can match.
  static func filter(
    matching authorText: String?,
    tag: FavoriteTag?,
    work: String? = nil
  ) -> (sql: String, arguments: StatementArguments)? {
    guard var filter = filter(matching: authorText) else { return nil }
    if let tag {
      filter.sql += tagCondition
      filter.arguments += [tag.name]
    }
    if let work {
      guard let condition = workCondition(work) else { return nil }
      filter.sql += condition.sql
      filter.arguments += condition.arguments
    }
    return filter
  }

  /// The condition keeping favorites whose work has the words of `work` in that order, through
  /// the full-text index's `work` column (a phrase, its quote marks doubled, as `fav find`
  /// quotes one); nil when `work` has no word, which no favorite matches.
  static func workCondition(_ work: String) -> (sql: String, arguments: StatementArguments)? {
    guard !QuoteKey.searchFolded(work).isEmpty else { return nil }
    let phrase = "\"" + work.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return (
      " AND id IN (SELECT rowid FROM favorite_search WHERE favorite_search MATCH ?)",
      ["work : " + phrase]
    )
  }

  static func filter(
    matching authorText: String?
  ) -> (sql: String, arguments: StatementArguments)? {
    guard let authorText else { return ("", []) }
    let folded = QuoteKey.searchFolded(authorText)
    guard !folded.isEmpty else { return nil }
    if folded.unicodeScalars.count >= 3 {
      return (
        """
         AND author_folded IN (
          SELECT folded FROM favorite_author WHERE id IN (
            SELECT rowid FROM favorite_author_search WHERE folded GLOB ?
          )
        )
        """,
        ["*" + escapedForGlob(folded) + "*"]
      )
    }
    // The trigram index cannot answer fewer than three characters (and SQLite 3.40 answers
    // two CJK characters wrongly): scan the distinct authors, which are few.
    return (
      " AND author_folded IN (SELECT folded FROM favorite_author WHERE instr(folded, ?))", [folded]
    )
  }

  /// GLOB's wildcards in user text, made literal with one-character classes.
  private static func escapedForGlob(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "*", "?", "[": escaped += "[\(character)]"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
