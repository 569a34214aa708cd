import Foundation
import Testing

@testable import PowerQuotesCore

/// The fast paths of `fav import` give what the general paths give: JSON read by
/// ``JSONScanner`` as by `JSONDecoder`, ASCII keys as by Unicode normalization, exported times
/// as by the ISO 8601 parser.
@Suite struct ImportFastPathTests {
  /// Documents the scanner reads, and ones it must leave to `JSONDecoder` (or reject the same).
  static let documents = [
    #"[]"#,
    #"  [ ]  "#,
    #"[{"quote":"Know thyself.","author":"Socrates"}]"#,
    #"[{"quote":"\"Be kind.\"","author":"- Plato"},{"quote":"x","author":null}]"#,
    #"[{"quote":"Tab\there \u00e9\u0301 \ud83d\ude00 \/ \\ \b\f\n\r","author":"A\u0000B"}]"#,
    #"[{"quote":"日本語 — “curly”","author":"Umar ibn Al-Khattāb (R.A)"}]"#,
    """
    [
      {
        "author" : "Rumi",
        "id" : 7,
        "quote" : "Line one, \\"two\\"\\n%\\nthree",
        "savedAt" : "2027-01-15T08:00:00.250Z",
        "source" : "dummyjson",
        "sourceId" : 7
      },
      {
        "author" : "Socrates",
        "id" : 8,
        "quote" : "Know thyself.",
        "savedAt" : "2027-01-15",
        "source" : "",
        "sourceId" : null
      },
      {"quote": "q", "author": "a", "savedAt": "not a date"},
      {"quote": "q2", "author": "a", "savedAt": "2027-01-15T08:00:00Z", "sourceId": -3},
      {"quote": "q3", "author": "a", "savedAt": "2027-01-15T08:00:00Z", "source": 5},
      {"quote": 5, "author": "a"}, 7, "text", null, true, [1, 2], {}
    ]
    """,
    #"{"quotes":[{"id":1,"quote":"Q","author":"A"},{"id":2.5,"quote":"R","author":"B"}],"total":2}"#,
    #"{"quotes":[{"id":-0,"quote":"Q","author":"A"}], "x": [false, {"y": 1e5}]}"#,
    #"{"other": 1}"#,
    #""just a string""#,
    #"[{"quote":"a","author":"b","quote":"c"}]"#,
    #"[{"quote":"a","author":"b"},]"#,
    #"[{"quote":"a","author":"b"}"#,
    #"[{"quote":"a\x","author":"b"}]"#,
    #"[{"quote":"\ud800","author":"b"}]"#,
    #"[{"quote":"a","author":"b","n":01}]"#,
    #"[{"quote":"a","author":"b","n":99999999999999999999}]"#,
    #"[{"quote":"a","author":"b"}] x"#,
    "[{\"quote\":\"raw\ttab\",\"author\":\"b\"}]",
    #"[tru]"#,
    String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
  ]

  @Test("JSONScanner reads what JSONDecoder reads, or leaves it to JSONDecoder")
  func scannerAgreesWithDecoder() throws {
    var scanned = 0
    for document in Self.documents {
      let bytes = Array(document.utf8)
      let decoded = Result { try ImportParser.decodedJSON(bytes, origin: "f") }
      guard let fast = try? ImportParser.scannedJSON(bytes, origin: "f") else {
        // Gave up (or threw as the decoder does): the whole parse is the decoder's.
        let whole = Result { try ImportParser.parseJSON(bytes, origin: "f") }
        #expect(String(describing: whole) == String(describing: decoded), "\(document)")
        continue
      }
      scanned += 1
      #expect(fast == (try decoded.get()), "\(document)")
    }
    #expect(scanned >= 7)
  }

