import CSQLite
import Foundation
import GRDB

extension QuoteDatabase {
  /// The INSERT of an import's favorites, each row bound straight through SQLite's C API.
  ///
  /// GRDB's statement arguments box each of a row's ten values and build arrays for them: at
  /// 100,000 rows that cost more than SQLite's insert. The keys of an author are made once per
  /// import (a file has few authors, and one that is not ASCII costs a Unicode normalization),
  /// and the import's time is written once. Text is bound from the String's own UTF-8 bytes
  /// (passed as a C string, each of a row's ten was first copied into a new array), and the new
  /// row's id is asked of SQLite itself (GRDB's `lastInsertedRowID` first checks, through
  /// Dispatch, that it runs on the database's queue).
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
    func insert(_ imported: ImportedQuote, keys: Keys, tags: String) throws -> Int64? {
      let handle = statement.sqliteStatement
      let quote = imported.quote
      bindText(handle, 1, quote.text)
      bindText(handle, 2, quote.author)
      bindText(handle, 3, quote.source.rawValue)
      if let sourceID = quote.sourceID {
        sqlite3_bind_int64(handle, 4, Int64(sourceID))
      } else {
        sqlite3_bind_null(handle, 4)
      }
      bindText(handle, 5, imported.savedAt.map(StoredTime.text) ?? dateText)
      bindText(handle, 6, keys.key.quote)
      bindText(handle, 7, keys.key.author)
      bindText(handle, 8, keys.authorFolded)
      bindText(handle, 9, imported.note)
      bindText(handle, 10, tags)
      let code = sqlite3_step(handle)
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

    private func bindText(_ handle: OpaquePointer, _ index: Int32, _ text: String) {
      // SQLite copies the bytes (SQLITE_TRANSIENT): the String's buffer is only lent for the call.
      let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
      var text = text
      text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else {
          // A null pointer would bind NULL, not empty text.
          sqlite3_bind_text(handle, index, "", 0, transient)
          return
        }
        _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { base in
          sqlite3_bind_text(handle, index, base, Int32(bytes.count), transient)
        }
      }
    }
  }
}
