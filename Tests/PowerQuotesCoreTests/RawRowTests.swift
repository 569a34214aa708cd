import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// Rows handed over as bytes (``FavoriteRow/raw(_:)``) decode to the favorites the store
/// decodes, whatever a hand-edited database holds: escape sequences, C1 and bidi controls,
/// invalid UTF-8, NULs, wide and combining characters, odd tags and times. (What the writers make
/// of them is held by the golden files of GoldenOutputTests.)
@Suite struct RawRowTests {
  /// Column texts as SQL expressions: clean ones and hostile ones, some not valid UTF-8.
  static let hostileSQL = [
    "X'41FF42'", "X'C0AF'", "X'EDA080'", "X'F4908080'", "X'E282'", "X'41004200'", "X'C29B33326D'",
    "X'E280AE6C6F6F6B'", "X'D89C61'", "X'E281A6'", "X'7F'",
    // Long printable ASCII, then an escape sequence, a NUL, invalid UTF-8, a combining mark or
    // a bidi control: a table cuts these from their head (UntrustedText.simpleHead).
    "X'616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161611B5B33316D62'",
    "X'616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161610062'",
    "X'61616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161FF'",
    "X'61616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161616161CC81'",
    "X'61206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120E280AE62'",
    "X'612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061206120612061201B5D303B7807'",
  ]