  @Test(
    "A sink gets the quotes a batch would hold, each once, in order",
    arguments: [
      #"[{"quote":"a","author":"b"},{"quote":"c","author":"d","n":1.5},{"quote":"e","author":"f"}]"#,
      #"[{"quote":"a","author":"b"},{"quote":"","author":"d"},{"quote":"e","author":"f"}]"#,
      #"{"quotes":[{"id":1,"quote":"Q","author":"A"},{"id":2,"quote":"R","author":"B"}]}"#,
      "quote,author\r\nKnow thyself.,Socrates\r\n\"Be kind, always.\",Plato\r\n,Nobody\r\n",
      "[Not JSON] but a fortune\n\t\t-- Someone\n%\nSecond\n-- Two\n%\n",
      "\u{FEFF}One\n%\nTwo\n\t\t-- Author\n%\n",
    ])
  func sink(document: String) throws {
    let bytes = Array(document.utf8)
    let batch = try ImportParser.parse(bytes: bytes, origin: "f")
    var sunk: [ImportedQuote] = []
    let counted = try ImportParser.parse(bytes: bytes, origin: "f", sink: QuoteSink { _ in })
    #expect(counted.quoteCount == batch.quotes.count)
    #expect(counted.quotes.isEmpty)
    #expect(counted.rejected == batch.rejected)
    _ = try ImportParser.parse(
      bytes: bytes, origin: "f", sink: QuoteSink { sunk.append($0) }, format: counted.format)
    #expect(sunk == batch.quotes)
  }

