import CSQLite
import Foundation
import GRDB

extension QuoteDatabase {
  /// The INSERT of an import's favorites, each row bound straight through SQLite's C API.
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
      dateText = StoredTime.text(date)
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

    /// Inserts `imported` with its `keys`, its note and its `tags` column and returns its id; returns
    /// nil, having inserted nothing, when an equal favorite exists (the UNIQUE key decides).
    mutating func insert(_ imported: ImportedQuote, keys: Keys, tags: String) throws -> Int64? {
      let handle = statement.sqliteStatement
      let quote = imported.quote
      if let sourceID = quote.sourceID {
        sqlite3_bind_int64(handle, 4, Int64(sourceID))
      } else {
        sqlite3_bind_null(handle, 4)
      }
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
      add(imported.note)
      add(tags)
      // The texts are bound where they lie (SQLITE_STATIC, a nil destructor): no binding
      // outlives this row.
      defer { sqlite3_clear_bindings(handle) }
      let code = texts.withUnsafeBufferPointer { bytes in
        // Parameters 1 to 3, then 5 to 10: the source id, 4, is not text.
        var start = 0
        for (number, end) in ends.enumerated() {
          let parameter = Int32(number < 3 ? number + 1 : number + 2)
          if let base = bytes.baseAddress {
            (base + start).withMemoryRebound(to: CChar.self, capacity: end - start) { text in
              _ = sqlite3_bind_text(handle, parameter, text, Int32(end - start), nil)
            }
          } else {
            // No bytes at all. A null pointer would bind NULL, not empty text.
            sqlite3_bind_text(handle, parameter, "", 0, nil)
          }
          start = end
        }
        return sqlite3_step(handle)
      }
      if code == SQLITE_DONE {
        sqlite3_reset(handle)
        return sqlite3_last_insert_rowid(db.sqliteConnection)
      }
      let connection = db.sqliteConnection
      let extended = sqlite3_extended_errcode(connection)
      let message = String(cString: sqlite3_errmsg(connection))
      // A statement that failed is ready again once reset.
      sqlite3_reset(handle)
      if extended == ResultCode.SQLITE_CONSTRAINT_UNIQUE.rawValue { return nil }
      throw DatabaseError(
        resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
  }
}
