import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// KOReader's JSON export of one book, as its exporter writes it, with lines of our own.
let koreaderBook = """
  {"title": "Field Notes", "author": "Ann Walker\\nBo Reed", "created_on": 1691692568,
   "version": "koreader-exporter", "entries": [
    {"page": 12, "time": 1691692568, "text": "The path bends where the water wants.",
     "note": "Like the old mill road.", "chapter": "Rivers", "sort": "highlight"},
    {"page": 13, "time": 1691692600, "sort": "bookmark", "text": ""},
    {"page": "xiv", "time": 1691692700, "text": "Stones remember every flood.", "chapter": "Rivers"},
    {"page": 15, "time": 1691692800, "text": "", "image": true},
    "not an entry"
  ]}
  """

/// KOReader's text export: wide spaces (U+3000) before titles, chapters and `-- Page:` lines.
let koreaderText =
  "\u{3000}Field Notes\n\u{3000}\n\u{3000}Rivers\n\u{3000}\n"
  + "\u{3000}\u{3000}-- Page: 12, added on Thu Aug 10 18:36:08 2023\n"
  + "The path bends where the water wants.\n---\nLike the old mill road.\n-=-=-=-=-=-\n"
  + "\u{3000}Rivers\n\u{3000}\n"
  + "\u{3000}\u{3000}-- Page: 14, added on Thu Aug 10 18:40:00 2023\n"
  + "Stones remember every flood.\n-=-=-=-=-=-\n"
  + "\u{3000}Rivers\n\u{3000}\n"
  + "\u{3000}\u{3000}-- Page: 15, added on Thu Aug 10 18:41:00 2023\n<An image>\n-=-=-=-=-=-\n"
  + "\u{3000}Second Book\n\u{3000}\n\u{3000}Coasts\n\u{3000}\n"
  + "\u{3000}\u{3000}-- Page: 3, added on Fri Aug 11 07:00:00 2023\n"
  + "A line from another book.\n-=-=-=-=-=-\n\n"