  @Test("Invalid bytes in a string leave the file to JSONDecoder")
  func invalidUTF8() throws {
    let bytes = Array(#"[{"quote":""#.utf8) + [0xFF, 0xFE] + Array(#"","author":"b"}]"#.utf8)
    #expect(try ImportParser.scannedJSON(bytes, origin: "f") == nil)
  }

  /// Every ASCII byte, in runs drawn with a fixed seed.
  static let asciiTexts: [String] = {
    var generator = SeededGenerator(seed: 7)
    var texts = [
      "", " ", "Know Thyself.", "  \"Quoted\"  ", "'`x`'", "Martin Luther King, Jr.", "\r\n",
    ]
    let pieces = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["\r\n", "A", "z", " ", "\""]
    for _ in 0..<3000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...10, using: &generator) {
        text += pieces.randomElement(using: &generator) ?? ""
      }
      texts.append(text)
    }
    return texts
  }()

  @Test("ASCII keys equal the keys Unicode normalization gives")
  func asciiKeys() {
    for text in Self.asciiTexts {
      #expect(QuoteKey.asciiFolded(text) == QuoteKey.unicodeFolded(text), "\(Array(text.utf8))")
      #expect(
        QuoteKey.normalizedAuthor(text) == QuoteKey.unicodeNormalizedAuthor(text),
        "\(Array(text.utf8))")
      #expect(
        QuoteKey.searchFolded(text) == QuoteKey.unicodeSearchFolded(text), "\(Array(text.utf8))")
    }
    #expect(QuoteKey.asciiFolded("é") == nil)
    #expect(QuoteKey.asciiLettersAndDigits("Khattāb") == nil)
  }

  @Test("Keys of ASCII with curly quote marks and dashes equal Unicode normalization's")
  func punctuationKeys() {
    var generator = SeededGenerator(seed: 11)
    let marks = [
      "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{201C}", "\u{201D}", "\u{201E}",
      "\u{201F}", "\u{AB}", "\u{BB}", "\u{2032}", "\u{2013}", "\u{2014}",
    ]
    let pieces = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + marks + marks + ["\r\n"]
    var texts = ["Don\u{2019}t.", "\u{201C}Quoted\u{201D}", " \u{AB} x \u{BB} ", "a \u{2014} b"]
    for _ in 0..<3000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...10, using: &generator) {
        text += pieces.randomElement(using: &generator) ?? ""
      }
      texts.append(text)
    }
    for text in texts + Self.asciiTexts {
      #expect(
        QuoteKey.punctuationFolded(text) == QuoteKey.unicodeFolded(text), "\(Array(text.utf8))")
      // The shortcut for a text with an ASCII letter or digit: its key is never empty.
      if QuoteText.hasASCIILetterOrDigit(text) {
        #expect(!QuoteKey.normalizedText(text).isEmpty, "\(Array(text.utf8))")
      }
    }
    for text in ["\u{2033}", "\u{2026}", "\u{A0}", "é", "\u{201C}\u{2033}"] {
      #expect(QuoteKey.punctuationFolded(text) == nil)
    }
    #expect(QuoteText.hasASCIILetterOrDigit("\u{201C}e\u{301}\u{201D}"))
    #expect(!QuoteKey.normalizedText("\u{201C}e\u{301}\u{201D}").isEmpty)
    #expect(!QuoteText.hasASCIILetterOrDigit("\u{201C} \u{201D} [{@`}]"))
    #expect(QuoteText.problem(text: "\u{201C} \u{201D}", author: "A") == .emptyText)
  }

  @Test("Emptiness after trimming equals Foundation's")
  func emptyTrimmed() {
    for text in Self.asciiTexts + FastPathTests.texts + [
      "\u{A0}", " \u{A0} ", "\u{2003}", "\u{85}",
    ] {
      #expect(
        ImportParser.isEmptyTrimmed(text)
          == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(text)")
    }
  }

  @Test("The white space trimmed is Foundation's whitespacesAndNewlines, scalar for scalar")
  func whitespaceSet() {
    let set = CharacterSet.whitespacesAndNewlines
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(String.isWhitespaceOrNewline(scalar) == set.contains(scalar), "U+\(value)")
    }
  }

  @Test("Trimming equals Foundation's trimming of whitespacesAndNewlines")
  func trimming() {
    let spaces = [
      "\u{9}", "\u{A}", "\u{B}", "\u{C}", "\u{D}", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
      "\u{2005}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}",
      "\u{3000}", "\u{FEFF}", "\u{1C}", "\u{180E}",
    ]
    var texts = Self.asciiTexts + FastPathTests.texts
    for (index, space) in spaces.enumerated() {
      texts += [space, space + "a" + space, "b" + space + spaces[(index + 3) % spaces.count]]
      texts.append(space + "e\u{301}" + space + "x\u{301}" + space)
    }
    for text in texts {
      #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text)")
      #expect(
        ImportParser.isEmptyTrimmed(text)
          == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
  }

  @Test("Exported times read digit by digit equal the ISO 8601 parser's, to the millisecond")
  func exportedTimes() throws {
    var texts = [
      "1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z", "9999-12-31T23:59:59.999Z",
    ]
    for step in 0..<2000 {
      let date = Date(timeIntervalSince1970: 1_500_000_000 + Double(step) * 86_399.371)
      texts.append(ExportView.timestamp(date))
    }
    for text in texts {
      let fast = try #require(Timestamp.date(exported: text))
      let parsed = try #require(
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
      #expect(ExportView.timestamp(fast) == ExportView.timestamp(parsed), "\(text)")
      #expect(ExportView.timestamp(fast) == text)
    }
    #expect(Timestamp.date(exported: "2027-01-15T08:00:00Z") == nil)
    #expect(Timestamp.date(exported: " 2027-01-15T08:00:00.000Z") == nil)
  }

  /// Texts of `pieces` joined at random, with a fixed seed.
  static func texts(of pieces: [String], seed: UInt64, count: Int = 3000) -> [String] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator) ?? ""
      }.joined()
    }
  }

  @Test("Plain text is admitted, or refused for the same problem, as any text is")
  func plainTextChecks() {
    let long = [4000, 4001, 200, 201].map { String(repeating: "a", count: $0) }
    let texts =
      Self.asciiTexts + long + ["", " \t\n", "\"\"", "' ' \"", "\u{201C}\u{201D}", "\t-\n"]
    for (index, text) in texts.enumerated() {
      let other = texts[(index * 7 + 3) % texts.count]
      for (text, author) in [(text, other), (text, "Plato"), ("Know thyself.", text)] {
        let quote = Quote(text: text, author: author, source: .imported)
        #expect(
          QuoteText.admitted(quote) == QuoteText.anyAdmitted(quote),
          "\(Array(text.utf8)) \(Array(author.utf8))")
      }
    }
    #expect(QuoteText.PlainText("caf\u{E9}") == nil)
    #expect(QuoteText.PlainText("a\rb") == nil)
    #expect(QuoteText.PlainText("a\u{7F}") == nil)
  }

  @Test("An ASCII fortune entry reads as its Characters read")
  func asciiFortuneEntries() {
    let pieces = [
      "\n", " ", "\t", "\u{B}", "\u{C}", "\u{1}", "\u{1C}", "-", "--", "-- ", "A", "z", "%", "\"",
      "x y", "\n\n", "\t-- Name \t", "\n-",
    ]
    let entries =
      [
        "", "\n", "-- A", "Text\n-- A", "Text\n--", "Text\n-", "Text\n\n  --  Two Words \t\n\n",
        "\n\nText\n\t-Name\n", "a\n---b",
      ] + Self.texts(of: pieces, seed: 13)
    for entry in entries {
      let fast = ImportParser.asciiFortuneQuote(Array(entry.utf8))
      let characters = ImportParser.fortuneQuote(entry)
      #expect(fast?.text == characters.text, "\(Array(entry.utf8))")
      #expect(fast?.author == characters.author, "\(Array(entry.utf8))")
    }
    #expect(ImportParser.asciiFortuneQuote(Array("caf\u{E9}\n-- A".utf8)) == nil)
    #expect(ImportParser.asciiFortuneQuote(Array("a\r\n-- B".utf8)) == nil)
  }

  @Test("Quote marks and dashes come off as they do Character by Character")
  func marksAndDashes() {
    let pieces = [
      "\"", "\u{201C}", "\u{201D}", "\u{201E}", "-", "\u{2013}", "\u{2014}", "\u{301}", " ", "a",
      "\u{A0}", "\n", "'",
    ]
    for text in Self.texts(of: pieces, seed: 17, count: 5000) {
      #expect(
        ImportParser.withoutQuoteMarks(text) == Self.withoutQuoteMarks(text),
        "\(text.unicodeScalars)")
      #expect(ImportParser.withoutDash(text) == Self.withoutDash(text), "\(text.unicodeScalars)")
    }
  }

  /// ``ImportParser/withoutQuoteMarks(_:)`` as it was before its ASCII shortcut.
  static func withoutQuoteMarks(_ text: String) -> String {
    let trimmed = text.trimmed
    guard let first = trimmed.first, let last = trimmed.last,
      trimmed.index(after: trimmed.startIndex) < trimmed.endIndex,
      ["\"", "\u{201C}", "\u{201D}", "\u{201E}"].contains(first),
      ["\"", "\u{201D}", "\u{201C}"].contains(last)
    else { return trimmed }
    return String(trimmed.dropFirst().dropLast()).trimmed
  }

  /// ``ImportParser/withoutDash(_:)`` as it was before its ASCII shortcut.
  static func withoutDash(_ author: String) -> String {
    let trimmed = author.trimmed
    guard let first = trimmed.first, ["-", "\u{2013}", "\u{2014}"].contains(first) else {
      return trimmed
    }
    return String(trimmed.dropFirst()).trimmed
  }

  @Test("Bytes read as UTF-8 give what String(validating:as:) gives, nil for invalid ones")
  func validatedUTF8() {
    var generator = SeededGenerator(seed: 19)
    let pieces: [[UInt8]] = [
      [0x41], [0x20], [0x7F], [0x00], [0xC3, 0xA9], [0xE2, 0x80, 0x9C], [0xF0, 0x9F, 0x98, 0x80],
      [0x80], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xFF],
      [0xF4, 0x90, 0x80, 0x80],
    ]
    var inputs: [[UInt8]] = [[], Array("Know thyself, twice over.".utf8)]
    for _ in 0..<5000 {
      inputs.append(
        (0..<Int.random(in: 0...20, using: &generator)).flatMap { _ in
          pieces.randomElement(using: &generator) ?? []
        })
    }
    for bytes in inputs {
      #expect(String(validatingUTF8: bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
    }
  }
}
