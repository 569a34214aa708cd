import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

private func parse(_ text: String) throws -> ImportParser.Batch {
  try ImportParser.parse(Data(text.utf8), origin: "test")
}

@Suite("Import parsing: notes and tags in JSON and CSV")
struct ImportNotesTagsTests {
  @Test("JSON items carry a note and tags, folded to lower case without repeats")
  func json() throws {
    let batch = try parse(
      #"""
      [
        {"quote": "Know thyself.", "author": "Socrates", "savedAt": "2024-05-01T10:00:00.000Z",
         "note": "Delphi\r\nsecond line", "tags": ["Greek", "ancient", "GREEK"]},
        {"quote": "Be kind.", "author": "Plato", "tags": "one Two", "note": null},
        {"quote": "Plain.", "author": "Ann"}
      ]
      """#)
    #expect(batch.rejected.isEmpty)
    #expect(batch.quotes.map(\.note) == ["Delphi\nsecond line", "", ""])
    #expect(batch.quotes.map(\.tags) == [["greek", "ancient"], ["one", "two"], []])
  }

  @Test("CSV's note and tags columns, tags one space apart, in any column order")
  func csv() throws {
    let batch = try parse(
      "tags,quote,note,author\r\n"
        + "Stoic  calm ,Waste no more time.,\"Book 10,\nlast line\",Marcus Aurelius\r\n"
        + ",No tags.,,Ann\r\n")
    #expect(batch.format == .csv)
    #expect(batch.rejected.isEmpty)
    #expect(batch.quotes.map(\.note) == ["Book 10,\nlast line", ""])
    #expect(batch.quotes.map(\.tags) == [["stoic", "calm"], []])
  }

  @Test("A note of spaces and control characters alone is no note; escapes are removed")
  func noteCleaned() throws {
    let batch = try parse(
      #"""
      [{"quote": "A", "author": "B", "note": " \u0007 \u001b[31m "},
       {"quote": "C", "author": "D", "note": "red \u001b[31mtext\u202e"}]
      """#)
    #expect(batch.quotes.map(\.note) == ["", "red text"])
  }

  @Test(
    "A bad tag or note rejects its row with the reason; the other rows stay",
    arguments: [
      (
        #"["bad\u0007tag"]"#,
        ImportRejection.Reason.invalidTag("bad\u{7}tag", problem: "has a control character in it")
      ),
      (#"["two words"]"#, .invalidTag("two words", problem: "has a space in it")),
      (#"[""]"#, .invalidTag("", problem: "is empty")),
      (#"["\u00a0x"]"#, .invalidTag("\u{a0}x", problem: "has a space in it")),
      (
        #"["zero\u200bwidth"]"#,
        .invalidTag("zero\u{200b}width", problem: "has a control character in it")
      ),
      (
        "[\"" + String(repeating: "é", count: 65) + "\"]",
        .invalidTag(String(repeating: "é", count: 65), problem: "is longer than 64 characters")
      ),
      ("[1]", .invalidField(name: "tags", expected: "an array of words")),
      ("{}", .invalidField(name: "tags", expected: "an array of words")),
    ])
  func badTags(tags: String, reason: ImportRejection.Reason) throws {
    let batch = try parse(
      #"[{"quote": "A", "author": "B", "tags": "# + tags + #"}, {"quote": "C", "author": "D"}]"#)
    #expect(batch.rejected == [ImportRejection(position: 1, reason: reason)])
    #expect(batch.quotes.map(\.position) == [2])
  }

  @Test("A note that is not text, or too long, rejects its row")
  func badNotes() throws {
    let long = String(repeating: "n", count: QuoteText.maxNoteLength + 1)
    let fits = String(repeating: "n", count: QuoteText.maxNoteLength)
    let batch = try parse(
      """
      [{"quote": "A", "author": "B", "note": 3},
       {"quote": "C", "author": "D", "note": "\(long)"},
       {"quote": "E", "author": "F", "note": "\(fits)"}]
      """)
    #expect(
      batch.rejected == [
        ImportRejection(position: 1, reason: .invalidField(name: "note", expected: "text")),
        ImportRejection(position: 2, reason: .noteTooLong),
      ])
    #expect(batch.quotes.map(\.note) == [fits])
    #expect(
      ImportRejection.Reason.noteTooLong.message == "the note is longer than 4000 characters.")
    #expect(
      ImportRejection.Reason.invalidTag("a\u{1b}[31mb c", problem: "has a space in it").message
        == "the tag 'ab c' has a space in it.")
  }

  @Test("A CSV row with a bad tag is rejected with its row number")
  func csvBadTag() throws {
    let batch = try parse("quote,author,tags\nA,B,ok\nC,D,\"x\ty\"\nE,F,fine\n")
    #expect(
      batch.rejected == [
        ImportRejection(position: 2, reason: .invalidTag("x\ty", problem: "has a space in it"))
      ])
    #expect(batch.quotes.map(\.tags) == [["ok"], ["fine"]])
  }
}
