import CSQLite
import GRDB

extension FavoriteRecord {
  /// Fills `raw` with the ``listedColumns`` of `statement`'s current row, their bytes copied
  /// as SQLite holds them, and returns true; false when a column is not of its kind or the time
  /// is not of the usual shape, for ``listed(_:)`` to read the row instead.
  ///
  /// A text column's bytes are read as SQLite holds them, not through `String`: a list of
  /// 100,000 favorites spends more making strings than SQLite spends reading the rows.
  static func fill(_ raw: inout RawFavorite, from statement: Statement) -> Bool {
    let handle = statement.sqliteStatement
    func isText(_ column: Int32) -> Bool {
      sqlite3_column_type(handle, column) == SQLITE_TEXT
    }
    let sourceIDType = sqlite3_column_type(handle, 4)
    guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER, isText(1), isText(2), isText(3),
      sourceIDType == SQLITE_INTEGER || sourceIDType == SQLITE_NULL, isText(5), isText(6),
      isText(7), isText(8)
    else { return false }
    func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
      Self.text(handle, column: column)
    }
    let savedAt = text(5)
    guard Timestamp.isStoredTime(savedAt) else { return false }
    raw.fill(
      id: sqlite3_column_int64(handle, 0),
      quote: text(1).span,
      author: text(2).span,
      source: text(3).span,
      sourceID: sourceIDType == SQLITE_NULL ? nil : Int(sqlite3_column_int64(handle, 4)),
      savedAt: savedAt.span,
      note: text(6).span,
      tags: text(7).span,
      work: text(8).span
    )
    return true
  }

  /// The columns a table row is read from (``FavoriteColumns/table``), in the order of
  /// ``fillTableRow(_:from:)`` and ``tableRow(_:)``.
  static let tableColumns = [Columns.id, Columns.quote, Columns.author, Columns.tags]

  /// The names of the columns a row of `columns` is read from, in their order.
  static func columnNames(_ columns: FavoriteColumns) -> [String] {
    (columns == .all ? listedColumns : tableColumns).map(\.name)
  }

  /// What a table row's SELECT reads (``tableColumns``): with `readsTags` false, an empty text
  /// in place of the `tags` column.
  static func tableColumnSQL(readsTags: Bool) -> String {
    let names = tableColumns.map { $0.name == Columns.tags.name && !readsTags ? "''" : $0.name }
    return names.joined(separator: ", ")
  }

  /// ``fill(_:from:)`` of a row of ``tableColumns``: the other columns empty.
  ///
  /// Without asking each column's type, a tenth of a long listing: the id is the rowid, and
  /// the text columns are `NOT NULL` with text affinity, so they hold text or a blob, whose
  /// bytes the writers check as they would the text it decodes to. A NULL they cannot hold
  /// makes it nil all the same.
  static func fillTableRow(_ raw: inout RawFavorite, from statement: Statement) -> Bool {
    let handle = statement.sqliteStatement
    guard let quote = presentText(handle, column: 1),
      let author = presentText(handle, column: 2),
      let tags = presentText(handle, column: 3)
    else { return false }
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    raw.fill(
      id: sqlite3_column_int64(handle, 0), quote: quote.span, author: author.span,
      source: none.span, sourceID: nil, savedAt: none.span, note: none.span, tags: tags.span,
      work: none.span)
    return true
  }

  /// The favorite in a row of ``tableColumns``, read by position; the columns a table does not
  /// show are empty.
  static func tableRow(_ row: Row) throws -> Favorite {
    Favorite(
      id: try row.decode(atIndex: 0),
      quote: Quote(
        text: try row.decode(atIndex: 1), author: try row.decode(atIndex: 2),
        source: QuoteSource(rawValue: "")),
      savedAt: nil,
      tags: tagList(try row.decode(atIndex: 3))
    )
  }

  /// The bytes of text column `column` of the statement `handle`'s current row, borrowed from
  /// SQLite until the statement steps again.
  static func text(_ handle: OpaquePointer, column: Int32) -> UnsafeBufferPointer<UInt8> {
    presentText(handle, column: column) ?? UnsafeBufferPointer(start: nil, count: 0)
  }

  /// ``text(_:column:)``, or nil when the column is NULL.
  ///
  /// Through the column's value, the pointer first, then the length, as SQLite asks:
  /// `sqlite3_column_text` and `sqlite3_column_bytes` each look the column up and check the
  /// statement for errors, and those calls were a tenth of the CPU of a 100,000-row
  /// `fav list`. The value is SQLite's "unprotected" one, which is safe to read on the thread
  /// that steps the statement with no other thread on the connection (GRDB runs one at a
  /// time); like the bytes, it is valid until the statement steps again.
  static func presentText(_ handle: OpaquePointer, column: Int32) -> UnsafeBufferPointer<UInt8>? {
    guard let value = sqlite3_column_value(handle, column), let start = sqlite3_value_text(value)
    else { return nil }
    return UnsafeBufferPointer(start: start, count: Int(sqlite3_value_bytes(value)))
  }
}
