import Foundation
import Testing

@testable import PowerQuotesCore

/// A fortune entry's lines are split at LF bytes, which must give exactly the lines a split of
/// its Characters at "\n" gives.
@Suite("Fortune entry lines")
struct FortuneEntryLinesTests {
  @Test(
    "Lines split by bytes are the lines split by Characters",
    arguments: [
      "", "\n", "\n\n", "one", "one\n", "\none", "one\ntwo", "one\n\n  two  \n",
      "caf\u{E9}\n\u{301}accent after a break\n\u{2014} Author", "\u{1F469}\u{200D}\u{1F4BB}\nx",
      "tab\t\n\t-- Someone\t", "a line with CR\r\nand the next", "lone\rCR\nx", "ends in CR\r",
      "\r\n", "\r\n\r\n", "\u{600} \nPrepend then space",
    ])
  func sameLines(entry: String) {
    let expected = entry.split(separator: "\n", omittingEmptySubsequences: false)
    let lines = ImportParser.entryLines(entry)
    #expect(lines == expected)
    #expect(lines.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
  }

  @Test("An entry with CR LF inside reads as it did: one line, whose CR LF becomes a LF")
  func crlfInsideAnEntry() throws {
    // forEachLine takes one CR off a line's end; a second one stays, before the LF that joins
    // the lines, and the two are one Character: one line, whose text is cleaned when added.
    let file = "Two CRs\r\r\nstill the same line\n\t-- Author\n%\nPlain\n-- Writer\n"
    let batch = try ImportParser.parse(
      bytes: Array(file.utf8), origin: "test", sink: nil, format: .fortune)
    #expect(batch.rejected.isEmpty)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(text: "Two CRs\nstill the same line", author: "Author", source: .imported),
        Quote(text: "Plain", author: "Writer", source: .imported),
      ])
  }

  @Test("Lines of Unicode white space around an entry and before its author are dropped")
  func unicodeBlankLines() throws {
    let file = "\u{A0}\nQuote  \n\u{3000}\t\n-- A\n%\n\u{2003}\n\u{200B}\n%\nKept\u{A0}\n"
    let batch = try ImportParser.parse(
      bytes: Array(file.utf8), origin: "test", sink: nil, format: .fortune)
    #expect(
      batch.quotes.map(\.quote) == [
        Quote(text: "Quote", author: "A", source: .imported),
        // Trimmed as every quote entering the library is (a no-break space is white space).
        Quote(text: "Kept", author: ImportParser.unknownAuthor, source: .imported),
      ])
    #expect(batch.quotes.map(\.position) == [1, 3])
    #expect(batch.rejected.map(\.position) == [2])
  }
}
