import CSQLite
import Foundation

extension ImportParser {
  /// The first 16 bytes of every SQLite database file.
  static let sqliteMagic = Array("SQLite format 3\0".utf8)

  /// A Kobo's `KoboReader.sqlite`, read from a copy of its bytes in memory.
  ///
  /// SQLite opens the copy read-only (`sqlite3_deserialize`): the file on the e-reader is only
  /// read as any import file is, never opened by SQLite, so nothing can write it or leave a
  /// `-wal` or `-shm` file beside it. A database in WAL mode is read as its main file holds it.
  ///
  /// Each row of `Bookmark` with a `Text` becomes a quote by its book's author (`content`'s
  /// `Attribution` for the `VolumeID`; "Unknown" when there is none), whose work is the book's
  /// `Title`, whose note is its `Annotation`, and whose saved time is its `DateCreated` (read in
  /// `localTime` unless it ends in `Z` or an offset). Rows without text (bookmarks, dog-ears,
  /// notes with no highlight) and hidden rows are skipped. Positions count rows from 1, oldest
  /// first.
  ///
  /// - Throws: ``ImportError/notKoboDatabase(origin:reason:)`` when the bytes are no SQLite
  ///   database or it has no `Bookmark` table with `Text` and `VolumeID`.
  static func parseKobo(
    _ bytes: [UInt8], origin: String, sink: QuoteSink? = nil, localTime: LocalTime = .utc
  ) throws -> Batch {
    guard bytes.starts(with: sqliteMagic) else {
      throw ImportError.notKoboDatabase(origin: origin, reason: "it is no SQLite database")
    }
    let db = try KoboDatabase(bytes, origin: origin)
    let bookmark = try db.columns(of: "Bookmark")
    guard bookmark.contains("text"), bookmark.contains("volumeid") else {
      throw ImportError.notKoboDatabase(
        origin: origin, reason: "it has no Bookmark table with Text and VolumeID columns")
    }
    let content = try db.columns(of: "content")
    func column(_ name: String) -> String {
      bookmark.contains(name.lowercased()) ? "b.\(name)" : "NULL"
    }
    func book(_ name: String) -> String {
      guard content.contains("contentid"), content.contains(name.lowercased()) else {
        return "NULL"
      }
      let order = content.contains("contenttype") ? " ORDER BY c.ContentType = 6 DESC" : ""
      return "(SELECT c.\(name) FROM content AS c WHERE c.ContentID = b.VolumeID\(order) LIMIT 1)"
    }
    let order = bookmark.contains("datecreated") ? "ORDER BY b.DateCreated" : ""
    let sql = """
      SELECT b.Text, \(column("Annotation")), \(column("DateCreated")), \(column("Hidden")), \
      \(book("Title")), \(book("Attribution")) FROM Bookmark AS b \(order)
      """
    var batch = Batch(format: .kobo, sink: sink)
    var position = 0
    try db.forEachRow(sql) { row in
      position += 1
      let text = row[0] ?? ""
      let hidden = row[3]?.lowercased()
      if hidden == "true" || hidden == "1" || isEmptyTrimmed(text) {
        batch.skipped += 1
        return
      }
      let author = (row[5] ?? "").trimmed
      let savedAt = row[2].flatMap(DeviceTime.reading(iso:))?.date(in: localTime)
      batch.add(
        position: position, text: text.trimmed, author: author.isEmpty ? unknownAuthor : author,
        source: .imported, savedAt: savedAt, note: (row[1] ?? "").trimmed,
        work: (row[4] ?? "").trimmed)
    }
    return batch
  }
}

/// An SQLite database in memory, made from a file's bytes and opened read-only.
private final class KoboDatabase {
  private var db: OpaquePointer?
  private let origin: String

  init(_ bytes: [UInt8], origin: String) throws {
    self.origin = origin
    guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
      let memory = sqlite3_malloc64(UInt64(bytes.count))
    else { throw failure() }
    let copy = memory.bindMemory(to: UInt8.self, capacity: bytes.count)
    copy.update(from: bytes, count: bytes.count)
    // A database in WAL mode (bytes 18 and 19 are 2) is read in memory as a rollback one: its
    // log is not in the copy.
    if bytes.count > 19, copy[18] == 2 || copy[19] == 2 {
      copy[18] = 1
      copy[19] = 1
    }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
    guard
      sqlite3_deserialize(
        db, "main", copy, sqlite3_int64(bytes.count), sqlite3_int64(bytes.count), flags)
        == SQLITE_OK
    else { throw failure() }
  }

  deinit { sqlite3_close(db) }

  /// The column names of `table`, in lower case; empty when there is no such table.
  func columns(of table: String) throws -> Set<String> {
    var names = Set<String>()
    try forEachRow("SELECT name FROM pragma_table_info('\(table)')") { row in
      if let name = row[0] { names.insert(name.lowercased()) }
    }
    return names
  }

  /// Calls `body` with each row of `sql`, its columns as text (nil for NULL).
  func forEachRow(_ sql: String, _ body: ([String?]) -> Void) throws {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw failure() }
    defer { sqlite3_finalize(statement) }
    let count = sqlite3_column_count(statement)
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return }
      guard step == SQLITE_ROW else { throw failure() }
      var row: [String?] = []
      for index in 0..<count {
        guard let text = sqlite3_column_text(statement, index) else {
          row.append(nil)
          continue
        }
        let length = Int(sqlite3_column_bytes(statement, index))
        row.append(
          String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
      }
      body(row)
    }
  }

  /// SQLite's account of what went wrong, as the import's error.
  private func failure() -> ImportError {
    let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "out of memory"
    return ImportError.notKoboDatabase(origin: origin, reason: "SQLite says \(message)")
  }
}
