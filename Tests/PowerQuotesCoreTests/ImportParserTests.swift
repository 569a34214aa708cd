import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

private func parse(_ text: String, origin: String = "test") throws -> ImportParser.Batch {
  try ImportParser.parse(Data(text.utf8), origin: origin)
}

private func parse(bytes: [UInt8]) throws -> ImportParser.Batch {
  try ImportParser.parse(Data(bytes), origin: "test")
}

@Suite("Import parsing")
struct ImportParserTests {
  @Test("Our JSON export reads back exactly: text, author, source, source id, time")
  func ourJSON() throws {
    let batch = try parse(ExportView.streamed(exportFixture, format: .json))
    #expect(batch.format == .json)
    #expect(batch.rejected.isEmpty)
    #expect(batch.quotes.map(\.quote) == exportFixture.map(\.quote))
    #expect(batch.quotes.map(\.savedAt) == exportFixture.map(\.savedAt))
    #expect(batch.quotes.map(\.position) == [1, 2])
  }

  @Test("The iOS app's favorites lose their quote marks and the dash before the author")
  func iOSShape() throws {
    let batch = try parse(
      #"""
      [
        {"quote": "\"Be kind.\"", "author": "- Plato"},
        {"quote": "“Whatever you are, be a good one.”", "author": "— Abraham Lincoln"},
        {"quote": "No marks", "author": "Anonymous", "id": "6F9619FF"}
      ]
      """#)
    #expect(batch.format == .json)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(text: "Be kind.", author: "Plato", source: .imported),
        Quote(
          text: "Whatever you are, be a good one.", author: "Abraham Lincoln", source: .imported),
        Quote(text: "No marks", author: "Anonymous", source: .imported),
      ])
    #expect(batch.quotes.allSatisfy { $0.savedAt == nil })
  }

  @Test("DummyJSON's list envelope keeps each quote's id")
  func dummyJSONEnvelope() throws {
    let batch = try parse(
      #"""
      {"quotes":[{"id":3,"quote":"Thinking is difficult.","author":"Carl Jung"},
      {"id":1454,"quote":"Stay hungry.","author":"Steve Jobs"}],"total":1454,"skip":0,"limit":2}
      """#)
    #expect(batch.format == .dummyJSON)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(text: "Thinking is difficult.", author: "Carl Jung", source: .dummyJSON, sourceID: 3),
        Quote(text: "Stay hungry.", author: "Steve Jobs", source: .dummyJSON, sourceID: 1454),
      ])
  }

  @Test("CSV: quoted commas, line breaks and quote marks, any column order, BOM, CR LF")
  func csv() throws {
    let text =
      "\u{FEFF}Author,Quote,Saved At,extra\r\n"
      + "\"Jung, Carl\",\"He said \"\"think\"\"\nthen,\r\nstop\",2027-01-15T08:00:00.250Z,x\r\n"
      + "\r\n"
      + "Rumi,Plain,,\r\n"
    let batch = try parse(text)
    #expect(batch.format == .csv)
    #expect(batch.rejected.isEmpty)
    #expect(
      batch.quotes.map(\.quote) == [
        // A CR LF inside a field is a line break, stored as LF like every line break.
        Quote(text: "He said \"think\"\nthen,\nstop", author: "Jung, Carl", source: .imported),
        Quote(text: "Plain", author: "Rumi", source: .imported),
      ])
    #expect(batch.quotes.map(\.savedAt) == [testDate.addingTimeInterval(0.25), nil])
    #expect(batch.quotes.map(\.position) == [1, 2])
  }

  @Test("Our CSV export reads back exactly")
  func csvRoundTrip() throws {
    let batch = try parse(ExportView.streamed(exportFixture, format: .csv))
    #expect(batch.quotes.map(\.quote) == exportFixture.map(\.quote))
    #expect(batch.quotes.map(\.savedAt) == exportFixture.map(\.savedAt))
  }

  @Test("Fortune entries parse back, with the author from a dash line or Unknown")
  func fortune() throws {
    let exported = try parse(ExportView.streamed(exportFixture, format: .fortune))
    #expect(exported.format == .fortune)
    #expect(exported.quotes.map(\.quote.text) == exportFixture.map(\.quote.text))
    #expect(exported.quotes.map(\.quote.author) == ["Socrates", "Rumi"])

    let batch = try parse(
      "%\nFirst line\nsecond line\n    — Mark Twain\n%\r\nNo author here.\r\n%\n\n%\n"
        + "Two hyphens\n-- Seneca\n%\n- A lone dash line is the text\n%\n[Brackets] first\n–  Ann\n"
    )
    #expect(
      batch.quotes.map { [$0.quote.text, $0.quote.author] } == [
        ["First line\nsecond line", "Mark Twain"], ["No author here.", "Unknown"],
        ["Two hyphens", "Seneca"], ["- A lone dash line is the text", "Unknown"],
        ["[Brackets] first", "Ann"],
      ])
    #expect(batch.quotes.map(\.position) == [1, 2, 3, 4, 5])
  }

  @Test("A fortune file that starts with a bracket is not taken for broken JSON")
  func fortuneWithBracket() throws {
    let batch = try parse("[sic] Words.\n-- Someone\n%\nMore.\n")
    #expect(batch.format == .fortune)
    #expect(batch.quotes.count == 2)
  }

  @Test("Every rejected CSV row says where and why; the others are kept")
  func csvRejections() throws {
    var bytes = Array("quote,author,source_id,saved_at\n".utf8)
    let rows: [[UInt8]] = [
      Array("Fine,A,,\n".utf8),
      Array(",B,,\n".utf8),
      Array("\"\u{1B}[31m\u{07}\r\",C,,\n".utf8),
      Array("D,   ,,\n".utf8),
      [0xFF, 0xFE] + Array(",E,,\n".utf8),
      Array((String(repeating: "x", count: ImportParser.maxTextLength + 1) + ",F,,\n").utf8),
      Array(("G," + String(repeating: "y", count: ImportParser.maxAuthorLength + 1) + ",,\n").utf8),
      Array("\"\"\"\"\"\",H,,\n".utf8),
      Array("I,J,seven,\n".utf8),
      Array("K,L,,yesterday\n".utf8),
      Array((String(repeating: "é", count: ImportParser.maxTextLength) + ",M,,\n").utf8),
      Array("N,O,-5,\n".utf8),
      Array("P,Q,,2020-01-01\n".utf8),
    ]
    for row in rows { bytes += row }
    let batch = try parse(bytes: bytes)
    #expect(batch.quotes.map(\.position) == [1, 11, 13])
    // A date alone is ISO 8601 too: midnight UTC.
    #expect(batch.quotes.last?.savedAt == Date(timeIntervalSince1970: 1_577_836_800))
    #expect(
      batch.rejected == [
        ImportRejection(position: 2, reason: .emptyText),
        ImportRejection(position: 3, reason: .emptyText),
        ImportRejection(position: 4, reason: .emptyAuthor),
        ImportRejection(position: 5, reason: .notUTF8),
        ImportRejection(position: 6, reason: .textTooLong),
        ImportRejection(position: 7, reason: .authorTooLong),
        ImportRejection(position: 8, reason: .emptyText),
        ImportRejection(
          position: 9,
          reason: .invalidField(name: "source_id", expected: "a positive whole number")),
        ImportRejection(
          position: 10,
          reason: .invalidTime(field: "saved_at", text: "yesterday", problem: .notISO8601)),
        ImportRejection(
          position: 12,
          reason: .invalidField(name: "source_id", expected: "a positive whole number")),
      ])
    #expect(batch.rejected[3].reason.message == "it is not UTF-8 text.")
    #expect(batch.rejected[4].reason.message == "the quote is longer than 4000 characters.")
  }

  @Test("Rejected JSON items and fortune entries say where and why")
  func jsonAndFortuneRejections() throws {
    let json = try parse(
      #"""
      [5, {"quote": 3, "author": "A"}, {"quote": "Q"}, {"quote": "\"\"", "author": "- B"},
       {"quote": "Q", "author": "C", "savedAt": "soon"}, {"quote": "Fine", "author": "D"}]
      """#)
    #expect(
      json.rejected == [
        ImportRejection(position: 1, reason: .notAQuote),
        ImportRejection(position: 2, reason: .notAQuote),
        ImportRejection(position: 3, reason: .emptyAuthor),
        ImportRejection(position: 4, reason: .emptyText),
        ImportRejection(
          position: 5, reason: .invalidTime(field: "savedAt", text: "soon", problem: .notISO8601)),
      ])
    #expect(json.quotes.map(\.position) == [6])

    let fortune = try parse(
      bytes: Array("Good.\n%\n".utf8) + [0xC3, 0x28]
        + Array("\n%\n\u{1B}[0m\n-- X\n%\nLast\n-- \n".utf8))
    #expect(
      fortune.rejected == [
        ImportRejection(position: 2, reason: .notUTF8),
        ImportRejection(position: 3, reason: .emptyText),
        ImportRejection(position: 4, reason: .emptyAuthor),
      ])
  }

  @Test("Files that are not an import are one error each")
  func malformed() throws {
    #expect(throws: ImportError.empty(origin: "f")) { try parse(" \n\t", origin: "f") }
    #expect(throws: ImportError.unknownFormat(origin: "f")) {
      try parse("Just some notes.\nNothing more.\n", origin: "f")
    }
    #expect(throws: ImportError.unknownFormat(origin: "f")) {
      try ImportParser.parse(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), origin: "f")
    }
    #expect(throws: ImportError.missingCSVHeader(origin: "f")) {
      try parse("Know thyself.,Socrates\nBe kind.,Plato\n", origin: "f")
    }
    // What fav export --format markdown writes: for reading, not read back.
    #expect(throws: ImportError.markdownExport(origin: "f")) {
      try parse("> Know thyself, and be kind.\n>\n> — Socrates\n\n> Be water.\n", origin: "f")
    }
    // An SQLite database given as a text format: one sentence, not a rejected row.
    let database = Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0xFF, count: 100)
    for format in [ImportFormat.clippings, .fortune, .csv, .json] {
      #expect(throws: ImportError.databaseAsText(origin: "f", format: format)) {
        try ImportParser.parse(database, origin: "f", as: format)
      }
    }
    #expect(throws: ImportError.unterminatedCSVQuote(origin: "f", row: 2)) {
      try parse("quote,author\nA,B\n\"Open,C\n", origin: "f")
    }
    #expect(throws: ImportError.unexpectedJSON(origin: "f")) {
      try parse(#"{"message": "not quotes"}"#, origin: "f")
    }
    let error = #expect(throws: ImportError.self) { try parse("[{\"quote\": x}]", origin: "f") }
    #expect(error == .brokenJSON(origin: "f", detail: "Invalid value around character 11"))
    #expect(
      error?.errorDescription
        == "f is not valid JSON (Invalid value around character 11); nothing was imported. "
        + "Fix the file, or export it again.")
  }
}
