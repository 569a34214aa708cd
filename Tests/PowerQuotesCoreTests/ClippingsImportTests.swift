import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// A `My Clippings.txt` as a Kindle writes it (byte order mark, CR LF, `==========` lines),
/// made of public-domain lines: Marcus Aurelius in George Long's translation, Thoreau, Austen.
let kindleClippings =
  "\u{FEFF}Meditations (Aurelius, Marcus)\r\n"
  + "- Your Highlight on page 12 | Location 180-182 | Added on Monday, March 4, 2019 10:15:32 PM\r\n"
  + "\r\n"
  + "Waste no more time arguing what a good man should be. Be one.\r\n"
  + "==========\r\n"
  + "\u{FEFF}Meditations (Aurelius, Marcus)\r\n"
  + "- Your Bookmark on page 14 | Location 201 | Added on Monday, March 4, 2019 10:20:00 PM\r\n"
  + "\r\n"
  + "\r\n"
  + "==========\r\n"
  + "\u{FEFF}Meditations (Aurelius, Marcus)\r\n"
  + "- Your Note on page 12 | Location 182 | Added on Monday, March 4, 2019 10:16:01 PM\r\n"
  + "\r\n"
  + "Read again in the morning.\r\n"
  + "==========\r\n"
  + "Walden (Henry David Thoreau)\r\n"
  + "- Your Highlight on Location 1500-1501 | Added on Tuesday, April 2, 2019 8:00:00 AM\r\n"
  + "\r\n"
  + "I went to the woods because I wished to live deliberately.\r\n"
  + "==========\r\n"
  + "Walden (Henry David Thoreau)\r\n"
  + "- Your Highlight on Location 1500-1503 | Added on Tuesday, April 2, 2019 8:01:00 AM\r\n"
  + "\r\n"
  + "I went to the woods because I wished to live deliberately, to front only the essential "
  + "facts of life.\r\n"
  + "==========\r\n"
  + "Walden (Henry David Thoreau)\r\n"
  + "- Your Note on Location 2400 | Added on Tuesday, April 2, 2019 8:05:00 AM\r\n"
  + "\r\n"
  + "A note with no highlight.\r\n"
  + "==========\r\n"
  + "Stolz und Vorurteil (Jane Austen)\r\n"
  + "- Ihre Markierung auf Seite 3 | Position 40-41 | Hinzugefügt am Mittwoch, 1. Mai 2019\r\n"
  + "\r\n"
  + "It is a truth universally acknowledged.\r\n"
  + "==========\r\n"
  + "Notebook\r\n"
  + "- Your Highlight on page iv | Added on Friday, May 3, 2019 9:00:00 AM\r\n"
  + "\r\n"
  + "A line of my own, with no author.\r\n"
  + "==========\r\n"
  + "Notebook\r\n"
  + "- Your Highlight on page 9 | Added on Friday, May 3, 2019 9:00:00 AM\r\n"
  + "\r\n"
  + "<You have reached the clipping limit for this item>\r\n"
  + "==========\r\n"
  + "A stray line with nothing after it\r\n"
  + "==========\r\n"
  + "Walden (Henry David Thoreau)\r\n"
  + "- Your Highlight on Location 3000-3001 | Added on Tuesday, April 2, 2019 8:01:00 AM\r\n"
  + "\r\n"
  + "\r\n"
  + "==========\r\n"

@Suite("Import parsing: a Kindle's My Clippings.txt")
struct ClippingsImportTests {
  let batch: ImportParser.Batch

  init() throws {
    batch = try ImportParser.parse(Data(kindleClippings.utf8), origin: "My Clippings.txt")
  }