@Suite("Import parsing: KOReader's exports")
struct KOReaderImportTests {
  @Test("JSON, one book: text, authors, work, page and note, time; bookmarks and images skipped")
  func json() throws {
    let batch = try ImportParser.parse(Data(koreaderBook.utf8), origin: "book.json")
    #expect(batch.format == .koreader)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(
          text: "The path bends where the water wants.", author: "Ann Walker, Bo Reed",
          source: .imported),
        Quote(
          text: "Stones remember every flood.", author: "Ann Walker, Bo Reed", source: .imported),
      ])
    #expect(batch.quotes.map(\.work) == ["Field Notes", "Field Notes"])
    #expect(batch.quotes.map(\.note) == ["page 12\nLike the old mill road.", "page xiv"])
    #expect(
      batch.quotes.map(\.savedAt) == [
        Date(timeIntervalSince1970: 1_691_692_568), Date(timeIntervalSince1970: 1_691_692_700),
      ])
    #expect(batch.skipped == 2)
    #expect(batch.rejected == [ImportRejection(position: 5, reason: .notAQuote)])
  }

  @Test("JSON, several books under documents: positions count entries across them")
  func documents() throws {
    let text = """
      {"created_on": 1, "version": "v", "documents": [
        {"title": "One", "author": "A", "entries": [{"page": 1, "time": 5, "text": "First."}]},
        {"title": "Two", "entries": [{"page": 2, "time": 6, "text": "Second."}]}
      ]}
      """
    let batch = try ImportParser.parse(Data(text.utf8), origin: "all.json")
    #expect(batch.format == .koreader)
    #expect(batch.quotes.map(\.position) == [1, 2])
    #expect(batch.quotes.map(\.quote.author) == ["A", "Unknown"])
    #expect(batch.quotes.map(\.work) == ["One", "Two"])
  }

  @Test("--from koreader on other JSON is one error sentence")
  func notKOReader() {
    #expect(throws: ImportError.notKOReaderJSON(origin: "q.json")) {
      try ImportParser.parse(Data(#"{"quotes": []}"#.utf8), origin: "q.json", as: .koreader)
    }
  }

  @Test("Its My Clippings file reads as a Kindle's")
  func clippings() throws {
    let text = """
      Field Notes (Ann Walker)
      - Your highlight on page 12 | Added on Thursday, August 10, 2023 06:36:08 PM

      The path bends where the water wants.
      ==========

      """
    let batch = try ImportParser.parse(Data(text.utf8), origin: "clippings.txt")
    #expect(batch.format == .clippings)
    #expect(batch.quotes.map(\.work) == ["Field Notes"])
    #expect(batch.quotes.map(\.note) == ["page 12"])
    #expect(batch.quotes.map(\.savedAt) == [isoDate("2023-08-10T18:36:08Z")])
  }

  @Test("Text export: titles and chapters told apart, page, note, time; images skipped")
  func text() throws {
    let batch = try ImportParser.parse(Data(koreaderText.utf8), origin: "notes.txt")
    #expect(batch.format == .koreaderText)
    #expect(
      batch.quotes.map(\.quote.text) == [
        "The path bends where the water wants.", "Stones remember every flood.",
        "A line from another book.",
      ])
    #expect(batch.quotes.map(\.quote.author) == ["Unknown", "Unknown", "Unknown"])
    #expect(batch.quotes.map(\.work) == ["Field Notes", "Field Notes", "Second Book"])
    #expect(batch.quotes.map(\.note) == ["page 12\nLike the old mill road.", "page 14", "page 3"])
    #expect(
      batch.quotes.map(\.savedAt) == [
        isoDate("2023-08-10T18:36:08Z"), isoDate("2023-08-10T18:40:00Z"),
        isoDate("2023-08-11T07:00:00Z"),
      ])
    #expect(batch.quotes.map(\.position) == [1, 2, 4])
    #expect(batch.skipped == 1)
    #expect(batch.rejected == [])
  }

  @Test("Text export of books without chapters: each single line before an entry is a title")
  func textWithoutChapters() throws {
    let text =
      "\u{3000}One\n\u{3000}\n\u{3000}\u{3000}-- Page: 1, added on Thu Aug 10 18:36:08 2023\n"
      + "First.\n-=-=-=-=-=-\n\u{3000}\u{3000}-- Page: 2, added on Thu Aug 10 18:37:08 2023\n"
      + "Second.\n-=-=-=-=-=-\n\u{3000}Two\n\u{3000}\n"
      + "\u{3000}\u{3000}-- Page: 3, added on Thu Aug 10 18:38:08 2023\nThird.\n-=-=-=-=-=-\n"
    let batch = try ImportParser.parse(Data(text.utf8), origin: "f")
    #expect(batch.format == .koreaderText)
    #expect(batch.quotes.map(\.work) == ["One", "One", "Two"])
  }

  @Test("--from koreader-text on a file without its lines is one error sentence")
  func notText() {
    #expect(throws: ImportError.notKOReaderText(origin: "f")) {
      try ImportParser.parse(Data("Hello\n%\n".utf8), origin: "f", as: .koreaderText)
    }
  }
}

