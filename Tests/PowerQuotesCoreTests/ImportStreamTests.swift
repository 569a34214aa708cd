import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// `bytes` parsed as `fav import` streams a file: its format told from its head, then its rows
/// read `chunkSize` bytes at a time.
private func streamed(
  _ bytes: [UInt8], chunkSize: Int, format: ImportFormat? = nil
) throws -> ImportParser.Batch {
  var input = ByteReader(bytes: bytes, chunkSize: chunkSize)
  let reading = try ImportParser.reading(&input, origin: "test", format: format)
  return try ImportParser.read(&input, reading, origin: "test", sink: nil)
}

/// `bytes` parsed whole, in memory.
private func whole(_ bytes: [UInt8], format: ImportFormat? = nil) throws -> ImportParser.Batch {
  try ImportParser.parse(bytes: bytes, origin: "test", sink: nil, format: format)
}

/// The batch, or the error, that `bytes` read whole give; and the same for every chunk size from
/// one byte to the whole text, so that every record, line break and UTF-8 character is split
/// across two chunks at least once.
private func expectSameAtEveryChunkSize(
  _ bytes: [UInt8], format: ImportFormat? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Result<ImportParser.Batch, ImportError> {
  // Any other error shows in the comparison as one that no import throws.
  func importError(_ error: any Error) -> ImportError {
    error as? ImportError ?? .cannotRead(path: "", reason: "\(error)")
  }
  let expected = Result { try whole(bytes, format: format) }.mapError(importError)
  for chunkSize in 1...(bytes.count + 1) {
    let got = Result { try streamed(bytes, chunkSize: chunkSize, format: format) }
      .mapError(importError)
    #expect(got == expected, "chunks of \(chunkSize) bytes", sourceLocation: sourceLocation)
  }
  return expected
}

@Suite("Import read a chunk at a time")
struct ImportStreamTests {
  @Test("CSV: CR LF, quoted fields with commas, quotes and line breaks, UTF-8, no last line break")
  func csv() throws {
    let text =
      "\u{FEFF}quote,author,tags\r\n"
      + "\"Line one,\r\nline \"\"two\"\"\",Ann,a b\r\n"
      + "\r\n"
      + "Café 日本 😀,Zoë,\r\n"
      + "Last,Bo,x"
    let batch = try expectSameAtEveryChunkSize(Array(text.utf8)).get()
    #expect(batch.format == .csv)
    #expect(batch.rejected.isEmpty)
    #expect(
      batch.quotes.map(\.quote) == [
        // Saved with LF, as any quote is.
        Quote(text: "Line one,\nline \"two\"", author: "Ann", source: .imported),
        Quote(text: "Café 日本 😀", author: "Zoë", source: .imported),
        Quote(text: "Last", author: "Bo", source: .imported),
      ])
    #expect(batch.quotes.map(\.position) == [1, 2, 3])
    #expect(batch.quotes.map(\.tags) == [["a", "b"], [], ["x"]])
  }

  @Test("CSV: a quote left open is one error naming its row, however the file is split")
  func csvOpenQuote() {
    let result = expectSameAtEveryChunkSize(Array("quote,author\nA,B\n\"Open,\nC\n".utf8))
    #expect(throws: ImportError.unterminatedCSVQuote(origin: "test", row: 2)) { try result.get() }
  }

  @Test("CSV: a row that is not UTF-8 is rejected, the rows around it read")
  func csvNotUTF8() throws {
    let bytes = Array("quote,author\nA,B\n".utf8) + [0xC3, 0x28] + Array(",C\nD,E\n".utf8)
    let batch = try expectSameAtEveryChunkSize(bytes).get()
    #expect(batch.rejected == [ImportRejection(position: 2, reason: .notUTF8)])
    #expect(batch.quotes.map(\.quote.text) == ["A", "D"])
  }

  @Test("A header record longer than the first chunks, and one whose quote never closes")
  func longHeader() throws {
    let padding = String(repeating: "x", count: 300)
    let batch = try expectSameAtEveryChunkSize(
      Array("\"\(padding)\nstill the header\",quote,author\n,A,B\n".utf8)
    ).get()
    #expect(batch.quotes.map(\.quote.text) == ["A"])
    // Not a header: the file is taken for CSV without one.
    let open = expectSameAtEveryChunkSize(Array("\"\(padding),quote,author\nA,B\n".utf8))
    #expect(throws: ImportError.missingCSVHeader(origin: "test")) { try open.get() }
  }

  @Test("Fortune: % lines with CR LF, UTF-8 split anywhere, an author line, no last line break")
  func fortune() throws {
    let text =
      "Be kind. 😀\r\n-- Plato\r\n%\r\n"
      + "Ünïcödé\nacross lines\n%\n"
      + "%\n"
      + "  \n%\n"
      + "100% sure\n% not a separator\n%\n"
      + "Last, with no line break\n— Zoë"
    let batch = try expectSameAtEveryChunkSize(Array(text.utf8)).get()
    #expect(batch.format == .fortune)
    #expect(batch.rejected.isEmpty)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(text: "Be kind. 😀", author: "Plato", source: .imported),
        Quote(text: "Ünïcödé\nacross lines", author: "Unknown", source: .imported),
        Quote(text: "100% sure\n% not a separator", author: "Unknown", source: .imported),
        Quote(text: "Last, with no line break", author: "Zoë", source: .imported),
      ])
    #expect(batch.quotes.map(\.position) == [1, 2, 3, 4])
  }

  @Test("Fortune: the first % line far into the file, and a file that ends with one")
  func fortuneFirstSeparatorLate() throws {
    let long = String(repeating: "word ", count: 40)
    let batch = try expectSameAtEveryChunkSize(Array("\(long)\n-- A\n%\nTwo\n%".utf8)).get()
    #expect(batch.quotes.map(\.quote.author) == ["A", "Unknown"])
  }

  @Test("Fortune: an entry that is not UTF-8 is rejected, the entries around it read")
  func fortuneNotUTF8() throws {
    let bytes = Array("Good.\n%\n".utf8) + [0xE6, 0x97] + Array("\n%\nAlso good.\n".utf8)
    let batch = try expectSameAtEveryChunkSize(bytes).get()
    #expect(batch.rejected == [ImportRejection(position: 2, reason: .notUTF8)])
    #expect(batch.quotes.map(\.quote.text) == ["Good.", "Also good."])
  }

  @Test("Empty files, white space alone, and content that is no import, at every chunk size")
  func emptyAndUnknown() throws {
    for text in ["", " \r\n\t\n", "\u{FEFF}"] {
      let result = expectSameAtEveryChunkSize(Array(text.utf8))
      #expect(throws: ImportError.empty(origin: "test")) { try result.get() }
      // A fortune file, when chosen, may be empty.
      let fortune = try expectSameAtEveryChunkSize(Array(text.utf8), format: .fortune).get()
      #expect(fortune.quotes.isEmpty && fortune.rejected.isEmpty)
    }
    let notes = expectSameAtEveryChunkSize(Array("Just notes.\nNothing more.".utf8))
    #expect(throws: ImportError.unknownFormat(origin: "test")) { try notes.get() }
    let binary = expectSameAtEveryChunkSize([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01, 0x0D, 0x0A, 0xFF])
    #expect(throws: ImportError.unknownFormat(origin: "test")) { try binary.get() }
    let noHeader = expectSameAtEveryChunkSize(Array("Know thyself.,Socrates\nBe kind.,P".utf8))
    #expect(throws: ImportError.missingCSVHeader(origin: "test")) { try noHeader.get() }
  }

  @Test("Kindle clippings and a Readwise export, split anywhere")
  func clippingsAndReadwise() throws {
    let clippings =
      "\u{FEFF}Meditations (Aurelius, Marcus)\r\n"
      + "- Your Highlight on page 12 | Location 180-182 | Added on Monday\r\n\r\n"
      + "Waste no more time arguing.\r\n==========\r\n"
      + "Meditations (Aurelius, Marcus)\r\n"
      + "- Your Bookmark on page 13 | Location 190 | Added on Monday\r\n\r\n\r\n=========="
    let kindle = try expectSameAtEveryChunkSize(Array(clippings.utf8)).get()
    #expect(kindle.format == .clippings)
    #expect(kindle.quotes.map(\.quote.text) == ["Waste no more time arguing."])
    #expect(kindle.quotes.map(\.note) == ["page 12, location 180-182"])
    #expect(kindle.quotes.map(\.work) == ["Meditations"])
    #expect(kindle.skipped == 1)
    let readwise =
      "Highlight,Book Title,Book Author,Tags\n\"Two\nlines\",Walden,Thoreau,\"a, b\"\nÉté,T,,"
    let batch = try expectSameAtEveryChunkSize(Array(readwise.utf8)).get()
    #expect(batch.format == .readwise)
    #expect(batch.quotes.map(\.quote.text) == ["Two\nlines", "Été"])
    #expect(batch.quotes.map(\.quote.author) == ["Thoreau", "Unknown"])
    #expect(batch.quotes.map(\.tags) == [["a", "b"], []])
  }

  @Test("JSON is read whole whatever the chunks")
  func json() throws {
    let batch = try expectSameAtEveryChunkSize(
      Array(#"  [{"quote": "Café 😀", "author": "Zoë"}]"#.utf8)
    ).get()
    #expect(batch.format == .json)
    #expect(batch.quotes.map(\.quote.text) == ["Café 😀"])
  }

  @Test("More bytes than the limit is one error, however far the reading got")
  func limit() throws {
    let bytes = Array("quote,author\n".utf8) + Array(repeating: "A,B\n".utf8, count: 30).joined()
    var offset = 0
    var input = ByteReader(origin: "big.txt", limit: 50, chunkSize: 8) { buffer in
      let count = min(buffer.count, bytes.count - offset)
      buffer.copyBytes(from: bytes[offset..<(offset + count)])
      offset += count
      return count
    }
    let reading = try ImportParser.reading(&input, origin: "big.txt", format: nil)
    #expect(throws: ImportError.tooLarge(origin: "big.txt", limit: 50)) {
      try ImportParser.read(&input, reading, origin: "big.txt", sink: nil)
    }
  }

  @Test("A file is read once, a chunk at a time: its head is kept to be read again, not re-read")
  func fileChunks() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.fortune")
    let text = (1...500).map { "Quote number \($0).\n-- Author \($0 % 7)" }
      .joined(separator: "\n%\n")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    var file = try InputFile.reader(path: path, limit: 1 << 20, chunkSize: 64)
    // What the file gives, counted on its way through a second reader.
    var given = 0
    var input = ByteReader(origin: path, limit: 1 << 20, chunkSize: 64) { buffer in
      var count = 0
      while count < buffer.count, let byte = try file.next() {
        buffer[count] = byte
        count += 1
      }
      given += count
      return count
    }
    let reading = try ImportParser.reading(&input, origin: path, format: nil)
    let batch = try ImportParser.read(&input, reading, origin: path, sink: nil)
    #expect(given == text.utf8.count)
    #expect(batch.quotes.count == 500)
    #expect(
      batch.quotes.last?.quote
        == Quote(text: "Quote number 500.", author: "Author 3", source: .imported))
  }
}