  /// A database holding `count` favorites drawn from ``FastPathTests/texts`` and the hostile
  /// bytes above, written as raw SQL as a hand-edited file could hold them.
  static func database(count: Int = 600) throws -> QuoteDatabase {
    let database = try QuoteDatabase.inMemory()
    var generator = SeededGenerator(seed: 7)
    let texts = FastPathTests.texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    func text() -> (sql: String, value: String?) {
      if Int.random(in: 0..<6, using: &generator) == 0 {
        return (
          "CAST(\(hostileSQL[Int.random(in: 0..<hostileSQL.count, using: &generator)]) AS TEXT)",
          nil
        )
      }
      return ("?", texts[Int.random(in: 0..<texts.count, using: &generator)])
    }
    let times = [
      "'2026-01-15 08:00:00.000'", "'1970-01-01 00:00:00.999'", "'9999-12-31 23:59:59.999'",
      "'2024-02-29 12:34:56.789'", "'2026-01-15T08:00:00.000'",
      "'2026-01-15 08:00:00'", "'2026-01-15 08:00'", "'2026-01-15 08:00:00.123'",
    ]
    let tagLists = [
      "''", "'stoic'", "'life stoic'", "' life'", "'a  b'", "'caf\u{E9} x'", "'x \u{301}y'",
      "'#x'", "'q\"t,c'", "CAST(X'1B5B326A' AS TEXT)", "'\u{1B}[31m'",
    ]
    try database.writer.write { db in
      for index in 0..<count {
        var arguments: [String?] = []
        var values: [String] = []
        for _ in 0..<3 {
          let (sql, value) = text()
          values.append(sql)
          if let value { arguments.append(value) }
        }
        let note = Int.random(in: 0..<3, using: &generator) == 0 ? values[2] : "''"
        if note == "''", values[2] == "?" { arguments.removeLast() }
        let sourceID = Int.random(in: 0..<3, using: &generator) == 0 ? "NULL" : "\(index * 7)"
        let tags = tagLists[index % tagLists.count]
        let time = times[index % times.count]
        try db.execute(
          sql: """
            INSERT INTO favorite (quote, author, source, source_id, saved_at, quote_key,
              author_key, author_folded, note, tags)
            VALUES (\(values[0]), \(values[1]), 'manual', \(sourceID), \(time), 'k\(index)', 'a',
              'a', \(note), \(tags))
            """,
          arguments: StatementArguments(arguments))
      }
      // Quote marks, commas and line breaks for CSV; a quote mark before a combining mark.
      try db.execute(
        sql: """
          INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
            author_folded, note)
          VALUES ('Say "yes", then
          go.', 'A "B"', 'manual', '2026-01-15 08:00:00.000', 'q1', 'a', 'a', 'n, "x"'),
          ('"\u{301}x"', 'C', 'dummy\u{1B}[2Jjson', '2026-01-15 08:00:00.000', 'q2', 'a', 'a', '')
          """)
      // A tag, so that a table reads the `tags` column (see tagsColumn()): the hand-written
      // ones above are not in favorite_tag. Its trigger rewrites favorite 1's column.
      try db.execute(sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (1, 'stoic')")
    }
    return database
  }

  @Test("A row's bytes decode to the favorite the store decodes")
  func decoding() throws {
    let database = try Self.database()
    let favorites = try database.favorites()
    var index = 0
    var raw = 0
    try database.forEachFavoriteRow(matching: nil, tag: nil, after: 0, limit: nil, columns: .all) {
      row in
      let expected = favorites[index]
      index += 1
      if case .raw = row { raw += 1 }
      let favorite = row.favorite
      #expect(favorite.id == expected.id)
      #expect(favorite.quote == expected.quote)
      #expect(favorite.savedAt == expected.savedAt)
      #expect(favorite.note == expected.note)
      #expect(favorite.tags == expected.tags)
    }
    #expect(index == favorites.count)
    // Most rows come raw; those with a time of another shape come decoded.
    #expect(raw > favorites.count / 2 && raw < favorites.count)
  }

  @Test("fav find's shape and rows are those of its ranked hits")
  func search() throws {
    let database = try Self.database()
    var found = 0
    var tied = 0
    for text in ["a", "z*", "\"a a\"", "ss"] {
      let query = try SearchQuery(text)
      var hits: [Favorite] = []
      try database.forEachSearchHit(query, tag: nil, matches: false) { hits.append($0.favorite) }
      found += hits.count
      let shape = try #require(
        try FavoriteListView.shape { try database.searchSize(query, tag: nil, authors: $0) })
      let expected = FavoriteListView.shape(of: hits)
      #expect(shape.count == expected.count && shape.largestID == expected.largestID)
      // Measured until one reaches the widest a table shows.
      let limit = FavoriteListView.maxAuthorWidth
      #expect(min(shape.widestAuthor, limit) == min(expected.widestAuthor, limit))
      var ids: [Int64] = []
      try database.forEachSearchRow(query, tag: nil, columns: .all) { ids.append($0.id) }
      #expect(ids == hits.map(\.id))
      // In the order FTS5 ranks them itself, ties too (in id order), though SQLite sorts them.
      let ranked = try database.writer.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT rowid, rank FROM favorite_search WHERE favorite_search MATCH ?
            ORDER BY favorite_search.rank
            """,
          arguments: [query.fts5])
      }
      #expect(ids == ranked.map { $0[0] as Int64 })
      tied += ranked.count - Set(ranked.map { $0[1] as Double }).count
    }
    #expect(tied > 10)
    #expect(found > 100)
  }

  @Test("A list's shape measures authors from their bytes as the String path measures them")
  func shapeFromBytes() throws {
    let database = try Self.database()
    let controller = FavoritesController(database: database, client: .failing, now: { testDate })
    let favorites = try database.favorites()
    let widest = favorites.map { FavoriteListView.authorWidth($0.quote.author) }.max() ?? 0
    let shape = try #require(
      try FavoriteListView.shape(widthLimit: nil) {
        try controller.listSize(author: nil, authors: $0)
      })
    #expect(shape.widestAuthor == widest)
    #expect(shape.count == favorites.count && shape.largestID == favorites.last?.id)
    // Up to a limit, measured until one author reaches it.
    let limited = try #require(
      try FavoriteListView.shape(widthLimit: 8) {
        try controller.listSize(author: nil, authors: $0)
      })
    #expect(limited.widestAuthor >= min(8, widest) && limited.widestAuthor <= widest)
  }

  @Test("A table reads the tags column only in a library with a tag: favorite_tag keeps it")
  func tagsColumn() throws {
    let database = try QuoteDatabase.inMemory()
    for quote in [Samples.rumi, Samples.umar] { _ = try database.addFavorite(quote, at: testDate) }
    func tableTags() throws -> [[String]] {
      var tags: [[String]] = []
      try database.forEachFavoriteRow(
        matching: nil, tag: nil, after: 0, limit: nil, columns: .table
      ) { tags.append($0.favorite.tags) }
      return tags
    }
    #expect(try tableTags() == [[], []])
    _ = try database.tag(id: 2, with: [FavoriteTag("stoic"), FavoriteTag("life")], at: testDate)
    #expect(try tableTags() == [[], ["life", "stoic"]])
    _ = try database.untag(
      id: 2, tags: [FavoriteTag("stoic"), FavoriteTag("life")], at: testDate)
    #expect(try tableTags() == [[], []])
    // A column written by hand without favorite_tag rows is not read (intended: the column is
    // only ever kept from favorite_tag); every column is, for JSON and exports.
    try database.writer.write { db in
      try db.execute(sql: "UPDATE favorite SET tags = 'x' WHERE id = 1")
    }
    #expect(try tableTags() == [[], []])
    #expect(try database.favorites().map(\.tags) == [["x"], []])
  }

  @Test("A table row whose quote is a blob lists as the text its bytes make")
  func blobQuotes() throws {
    let database = try QuoteDatabase.inMemory()
    try database.writer.write { db in
      // A text column holds a blob only when one is written in as such: read as text.
      try db.execute(
        sql: """
          INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
            author_folded)
          VALUES (X'48656C6C6F2E', 'Rumi', 'manual', '2026-01-15 08:00:00.000', 'a', 'a', 'a'),
          (X'41FF42', 'Rumi', 'manual', '2026-01-15 08:00:00.000', 'b', 'b', 'b')
          """)
    }
    let view = FavoriteListView(
      shape: FavoriteListShape(count: 2, largestID: 2, widestAuthor: 4), width: 80,
      painter: TextPainter(enabled: false))
    var lines: [String] = []
    try database.forEachFavoriteRow(
      matching: nil, tag: nil, after: 0, limit: nil, columns: .table
    ) { row in
      var line: [UInt8] = []
      view.appendRow(row, to: &line)
      lines.append(String(decoding: line, as: UTF8.self))
    }
    #expect(lines == [" 1  Rumi    Hello.\n", " 2  Rumi    A\u{FFFD}B\n"])
  }

  @Test("Byte checks agree with the String checks they stand for")
  func byteChecks() throws {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...6, using: &generator)
      let bytes = (0..<count).map { _ in
        // Mostly bytes that start or continue multi-byte characters.
        Int.random(in: 0..<3, using: &generator) == 0
          ? UInt8.random(in: 0...0x7F, using: &generator)
          : UInt8.random(in: 0x80...0xFF, using: &generator)
      }
      bytes.withUnsafeBufferPointer { buffer in
        let valid = String(validating: bytes, as: UTF8.self)
        #expect(UntrustedText.isCleanUTF8(buffer) == (valid != nil && !bytes.contains(0)))
        if let valid, !bytes.contains(0) {
          #expect(UntrustedText.simpleLength(buffer) == UntrustedText.simpleLength(valid))
        } else {
          #expect(UntrustedText.simpleLength(buffer) == nil)
        }
      }
    }
    // The eight-bytes-at-a-time test, against the bytes one by one, edges included.
    let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xFF]
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...24, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
      if count > 0 && Bool.random(using: &generator) {
        bytes[Int.random(in: 0..<count, using: &generator)] =
          edges[Int.random(in: 0..<edges.count, using: &generator)]
      }
      bytes.withUnsafeBufferPointer { buffer in
        #expect(
          UntrustedText.isPrintableASCII(buffer)
            == bytes.allSatisfy { (0x20...0x7E).contains($0) }, "\(bytes)")
      }
    }
    for text in FastPathTests.texts {
      var copy = text
      copy.withUTF8 { bytes in
        #expect(UntrustedText.simpleLength(bytes) == UntrustedText.simpleLength(text))
        #expect(
          UntrustedText.needsCleaning(bytes) == (UntrustedText.sanitizedKeepingLines(text) != text))
      }
    }
  }

  @Test("Stored times are copied as the Date path writes them")
  func times() throws {
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<5000 {
      // From the year 0000 through 9999.
      let milliseconds = Int64.random(
        in: -62_167_219_200_000..<253_402_300_800_000, using: &generator)
      let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
      var stored = Array(StoredTime.text(date).utf8)
      try stored.withUnsafeMutableBufferPointer { mutable in
        let bytes = UnsafeBufferPointer(mutable)
        #expect(Timestamp.isStoredTime(bytes))
        let read = try #require(Timestamp.storedDate(bytes))
        var seconds: [UInt8] = []
        Timestamp.appendISOSeconds(stored: bytes, to: &seconds)
        #expect(seconds == Array(try #require(Timestamp.isoSeconds(read)).utf8))
        var exported: [UInt8] = []
        Timestamp.appendExported(stored: bytes, to: &exported)
        #expect(exported == Array(ExportView.timestamp(read).utf8))
      }
    }
    for text in ["2023-02-29 00:00:00.000", "1969-12-31 24:00:00.000", "2026-01-15T08:00:00.000"] {
      var text = text
      text.withUTF8 { #expect(!Timestamp.isStoredTime($0)) }
    }
  }
}
