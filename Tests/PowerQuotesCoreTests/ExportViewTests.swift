import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// Two favorites that exercise every format: a plain one, and one with a comma, quote marks,
/// line breaks, a line that is only `%`, a source id and a time with milliseconds.
let exportFixture = [
  Favorite(id: 1, quote: Samples.socrates, savedAt: testDate),
  Favorite(
    id: 2,
    quote: Quote(
      text: "Line one, \"two\"\n%\nthree", author: "Rumi", source: .dummyJSON, sourceID: 7),
    savedAt: testDate.addingTimeInterval(0.25)
  ),
]

/// Debian's strfile, when fortune-mod is installed; the test that needs it is skipped otherwise.
private let strfile = ["/usr/bin/strfile", "/usr/sbin/strfile"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

@Suite("Export views")
struct ExportViewTests {
  @Test("JSON: the list's fields, with millisecond times")
  func json() {
    #expect(
      ExportView.streamed(exportFixture, format: .json) == #"""
        [
          {
            "author" : "Socrates",
            "id" : 1,
            "quote" : "Know thyself.",
            "savedAt" : "2027-01-15T08:00:00.000Z",
            "source" : "manual"
          },
          {
            "author" : "Rumi",
            "id" : 2,
            "quote" : "Line one, \"two\"\n%\nthree",
            "savedAt" : "2027-01-15T08:00:00.250Z",
            "source" : "dummyjson",
            "sourceId" : 7
          }
        ]

        """#
    )
    #expect(ExportView.streamed([], format: .json) == "[]\n")
  }

  @Test("CSV: RFC 4180, CR LF line ends, quoted only when needed")
  func csv() {
    #expect(
      ExportView.streamed(exportFixture, format: .csv)
        == "quote,author,source,source_id,saved_at,note,tags,work\r\n"
        + "Know thyself.,Socrates,manual,,2027-01-15T08:00:00.000Z,,,\r\n"
        + "\"Line one, \"\"two\"\"\n%\nthree\",Rumi,dummyjson,7,2027-01-15T08:00:00.250Z,,,\r\n"
    )
  }

  @Test("Markdown: one block quote per favorite")
  func markdown() {
    #expect(
      ExportView.streamed(exportFixture, format: .markdown) == """
        > Know thyself.
        >
        > — Socrates

        > Line one, "two"
        > %
        > three
        >
        > — Rumi

        """
    )
  }

  @Test("Fortune: a % line inside a quote gets a space so it is not a separator")
  func fortune() {
    #expect(
      ExportView.streamed(exportFixture, format: .fortune)
        == "Know thyself.\n\t\t-- Socrates\n%\nLine one, \"two\"\n% \nthree\n\t\t-- Rumi\n%\n"
    )
  }

  @Test(
    "Fortune: the work in double quotes after the author, read back by the import as it was",
    arguments: [
      (
        "Martin Luther King, Jr.", "Strength to Love",
        "Martin Luther King, Jr., \"Strength to Love\""
      ),
      ("Martin Luther King, Jr.", "", "Martin Luther King, Jr."),
      ("Seneca", "The \"Moral\" Letters", "Seneca, \"The \"Moral\" Letters\""),
      ("Dwayne Johnson, \"The Rock\"", "", "Dwayne Johnson, \"The Rock\", \"\""),
      ("Dwayne Johnson, \"The Rock\"", "Memoir", "Dwayne Johnson, \"The Rock\", \"Memoir\""),
    ] as [(String, String, String)])
  func fortuneWork(author: String, work: String, line: String) throws {
    let favorite = Favorite(
      id: 1, quote: Quote(text: "Some words.", author: author, source: .manual),
      savedAt: testDate, work: work)
    let written = ExportView.entry(favorite, format: .fortune, index: 0)
    #expect(written == "Some words.\n\t\t-- \(line)\n%\n")
    let batch = try ImportParser.parse(Data(written.utf8), origin: "f")
    #expect(batch.quotes.map(\.quote.author) == [author])
    #expect(batch.quotes.map(\.work) == [work])
  }

  @Test(
    "Fortune lines strfile would split (it reads 255 bytes at a time) get a space",
    arguments: [
      ("%", "% "),
      (String(repeating: "x", count: 255) + "%", String(repeating: "x", count: 255) + "% "),
      (String(repeating: "x", count: 254) + "%", String(repeating: "x", count: 254) + "%"),
      ("100%", "100%"), ("%%", "%%"),
    ]
  )
  func fortuneLines(line: String, written: String) {
    let favorite = Favorite(
      id: 1, quote: Quote(text: line, author: "A", source: .manual), savedAt: testDate)
    #expect(
      ExportView.entry(favorite, format: .fortune, index: 0) == written + "\n\t\t-- A\n%\n")
  }

  /// A quote stored before text was cleaned on the way in: the text formats, which a person
  /// may `cat`, are cleaned on the way out (tabs stay); JSON escapes every control character,
  /// so it keeps the stored text exactly.
  @Test("Exports a terminal shows are cleaned; JSON keeps the text, escaped")
  func cleansText() throws {
    let favorite = Favorite(
      id: 1, quote: Quote(text: "Tab\there\u{07}", author: "A\u{1B}[1mB", source: .manual),
      savedAt: testDate)
    #expect(ExportView.streamed([favorite], format: .csv).contains("Tab\there,AB,"))
    for format in [ExportFormat.markdown, .fortune] {
      let text = ExportView.streamed([favorite], format: format)
      #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
      #expect(text.contains("Tab\there"))
    }
    let json = ExportView.streamed([favorite], format: .json)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(decoded?.first?["author"] as? String == "A\u{1B}[1mB")
  }

  @Test("strfile counts one string per favorite", .enabled(if: strfile != nil))
  func strfileAccepts() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let long = String(repeating: "x", count: 255) + "%"
    let tricky = Favorite(
      id: 3,
      quote: Quote(text: "\(long)\n%\n%%\n-- not the author", author: "Ann", source: .manual),
      savedAt: testDate)
    let path = folder.file("quotes")
    try ExportView.streamed(exportFixture + [tricky], format: .fortune)
      .write(toFile: path, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(strfile))
    process.arguments = [path, path + ".dat"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("There were 3 strings"))
  }
}