@Suite("Import of a Kobo's KoboReader.sqlite")
struct KoboImportTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// A `KoboReader.sqlite` with Kobo's column names: two books, a highlight with a note, one
  /// without, a dog-ear, a hidden highlight, and a highlight of a book `content` lacks.
  func makeKobo(_ path: String, wal: Bool = false) throws {
    var configuration = Configuration()
    configuration.journalMode = wal ? .wal : .default
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, Title TEXT,
            Attribution TEXT, PRIMARY KEY (ContentID));
          CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL,
            ContentID TEXT NOT NULL, Text TEXT, Annotation TEXT, DateCreated TEXT,
            Hidden BOOL DEFAULT 'false', Type TEXT, PRIMARY KEY (BookmarkID));
          INSERT INTO content VALUES
            ('file:///mnt/onboard/walk.epub', '6', 'A Long Walk', 'Ann Walker'),
            ('file:///mnt/onboard/walk.epub#ch1', '9', 'Chapter One', NULL),
            ('file:///mnt/onboard/sea.kepub.epub', '6', 'The Sea', 'Bo Reed');
          INSERT INTO Bookmark VALUES
            ('b1', 'file:///mnt/onboard/walk.epub', 'c', 'Every hill hides a kinder valley.',
             'Said by the shepherd.', '2023-02-14T05:15:57.000', 'false', 'note'),
            ('b2', 'file:///mnt/onboard/walk.epub', 'c', NULL, NULL, '2023-02-14T05:20:00.000',
             'false', 'dogear'),
            ('b3', 'file:///mnt/onboard/sea.kepub.epub', 'c', ' Salt keeps its own time. ',
             NULL, '2023-03-01T10:00:00Z', 'false', 'highlight'),
            ('b4', 'file:///mnt/onboard/sea.kepub.epub', 'c', 'A hidden one.', NULL,
             '2023-03-02T10:00:00Z', 'true', 'highlight'),
            ('b5', 'file:///mnt/onboard/gone.epub', 'c', 'A book no longer there.', NULL,
             '2023-03-03T10:00:00+02:00', 'false', 'highlight');
          """)
    }
  }

  @Test("Told by content: each highlight by its book's author, work, note and local time")
  func rows() throws {
    let path = folder.file("KoboReader.sqlite")
    defer { folder.remove() }
    try makeKobo(path)
    let tokyo = LocalTime.zone(try #require(TimeZone(identifier: "Asia/Tokyo")))
    let batch = try ImportParser.parse(
      try Data(contentsOf: URL(fileURLWithPath: path)), origin: path, localTime: tokyo)
    #expect(batch.format == .kobo)
    #expect(
      batch.quotes.map(\.quote.text) == [
        "Every hill hides a kinder valley.", "Salt keeps its own time.",
        "A book no longer there.",
      ])
    #expect(batch.quotes.map(\.quote.author) == ["Ann Walker", "Bo Reed", "Unknown"])
    #expect(batch.quotes.map(\.work) == ["A Long Walk", "The Sea", ""])
    #expect(batch.quotes.map(\.note) == ["Said by the shepherd.", "", ""])
    #expect(
      batch.quotes.map(\.savedAt) == [
        isoDate("2023-02-14T05:15:57+09:00"), isoDate("2023-03-01T10:00:00Z"),
        isoDate("2023-03-03T10:00:00+02:00"),
      ])
    #expect(batch.quotes.map(\.position) == [1, 3, 5])
    #expect(batch.skipped == 2)
  }

  @Test(
    "Imported from its path, the file is not changed and no -wal, -shm or journal appears",
    arguments: [false, true])
  func untouched(wal: Bool) async throws {
    defer { folder.remove() }
    let kobo = folder.file("KoboReader.sqlite")
    try makeKobo(kobo, wal: wal)
    let before = try Data(contentsOf: URL(fileURLWithPath: kobo))
    let modified = try FileManager.default.attributesOfItem(atPath: kobo)[.modificationDate]
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let controller = ExchangeController(
      database: try QuoteDatabase.open(path: folder.file("q.sqlite")), downloadClient: .failing,
      now: { testDate }, localTime: .utc)
    let report = try await controller.importFavorites(from: .file(path: kobo), dryRun: false)
    #expect(report.format == .kobo)
    #expect(report.added == 3)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kobo)) == before)
    #expect(
      try FileManager.default.attributesOfItem(atPath: kobo)[.modificationDate] as? Date
        == modified as? Date)
    for suffix in ["-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: kobo + suffix))
    }
    // Only the library, made beside it, is new.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        .filter { !$0.hasPrefix("q.sqlite") } == listing)
  }

  @Test("Highlights still in the -wal beside it are read too; the two files stay as they were")
  func unwrittenLog() async throws {
    defer { folder.remove() }
    let device = folder.file("device")
    try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
    let kobo = device + "/KoboReader.sqlite"
    // The e-reader's database while it is in use: the newest highlight only in its log.
    let live = folder.file("live.sqlite")
    try makeKobo(live, wal: true)
    var configuration = Configuration()
    configuration.journalMode = .wal
    let queue = try DatabaseQueue(path: live, configuration: configuration)
    try await queue.write { db in
      try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
      try db.execute(
        sql: """
          INSERT INTO Bookmark VALUES ('b6', 'file:///mnt/onboard/sea.kepub.epub', 'c',
            'Only the log has this one.', NULL, '2023-04-01T10:00:00Z', 'false', 'highlight')
          """)
    }
    try FileManager.default.copyItem(atPath: live, toPath: kobo)
    try FileManager.default.copyItem(atPath: live + "-wal", toPath: kobo + "-wal")
    try queue.close()
    let before = try [kobo, kobo + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    let listing = try FileManager.default.contentsOfDirectory(atPath: device).sorted()
    let library = try QuoteDatabase.open(path: folder.file("q.sqlite"))
    let controller = ExchangeController(
      database: library, downloadClient: .failing, now: { testDate }, localTime: .utc)
    let report = try await controller.importFavorites(from: .file(path: kobo), dryRun: false)
    #expect(report.added == 4)
    #expect(
      try library.favorites().map(\.quote.text).contains("Only the log has this one."))
    #expect(
      try [kobo, kobo + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: device).sorted() == listing)
  }

  @Test(
    "A database over the import size limit is opened where it is and left as it was",
    arguments: [false, true])
  func large(wal: Bool) async throws {
    defer { folder.remove() }
    let kobo = folder.file("Kobo Reader?#%.sqlite")
    try makeKobo(kobo, wal: wal)
    // Past its last page, zeros without blocks on disk: SQLite reads the pages its header
    // counts, so the database is the same, only larger than ImportParser.maxFileBytes.
    let size = ImportParser.maxFileBytes + (1 << 20) + 123
    #expect(truncate(kobo, off_t(size)) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: kobo))
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let controller = ExchangeController(
      database: try QuoteDatabase.open(path: folder.file("q.sqlite")), downloadClient: .failing,
      now: { testDate }, localTime: .utc)
    let report = try await controller.importFavorites(from: .file(path: kobo), dryRun: false)
    #expect(report.format == .kobo)
    #expect(report.added == 3)
    #expect(report.skipped == 2)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kobo)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        .filter { !$0.hasPrefix("q.sqlite") } == listing)
    // Any other large file is still refused as too large.
    let other = folder.file("large.json")
    #expect(FileManager.default.createFile(atPath: other, contents: Data("[".utf8)))
    #expect(truncate(other, off_t(size)) == 0)
    await #expect(throws: ImportError.tooLarge(origin: other, limit: ImportParser.maxFileBytes)) {
      try await controller.importFavorites(from: .file(path: other), dryRun: false)
    }
  }

  @Test("Another SQLite database, or --from kobo on text, is one error sentence")
  func notKobo() throws {
    defer { folder.remove() }
    let other = folder.file("other.sqlite")
    try DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
    let reason = "it has no Bookmark table with Text and VolumeID columns"
    #expect(throws: ImportError.notKoboDatabase(origin: "other.sqlite", reason: reason)) {
      try ImportParser.parse(
        try Data(contentsOf: URL(fileURLWithPath: other)), origin: "other.sqlite")
    }
    #expect(
      throws: ImportError.notKoboDatabase(origin: "t.txt", reason: "it is no SQLite database")
    ) {
      try ImportParser.parse(Data("Hello.\n".utf8), origin: "t.txt", as: .kobo)
    }
    #expect(
      ImportError.notKoboDatabase(origin: "t.txt", reason: "it is no SQLite database")
        .errorDescription
        == "t.txt is not a Kobo's KoboReader.sqlite: it is no SQLite database. Copy it again "
        + "from the e-reader's .kobo folder.")
  }
}
