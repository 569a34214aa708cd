import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite("Views of notes, tags and matches")
struct LibraryViewTests {
  static let tagged = Favorite(
    id: 7, quote: Samples.socrates, savedAt: testDate,
    note: "Delphi.\nOn the temple\u{1B}[31m wall.", tags: ["greek", "stoic"])

  @Test("fav show: tags after the facts, then the note line by line, sanitized")
  func detail() {
    let text = FavoriteDetailView.render(
      Self.tagged, width: 40, painter: TextPainter(enabled: false), localTime: .zone(.utc))
    #expect(
      text.hasSuffix(
        "Favorite 7 · added by hand · saved 2027-01-15 08:00 +00:00\n"
          + "Tags: #greek #stoic\n"
          + "Note: Delphi.\n"
          + "      On the temple wall.\n"))
    let plain = FavoriteDetailView.render(
      Favorite(id: 1, quote: Samples.socrates, savedAt: testDate), width: 40,
      painter: TextPainter(enabled: false), localTime: .zone(.utc))
    #expect(!plain.contains("Tags:"))
    #expect(!plain.contains("Note:"))
  }

  @Test("fav list: tags end the quote's column, dim, within the width")
  func listRow() {
    let shape = FavoriteListShape(count: 1, largestID: 7, widestAuthor: 8)
    let view = FavoriteListView(shape: shape, width: 41, painter: TextPainter(enabled: false))
    #expect(view.row(Self.tagged) == " 7  Socrates  Know thyself. #greek #stoic\n")
    // The tags take at most half the quote's column, and the quote what they leave.
    let narrow = FavoriteListView(shape: shape, width: 36, painter: TextPainter(enabled: false))
    let row = narrow.row(Self.tagged)
    #expect(row == " 7  Socrates  Know thys… #greek #st…\n")
    #expect(TerminalText.displayWidth(String(row.dropLast())) == 36)
    let painted = FavoriteListView(shape: shape, width: 40, painter: TextPainter(enabled: true))
    #expect(painted.row(Self.tagged).contains("\u{1B}[2m#greek #stoic\u{1B}[0m"))
  }

  @Test("fav find: matches painted on a terminal, cut as the list cuts, plain without colour")
  func findRow() {
    let hit = SearchHit(
      favorite: Favorite(id: 3, quote: Samples.lao, savedAt: testDate),
      quoteMatches: ["The journey of a ", "thousand", " miles begins with one step."],
      authorMatches: ["", "Lao", " Tzu"])
    let shape = FavoriteListShape(count: 1, largestID: 3, widestAuthor: 7)
    let painted = FavoriteListView(shape: shape, width: 40, painter: TextPainter(enabled: true))
    #expect(
      painted.row(hit)
        == "\u{1B}[36m 3\u{1B}[0m  \u{1B}[1;31mLao\u{1B}[0m Tzu  The journey of a "
        + "\u{1B}[1;31mthousand\u{1B}[0m…\n")
    let narrow = FavoriteListView(shape: shape, width: 35, painter: TextPainter(enabled: true))
    // Where the start would cut the match away, the row starts a few words before it.
    #expect(narrow.row(hit).hasSuffix("  …of a \u{1B}[1;31mthousand\u{1B}[0m miles…\n"))
    let plain = FavoriteListView(shape: shape, width: 40, painter: TextPainter(enabled: false))
    #expect(plain.row(hit) == " 3  Lao Tzu  The journey of a thousand…\n")
    #expect(plain.row(hit) == plain.row(hit.favorite))
    // Without colour (NO_COLOR on a terminal) the row still shows the match.
    let plainNarrow = FavoriteListView(
      shape: shape, width: 35, painter: TextPainter(enabled: false))
    #expect(plainNarrow.row(hit).hasSuffix("  …of a thousand miles…\n"))
  }

  @Test("fav find on a terminal: a row shows the part of the quote around its first match")
  func findRowExcerpt() {
    let shape = FavoriteListShape(count: 1, largestID: 3, widestAuthor: 7)
    let painted = FavoriteListView(shape: shape, width: 40, painter: TextPainter(enabled: true))
    /// The row on a terminal, without its colours.
    func row(_ pieces: [Substring]) -> String {
      painted.row(
        SearchHit(
          favorite: Favorite(id: 3, quote: Samples.lao, savedAt: testDate),
          quoteMatches: pieces)
      ).replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }
    // Near the end, the words before the match fill the column.
    #expect(
      row(["The journey of a thousand miles begins with one ", "step", "."])
        == " 3  Lao Tzu  …begins with one step.\n")
    let middle = row(["The journey of a thousand ", "miles", " begins with one step."])
    // Elsewhere a quarter of it: a word that does not fit there is left out.
    #expect(middle == " 3  Lao Tzu  …miles begins with one ste…\n")
    #expect(TerminalText.displayWidth(String(middle.dropLast())) == 40)
    // Only the first match counts, and a match the start shows keeps the start.
    #expect(
      row(["The ", "journey", " of a thousand miles begins with one ", "step", "."])
        == " 3  Lao Tzu  The journey of a thousand…\n")
  }

  @Test("The shape of found favorites: count, largest id, widest author up to the limit")
  func shapeOfHits() {
    let favorites = [
      Favorite(id: 12, quote: Samples.lao, savedAt: testDate),
      Favorite(id: 3, quote: Samples.socrates, savedAt: testDate),
    ]
    #expect(
      FavoriteListView.shape(of: favorites)
        == FavoriteListShape(count: 2, largestID: 12, widestAuthor: 8))
    #expect(
      FavoriteListView.shape(
        of: favorites + [Favorite(id: 4, quote: Samples.umar, savedAt: testDate)])
        == FavoriteListShape(count: 3, largestID: 12, widestAuthor: 25))
    #expect(
      FavoriteListView.shape(of: []) == FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0))
  }

  @Test("fav tags and the tag change lines")
  func tagLists() throws {
    let counts = [
      TagCount(tag: try FavoriteTag("stoic"), count: 12),
      TagCount(tag: try FavoriteTag("life"), count: 3),
    ]
    #expect(
      TagListView.render(counts, painter: TextPainter(enabled: false))
        == "12  #stoic\n 3  #life\n")
    #expect(
      TagChangeView.render(Self.tagged, changed: [try FavoriteTag("stoic")], verb: "Tagged")
        == "Tagged favorite 7 with #stoic. Its tags: #greek #stoic\n")
    #expect(
      TagChangeView.render(Self.tagged, changed: [], verb: "Untagged")
        == "Untagged favorite 7: no change. Its tags: #greek #stoic\n")
    #expect(
      JSONView.render(counts)
        == "[\n  {\n    \"count\" : 12,\n    \"tag\" : \"stoic\"\n  },\n"
        + "  {\n    \"count\" : 3,\n    \"tag\" : \"life\"\n  }\n]\n")
  }

  @Test("Exports: JSON and CSV carry note and tags, Markdown shows them, fortune ignores them")
  func exports() throws {
    let favorites = [Self.tagged, Favorite(id: 8, quote: Samples.lao, savedAt: testDate)]
    let csv = ExportView.streamed(favorites, format: .csv)
    #expect(
      csv == "quote,author,source,source_id,saved_at,note,tags,work\r\n"
        + "Know thyself.,Socrates,manual,,2027-01-15T08:00:00.000Z,"
        + "\"Delphi.\nOn the temple wall.\",greek stoic,\r\n"
        + "The journey of a thousand miles begins with one step.,Lao Tzu,zenquotes,,"
        + "2027-01-15T08:00:00.000Z,,,\r\n")
    let json = ExportView.streamed(favorites, format: .json)
    let decoded = try JSONDecoder.iso8601WithMilliseconds.decode(
      [Favorite].self, from: Data(json.utf8))
    #expect(decoded.map(\.note) == [Self.tagged.note, ""])
    #expect(decoded.map(\.tags) == [["greek", "stoic"], []])
    #expect(!json.contains("\"note\" : \"\""))
    // JSON keeps the note exactly, the escape escaped.
    #expect(json.contains("On the temple\\u001b[31m wall."))
    // A tag with a comma or a quote mark is quoted as any CSV field.
    var odd = Self.tagged
    odd.note = ""
    odd.tags = ["a,b", "q\"t"]
    #expect(ExportView.streamed([odd], format: .csv).hasSuffix(",,\"a,b q\"\"t\",\r\n"))
    #expect(
      ExportView.streamed([Self.tagged], format: .markdown)
        == "> Know thyself.\n>\n> — Socrates\n\nTags: #greek #stoic\n\n"
        + "Delphi.  \nOn the temple wall.  \n")
    #expect(
      ExportView.streamed([Self.tagged], format: .fortune)
        == ExportView.streamed(
          [Favorite(id: 7, quote: Samples.socrates, savedAt: testDate)], format: .fortune))
  }
}

extension JSONDecoder {
  /// Reads the export's times, with milliseconds.
  fileprivate static var iso8601WithMilliseconds: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let text = try decoder.singleValueContainer().decode(String.self)
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      guard let date = formatter.date(from: text) else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: text))
      }
      return date
    }
    return decoder
  }
}