  @Test("Told by its content; each highlight is a quote by the book's author, in file order")
  func highlights() {
    #expect(batch.format == .clippings)
    #expect(batch.quotes.map(\.position) == [1, 5, 7, 8])
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(
          text: "Waste no more time arguing what a good man should be. Be one.",
          author: "Marcus Aurelius", source: .imported),
        Quote(
          text: "I went to the woods because I wished to live deliberately, to front only the "
            + "essential facts of life.",
          author: "Henry David Thoreau", source: .imported),
        Quote(
          text: "It is a truth universally acknowledged.", author: "Jane Austen", source: .imported
        ),
        Quote(
          text: "A line of my own, with no author.", author: ImportParser.unknownAuthor,
          source: .imported),
      ])
  }

  @Test("The work is the book's title; the note names the place, then the note typed there")
  func notes() {
    #expect(
      batch.quotes.map(\.work) == ["Meditations", "Walden", "Stolz und Vorurteil", "Notebook"])
    #expect(
      batch.quotes.map(\.note) == [
        "page 12, location 180-182\nRead again in the morning.",
        "location 1500-1503",
        "page 3, location 40-41",
        "page iv",
      ])
    #expect(batch.quotes.allSatisfy { $0.tags.isEmpty })
  }

  @Test("The saved time is the entry's own, read in UTC here; one with no time has none")
  func times() {
    #expect(
      batch.quotes.map(\.savedAt) == [
        isoDate("2019-03-04T22:15:32Z"), isoDate("2019-04-02T08:01:00Z"), nil,
        isoDate("2019-05-03T09:00:00Z"),
      ])
  }

  @Test("Bookmarks, the clipping-limit notice, an empty highlight and a lone note are skipped")
  func skipped() {
    #expect(batch.skipped == 4)
  }

  @Test("An entry that is not a clipping is rejected by entry number")
  func rejected() {
    #expect(batch.rejected == [ImportRejection(position: 10, reason: .notAClipping)])
    #expect(ImportFormat.clippings.positionName == "entry")
  }

  @Test("A note written before its highlight still attaches; without locations, by page")
  func noteFirst() throws {
    let text = """
      Essays (Montaigne, Michel de)
      - Your Note on page 5 | Added on Friday, May 3, 2019 9:00:00 AM

      Compare with Seneca.
      ==========
      Essays (Montaigne, Michel de)
      - Your Highlight on page 5 | Added on Friday, May 3, 2019 9:00:00 AM

      Every man bears the whole form of the human condition.
      ==========
      Essays (Montaigne, Michel de)
      - Your Highlight on page 5 | Added on Friday, May 3, 2019 9:02:00 AM

      Every man bears the whole form of the human condition, it is said.
      ==========

      """
    let batch = try ImportParser.parse(Data(text.utf8), origin: "koreader.txt")
    #expect(batch.format == .clippings)
    #expect(batch.quotes.map(\.quote.author) == ["Michel de Montaigne"])
    #expect(
      batch.quotes.map(\.quote.text) == [
        "Every man bears the whole form of the human condition, it is said."
      ])
    #expect(batch.quotes.map(\.note) == ["page 5\nCompare with Seneca."])
    #expect(batch.skipped == 0)
  }

  @Test("Two different highlights that only touch stay two; old Kindles' short ranges read")
  func neighbours() throws {
    let text = """
      Walden (Henry David Thoreau)
      - Highlight Loc. 1800-05 | Added on Tuesday, April 2, 2019

      Our life is frittered away by detail.
      ==========
      Walden (Henry David Thoreau)
      - Highlight Loc. 1805-10 | Added on Tuesday, April 2, 2019

      Simplify, simplify.
      ==========

      """
    let batch = try ImportParser.parse(Data(text.utf8), origin: "old.txt")
    #expect(
      batch.quotes.map(\.quote.text) == [
        "Our life is frittered away by detail.", "Simplify, simplify.",
      ])
    #expect(
      batch.quotes.map(\.note) == ["location 1800-1805", "location 1805-1810"])
  }

  @Test("Highlights that share a location but not their words stay apart; an extended one merges")
  func sharedLocations() throws {
    func entry(_ location: String, _ minute: Int, _ text: String) -> String {
      "Walden (Henry David Thoreau)\n- Your Highlight on page 21 | location \(location) | "
        + "Added on Sunday, 18 February 2018 22:\(minute):47\n\n\(text)\n==========\n"
    }
    let text =
      entry("300-300", 30, "Alpha sentence.") + entry("300-300", 31, "Beta sentence.")
      + entry("100-100", 32, "One.") + entry("100-101", 33, "Two, not one.")
      + entry("101-101", 34, "Three.")
      // Extended at its end: the later, longer text replaces the earlier one.
      + entry("500-500", 35, "Simplify,") + entry("500-501", 36, "Simplify, simplify.")
    let batch = try ImportParser.parse(Data(text.utf8), origin: "My Clippings.txt")
    #expect(
      batch.quotes.map(\.quote.text) == [
        "Alpha sentence.", "Beta sentence.", "One.", "Two, not one.", "Three.",
        "Simplify, simplify.",
      ])
  }

  @Test(
    "Title lines: the author is in the last parentheses, 'Last, First' turned round",
    arguments: [
      ("Meditations (Aurelius, Marcus)", "Meditations", "Marcus Aurelius"),
      (
        "Walden (Penguin Classics) (Henry David Thoreau)", "Walden (Penguin Classics)",
        "Henry David Thoreau"
      ),
      (
        "Essays (Bacon, Francis; Montaigne, Michel de)", "Essays",
        "Francis Bacon, Michel de Montaigne"
      ),
      ("Notebook", "Notebook", "Unknown"),
      ("Notebook ()", "Notebook", "Unknown"),
      ("Draft (Unknown)", "Draft", "Unknown"),
      ("(Anonymous)", "", "Anonymous"),
      ("Odd ) title", "Odd ) title", "Unknown"),
    ])
  func titleLines(line: String, title: String, author: String) {
    let (foundTitle, foundAuthor) = Clipping.titleAndAuthor(line)
    #expect(foundTitle == title)
    #expect(foundAuthor == author)
  }

  @Test(
    "Second lines in several languages: the kind of entry, its page and location",
    arguments: [
      (
        "- Your Highlight on page 12 | Location 180-182 | Added on Monday", "highlight", "12",
        "180-182"
      ),
      ("- Your Note on Location 182 | Added on Monday", "note", nil, "182"),
      ("- Your Bookmark on page 14 | Location 201 | Added on Monday", "bookmark", "14", "201"),
      (
        "- Ihre Markierung auf Seite 3 | Position 40-41 | Hinzugefügt am", "highlight", "3", "40-41"
      ),
      ("- Ihre Notiz auf Seite 3 | Position 41 | Hinzugefügt am", "note", "3", "41"),
      ("- Ihr Lesezeichen auf Seite 3 | Position 41 | Hinzugefügt am", "bookmark", "3", "41"),
      (
        "- Votre surlignement sur la page 7 | emplacement 90-92 | Ajouté le", "highlight", "7",
        "90-92"
      ),
      ("- Votre signet sur la page 7 | emplacement 90 | Ajouté le", "bookmark", "7", "90"),
      ("- Tu subrayado en la página 5 | posición 70-71 | Añadido el", "highlight", "5", "70-71"),
      ("- Tu nota en la página 5 | posición 71 | Añadido el", "note", "5", "71"),
      (
        "- La tua evidenziazione a pagina 2 | posizione 10-12 | Aggiunto in data", "highlight", "2",
        "10-12"
      ),
      ("- Je markering op pagina 4 | locatie 50-52 | Toegevoegd op", "highlight", "4", "50-52"),
      ("- 12ページ|位置No. 180-182のハイライト |作成日: 2019年3月4日", "highlight", "12", "180-182"),
      ("- 您在第 12 页（位置 #180-182）的标注 | 添加于 2019年3月4日", "highlight", "12", "180-182"),
      ("- Your Clip | Added on Monday", "highlight", nil, nil),
    ] as [(String, String, String?, String?)])
  func secondLines(line: String, kind: String, page: String?, location: String?) {
    let (foundPage, foundLocation) = Clipping.place(line)
    #expect("\(Clipping.kind(line))" == kind)
    #expect(foundPage == page)
    #expect(
      foundLocation.map {
        $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
      } == location)
  }

  @Test("Told by content from what it has in bytes: a separator with a byte order mark in it")
  func toldByBytes() throws {
    // Ten `=` and a `|` are what a clippings file cannot be without; byte order marks are taken
    // out of lines before detection compares them, so one inside the separator still counts.
    let entry = "Walden (Henry David Thoreau)\n- Your Highlight on Location 5 | Added\n\nHello.\n"
    let marked = try ImportParser.parse(Data((entry + "=====\u{FEFF}=====\n").utf8), origin: "f")
    #expect(marked.format == .clippings)
    // Without the `|`, the same file is a fortune file's neighbour: not clippings.
    let noBar = entry.replacingOccurrences(of: "|", with: "/") + "==========\n%\n"
    #expect(try ImportParser.parse(Data(noBar.utf8), origin: "f").format == .fortune)
  }

  @Test("--from clippings reads a file that is not told by its content")
  func chosen() throws {
    let text = "Walden (Henry David Thoreau)\n- Your Highlight on Location 5 | Added\n\nHello.\n"
    #expect(throws: ImportError.unknownFormat(origin: "f")) {
      try ImportParser.parse(Data(text.utf8), origin: "f")
    }
    let batch = try ImportParser.parse(Data(text.utf8), origin: "f", as: .clippings)
    #expect(batch.quotes.map(\.quote.text) == ["Hello."])
  }

  @Test("Entries that are not UTF-8 are rejected, the rest kept")
  func notUTF8() throws {
    var bytes = Array("Walden (Henry David Thoreau)\n- Your Highlight on Location 5 | A\n\n".utf8)
    bytes += [0xFF, 0xFE, 0x0A]
    bytes += Array("==========\nWalden (H)\n- Your Highlight on Location 9 | A\n\nOk.\n".utf8)
    bytes += Array("==========\n".utf8)
    let batch = try ImportParser.parse(Data(bytes), origin: "f")
    #expect(batch.rejected == [ImportRejection(position: 1, reason: .notUTF8)])
    #expect(batch.quotes.map(\.quote.text) == ["Ok."])
  }

  @Test("A book too large to keep in memory: highlights set aside, replaced and noted alike")
  func largeBook() throws {
    // 4,000 highlights of about 150 bytes: more than ClippingSpill keeps in memory. Each of
    // the first 100 is saved again near the end of the file, grown at both ends (so only its
    // text, read back from the temporary file, tells it is the same one), and a note is typed
    // at each of the first 10 after that.
    func entry(_ location: ClosedRange<Int>, _ kind: String, _ text: String) -> String {
      "\u{FEFF}A Long Book (Writer, Some)\r\n- Your \(kind) on page 1 | Location "
        + "\(location.lowerBound)-\(location.upperBound) | Added on Monday, January 6, 2020 "
        + "9:00:00 AM\r\n\r\n\(text)\r\n==========\r\n"
    }
    func sentence(_ number: Int) -> String {
      "Sentence number \(number) of a book long enough to be set aside while it is read, "
        + "with words enough to make each entry long."
    }
    var file = ""
    for number in 0..<4000 {
      file += entry(10 * number + 2...10 * number + 6, "Highlight", sentence(number))
    }
    for number in 0..<100 {
      file += entry(
        10 * number + 1...10 * number + 7, "Highlight", "Before. \(sentence(number)) After.")
    }
    for number in 0..<10 {
      file += entry(10 * number + 7...10 * number + 7, "Note", "Note \(number).")
    }
    #expect(file.utf8.count > ClippingSpill.memoryLimit * 2)
    let batch = try ImportParser.parse(Data(file.utf8), origin: "My Clippings.txt")
    #expect(batch.quotes.count == 4000)
    #expect(batch.skipped == 0)
    #expect(batch.quotes.first?.position == 101)
    #expect(batch.quotes.prefix(3900).map(\.quote.text) == (100..<4000).map(sentence))
    #expect(
      batch.quotes.suffix(100).map(\.quote.text)
        == (0..<100).map {
          "Before. \(sentence($0)) After."
        })
    #expect(
      batch.quotes.suffix(100).map(\.note)
        == (0..<100).map {
          "page 1, location \(10 * $0 + 1)-\(10 * $0 + 7)" + ($0 < 10 ? "\nNote \($0)." : "")
        })
    #expect(
      batch.quotes.allSatisfy { $0.work == "A Long Book" && $0.quote.author == "Some Writer" })
    #expect(batch.quotes.last?.savedAt == isoDate("2020-01-06T09:00:00Z"))
  }

  @Test("Bytes set aside come back as written, from memory, the file, or both")
  func spill() throws {
    let spill = ClippingSpill()
    var written: [UInt8] = []
    var number: UInt32 = 1
    while written.count < ClippingSpill.memoryLimit * 3 + 100 {
      number = number &* 1_103_515_245 &+ 12345
      let chunk = (0..<Int(number % 1000)).map { UInt8(truncatingIfNeeded: Int(number) + $0) }
      spill.append(chunk)
      written += chunk
    }
    #expect(spill.count == written.count)
    for (offset, count) in [
      (0, 10), (5, ClippingSpill.readSize + 7), (ClippingSpill.memoryLimit - 3, 9),
      (written.count - 50, 50), (ClippingSpill.memoryLimit * 3 - 20, 120), (17, 0),
      (ClippingSpill.memoryLimit, ClippingSpill.memoryLimit * 2 + 50),
    ] {
      #expect(
        Array(try spill.bytes(at: offset, count: count)) == Array(written[offset..<offset + count]))
    }
  }
}

