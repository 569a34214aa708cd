import CSQLite
import Foundation

extension ImportParser {
  /// The first 16 bytes of every SQLite database file.
  static let sqliteMagic = Array("SQLite format 3\0".utf8)

  /// A Kobo's `KoboReader.sqlite`.
  ///
  /// A regular file is opened where it is, read-only and as immutable (a `file:` URI with
  /// `mode=ro&immutable=1`): SQLite reads it and writes nothing, neither the file nor a
  /// `-wal`, `-shm` or `-journal` beside it (with `mode=ro` alone it makes a `-wal` and a
  /// `-shm` for a database in WAL mode), and it reads the database as its main file holds it,
  /// whatever log lies beside it. So its size is not limited as an import file's is: a Kobo's
  /// database grows past it, and SQLite reads only the pages the query needs. When a `-wal`
  /// lies beside it, holding changes not yet written into the file (the newest highlights of
  /// a database in WAL mode), the two are copied into a folder of its own and read from there,
  /// log included, then removed. Other input
  /// (standard input, a download) is read into memory, up to that limit, and opened there
  /// (`sqlite3_deserialize`, read-only).
  ///
  /// Each row of `Bookmark` with a `Text` becomes a quote by its book's author (`content`'s
  /// `Attribution` for the `VolumeID`; "Unknown" when there is none), whose work is the book's
  /// `Title`, whose note is its `Annotation`, and whose saved time is its `DateCreated` (read in
  /// `localTime` unless it ends in `Z` or an offset). Rows without text (bookmarks, dog-ears,
  /// notes with no highlight) and hidden rows are skipped. Positions count rows from 1, oldest
  /// first.
  ///
  /// - Throws: ``ImportError/notKoboDatabase(origin:reason:)`` when the content is no SQLite
  ///   database or it has no `Bookmark` table with `Text` and `VolumeID`.
  static func parseKobo(
    _ input: inout ByteReader, origin: String, sink: QuoteSink? = nil,
    localTime: LocalTime = .utc
  ) throws -> Batch {
    var magic: [UInt8] = []
    while magic.count < sqliteMagic.count, let byte = try input.next() { magic.append(byte) }
    guard magic == sqliteMagic else {
      throw ImportError.notKoboDatabase(origin: origin, reason: "it is no SQLite database")
    }
    let db =
      if let path = input.file {
        try KoboDatabase(path: path, origin: origin)
      } else {
        try KoboDatabase(magic + input.readAll(), origin: origin)
      }
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

  /// ``parseKobo(_:origin:sink:localTime:)`` of bytes in memory.
  static func parseKobo(
    _ bytes: [UInt8], origin: String, sink: QuoteSink? = nil, localTime: LocalTime = .utc
  ) throws -> Batch {
    var input = ByteReader(bytes: bytes)
    return try parseKobo(&input, origin: origin, sink: sink, localTime: localTime)
  }
}

/// A Kobo's database opened read-only: a file where it is, a copy with its log, or bytes in
/// memory.
private final class KoboDatabase {
  private var db: OpaquePointer?
  private let origin: String
  /// The folder of the copy read, removed when done.
  private var copyFolder: String?

  /// The database in the file at `path`, opened read-only: where it is and immutable, or, with
  /// a `-wal` beside it, as a copy of the two in a folder of its own.
  init(path: String, origin: String) throws {
    self.origin = origin
    var info = stat()
    guard stat(path + "-wal", &info) == 0, info.st_size > 0 else {
      try open(path, immutable: true)
      return
    }
    var template = Array((NSTemporaryDirectory() + "/powerquotes-kobo-XXXXXX").utf8CString)
    guard
      let folder = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) })
    else { throw ImportError.cannotRead(path: origin, reason: Self.reason(errno)) }
    copyFolder = String(cString: folder)
    let copy = (copyFolder ?? "") + "/KoboReader.sqlite"
    do {
      try FileManager.default.copyItem(atPath: path, toPath: copy)
      try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
    } catch {
      throw ImportError.cannotRead(
        path: origin,
        reason: "it and its -wal could not be copied into a temporary folder to be read together")
    }
    try open(copy, immutable: false)
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Opens the file at `path` read-only; `immutable`: without any log beside it, writing
  /// nothing.
  private func open(_ path: String, immutable: Bool) throws {
    // A URI's path: bytes other than unreserved ones and `/` written as %HH; an absolute path
    // after `file://` and an empty authority.
    var uri = path.hasPrefix("/") ? "file://" : "file:"
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        uri += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    uri += immutable ? "?mode=ro&immutable=1" : "?mode=ro"
    guard sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK
    else { throw failure() }
  }

  /// The database in `bytes`, copied into SQLite's memory and opened there read-only.
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

  deinit {
    sqlite3_close(db)
    if let copyFolder { try? FileManager.default.removeItem(atPath: copyFolder) }
  }

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
