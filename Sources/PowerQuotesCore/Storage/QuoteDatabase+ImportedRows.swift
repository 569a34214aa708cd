import CSQLite
import Foundation
import GRDB

extension QuoteDatabase {
  /// The INSERT of an import's favorites, each row bound straight through SQLite's C API, after
  /// a look for an equal favorite through the hash of its keys.
  ///
  /// The import sets aside the trigger that looks for one (see ``setAsideInsertTriggers(_:)``)
  /// and looks itself, in its transaction: SQLite lets one writer in at a time, so no equal
  /// favorite comes between the look and the INSERT. The hash's index is small (about 2 MB at
  /// 100,000 favorites) where the keys' were 12 MB, read and written at random.
  ///
  /// GRDB's statement arguments box each of a row's ten values and build arrays for them: at
  /// 100,000 rows that cost more than SQLite's insert. The keys of an author are made once per
  /// import (a file has few authors, and one that is not ASCII costs a Unicode normalization),
  /// and the import's time is written once. A row's nine texts are copied into one buffer the
  /// writer keeps, and bound where they lie there (SQLITE_STATIC): passed as C strings, each was
  /// first copied into a new array, and bound as SQLITE_TRANSIENT SQLite copied each again into
  /// memory of its own, each allocation counted under a lock. The new row's id is asked of
  /// SQLite itself (GRDB's `lastInsertedRowID` first checks, through Dispatch, that it runs on
  /// the database's queue).
  struct ImportedRowWriter {
    /// What an import writes for a quote beyond the quote itself.
    struct Keys {
      /// The key that decides duplicates.
      var key: QuoteKey
      /// The author for author search (``QuoteKey/searchFolded(_:)``).
      var authorFolded: String
    }

    /// The most distinct authors whose keys are kept.
    private static let authorCacheLimit = 10_000

    private let db: Database
    private let statement: Statement
    private let find: Statement
    private let dateText: String
    private var authors: [String: (key: String, folded: String)] = [:]
    /// The bytes of the texts of the row being inserted, one after another, and where each
    /// ends: kept from row to row, so their memory is reused.
    private var texts: [UInt8] = []
    private var ends: [Int] = []

    /// A writer of rows saved at `date` (unless the file says when) inside the import's
    /// transaction on `db`.
    init(db: Database, date: Date) throws {
      self.db = db
      statement = try db.makeStatement(sql: ImportedTagWriter.insertSQL)
      find = try db.makeStatement(
        sql: "SELECT id FROM favorite WHERE key_hash = ? AND quote_key = ? AND author_key = ?")
      dateText = StoredTime.text(date)
      // The look goes through the hash alone: every favorite has one from here on.
      try QuoteDatabase.hashKeys(db)
    }

    /// The key and folded author of `quote`.
    mutating func keys(of quote: Quote) -> Keys {
      let text = QuoteKey.normalizedText(quote.text)
      if let ascii = QuoteKey.asciiLettersAndDigits(quote.author) {
        // For ASCII, the author's key and its search form are the same.
        return Keys(key: QuoteKey(quote: text, author: ascii), authorFolded: ascii)
      }
      if let known = authors[quote.author] {
        return Keys(key: QuoteKey(quote: text, author: known.key), authorFolded: known.folded)
      }
      let author = (
        key: QuoteKey.normalizedAuthor(quote.author), folded: QuoteKey.searchFolded(quote.author)
      )
      if authors.count < Self.authorCacheLimit { authors[quote.author] = author }
      return Keys(key: QuoteKey(quote: text, author: author.key), authorFolded: author.folded)
    }

    /// What ``insert(_:keys:tags:)`` did.
    enum Insertion {
      /// Inserted under this id.
      case added(Int64)
      /// Not inserted: the favorite with this id has the same keys.
      case existing(Int64)
    }

    /// Inserts `imported` with its `keys`, its work, its note and its `tags` column, unless a
    /// favorite with the same keys exists.
    mutating func insert(_ imported: ImportedQuote, keys: Keys, tags: String) throws -> Insertion {
      let handle = statement.sqliteStatement
      let quote = imported.quote
      let hash = keys.key.keyHash
      if let sourceID = quote.sourceID {
        sqlite3_bind_int64(handle, 4, Int64(sourceID))
      } else {
        sqlite3_bind_null(handle, 4)
      }
      sqlite3_bind_int64(handle, 9, hash)
      texts.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      func add(_ text: String) {
        texts.append(contentsOf: text.utf8)
        ends.append(texts.count)
      }
      add(quote.text)
      add(quote.author)
      add(quote.source.rawValue)
      add(imported.savedAt.map(StoredTime.text) ?? dateText)
      add(keys.key.quote)
      add(keys.key.author)
      add(keys.authorFolded)
      add(imported.work)
      add(imported.note)
      add(tags)
      // The texts are bound where they lie (SQLITE_STATIC, a nil destructor): no binding
      // outlives this row.
      let look = find.sqliteStatement
      defer {
        sqlite3_clear_bindings(handle)
        sqlite3_clear_bindings(look)
      }
      sqlite3_bind_int64(look, 1, hash)
      let (found, code) = texts.withUnsafeBufferPointer { bytes in
        func bind(_ statement: OpaquePointer?, _ parameter: Int32, _ start: Int, _ end: Int) {
          if let base = bytes.baseAddress {
            (base + start).withMemoryRebound(to: CChar.self, capacity: end - start) { text in
              _ = sqlite3_bind_text(statement, parameter, text, Int32(end - start), nil)
            }
          } else {
            // No bytes at all. A null pointer would bind NULL, not empty text.
            sqlite3_bind_text(statement, parameter, "", 0, nil)
          }
        }
        // The keys are the fifth and sixth texts.
        bind(look, 2, ends[3], ends[4])
        bind(look, 3, ends[4], ends[5])
        var found: Int64?
        let lookCode = sqlite3_step(look)
        if lookCode == SQLITE_ROW { found = sqlite3_column_int64(look, 0) }
        sqlite3_reset(look)
        if found != nil || (lookCode != SQLITE_DONE && lookCode != SQLITE_ROW) {
          return (found, lookCode)
        }
        // Parameters 1 to 3, 5 to 8, then 10 to 12 (the work, the note, the tags): the source
        // id, 4, and the hash, 9, are not text.
        var start = 0
        for (number, end) in ends.enumerated() {
          bind(
            handle, Int32(number < 3 ? number + 1 : number < 7 ? number + 2 : number + 3), start,
            end)
          start = end
        }
        return (nil, sqlite3_step(handle))
      }
      if let found { return .existing(found) }
      if code == SQLITE_DONE {
        sqlite3_reset(handle)
        return .added(sqlite3_last_insert_rowid(db.sqliteConnection))
      }
      let connection = db.sqliteConnection
      let extended = sqlite3_extended_errcode(connection)
      let message = String(cString: sqlite3_errmsg(connection))
      // A statement that failed is ready again once reset.
      sqlite3_reset(handle)
      throw DatabaseError(
        resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
  }
}