/// A Readwise CSV export, made of public-domain lines.
let readwiseExport =
  "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,"
  + "Highlighted at,Document tags\r\n"
  + "\"Waste no more time arguing what a good man should be. Be one.\",Meditations,"
  + "Marcus Aurelius,B000FC1JAI,\"Read again, slowly.\",yellow,\"Stoic, virtue\",location,180,"
  + "2019-03-04 22:15:32+00:00,philosophy\r\n"
  + "It is a truth universally acknowledged.,Pride and Prejudice,Jane Austen,,,blue,,page,3,"
  + ",\r\n"
  + "A line from an article.,A Blog Post,,,,,,order,1,not a date,\r\n"
  + "Tags of two words.,Walden,Henry David Thoreau,,,,\"good, two  words,\u{1B}[31m,\u{1B}[1mRed \","
  + "location,9,,\r\n"
  + ",Walden,Henry David Thoreau,,,,,location,10,,\r\n"

@Suite("Import parsing: a Readwise CSV export")
struct ReadwiseImportTests {
  @Test("Told by its header: highlight, author, the book as the work, location, tags, time")
  func rows() throws {
    let batch = try ImportParser.parse(Data(readwiseExport.utf8), origin: "readwise.csv")
    #expect(batch.format == .readwise)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(
          text: "Waste no more time arguing what a good man should be. Be one.",
          author: "Marcus Aurelius", source: .imported),
        Quote(
          text: "It is a truth universally acknowledged.", author: "Jane Austen", source: .imported
        ),
        Quote(text: "Tags of two words.", author: "Henry David Thoreau", source: .imported),
      ])
    #expect(
      batch.quotes.map(\.note) == ["location 180\nRead again, slowly.", "page 3", "location 9"])
    #expect(batch.quotes.map(\.work) == ["Meditations", "Pride and Prejudice", "Walden"])
    // Readwise's tags may be several words: joined by hyphens, cleaned; one of nothing is none.
    #expect(batch.quotes.map(\.tags) == [["stoic", "virtue"], [], ["good", "two-words", "red"]])
    // An empty time is the import's; one that is none is refused, as a CSV saved_at is.
    #expect(
      batch.quotes.map(\.savedAt) == [Date(timeIntervalSince1970: 1_551_737_732), nil, nil])
    #expect(
      batch.rejected == [
        ImportRejection(
          position: 3,
          reason: .invalidTime(field: "Highlighted at", text: "not a date", problem: .notISO8601)),
        ImportRejection(position: 5, reason: .emptyText),
      ])
  }

  @Test("--from readwise on a file without Readwise's header is an error naming it")
  func chosenWithoutHeader() {
    #expect(throws: ImportError.missingReadwiseHeader(origin: "q.csv")) {
      try ImportParser.parse(Data("quote,author\nA,B\n".utf8), origin: "q.csv", as: .readwise)
    }
    #expect(
      ImportError.missingReadwiseHeader(origin: "q.csv").errorDescription
        == "q.csv is not a Readwise CSV export: its first line does not name the Highlight and "
        + "Book Title columns. Export it from Readwise again, or leave out --from.")
  }

  @Test("An unterminated quote is an error, as for any CSV")
  func unterminated() {
    #expect(throws: ImportError.unterminatedCSVQuote(origin: "r", row: 1)) {
      try ImportParser.parse(Data("Highlight,Book Title\n\"open,T\n".utf8), origin: "r")
    }
  }
}
