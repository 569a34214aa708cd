import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@Suite("Views")
struct ViewTests {
  let plain = TextPainter(enabled: false)

  @Test("The card greets, wraps the quote and signs with the author")
  func cardLayout() {
    let card = QuoteCardView.render(Samples.rumi, width: 40, painter: plain)
    let lines = card.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(card.hasSuffix("\n"))
    #expect(lines.first == "╭──────────────────────────────────────╮")
    #expect(lines.last == "╰──────────────────────────────────────╯")
    #expect(lines[1] == "│ Dear Self,                           │")
    #expect(lines.contains("│                               — Rumi │"))
    for line in lines {
      #expect(TerminalText.displayWidth(String(line)) == 40)
    }
    let words = lines.dropFirst(3).dropLast(3)
      .map { $0.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(words == Samples.rumi.text)
  }

  @Test(
    "The card never grows past its maximum; narrower than its minimum, it loses its frame",
    arguments: [
      1, 10, 20, 23, 24, 30, 64, 80, 200,
    ])
  func cardWidthLimits(width: Int) {
    let card = QuoteCardView.render(Samples.umar, width: width, painter: plain)
    guard width >= QuoteCardView.minWidth else {
      // Too narrow for the frame: the lines without it, none wider than the terminal (10 at
      // least), so that the terminal does not wrap them.
      #expect(card.hasPrefix("Dear Self,\n\n") && !card.contains("│"))
      for line in card.split(separator: "\n") {
        #expect(TerminalText.displayWidth(String(line)) <= max(width, 10))
      }
      #expect(card.hasSuffix("(R.A)\n"))
      return
    }
    let expected = min(width, QuoteCardView.maxWidth)
    for line in card.split(separator: "\n") {
      #expect(TerminalText.displayWidth(String(line)) == expected)
    }
  }

  @Test("Wide characters keep the card's right edge straight")
  func cardWithWideCharacters() {
    let quote = Quote(
      text: "千里之行，始於足下。千里之行，始於足下。千里之行，始於足下。👍🏽 emoji",
      author: "老子",
      source: .builtIn
    )
    let card = QuoteCardView.render(quote, width: 30, painter: plain)
    for line in card.split(separator: "\n") {
      #expect(TerminalText.displayWidth(String(line)) == 30)
      #expect(line.hasSuffix("│") || line.hasSuffix("╮") || line.hasSuffix("╯"))
    }
  }

  @Test(
    "Escape sequences in quotes never reach the terminal", arguments: [ShareStyle.plain, .markdown])
  func hostileTextIsSanitized(style: ShareStyle) {
    let hostile = Quote(
      text: "Hi\u{1B}]0;pwned\u{07}\u{1B}[2J there\u{9B}31m",
      author: "Eve\u{1B}[5m\u{202E}",
      source: .dummyJSON
    )
    let outputs = [
      QuoteCardView.render(hostile, width: 60, painter: plain),
      FavoriteListView.render(
        [Favorite(id: 1, quote: hostile, savedAt: testDate)],
        width: 80,
        painter: plain
      ),
      ShareView.render(hostile, style: style),
    ]
    for output in outputs {
      #expect(
        !output.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) })
      #expect(!output.contains("pwned"))
      #expect(!output.unicodeScalars.contains("\u{202E}"))
    }
  }

  @Test("JSON escapes C1 controls and bidi overrides as well as C0 ones")
  func jsonIsInert() {
    let json = JSONView.render(["quote": "a\u{1B}[31m\u{9B}2J\u{202E}b"])
    #expect(!json.unicodeScalars.contains { $0.value == 0x1B || (0x7F...0x9F).contains($0.value) })
    #expect(json.contains(#"\u009B"#))
    #expect(json.contains(#"\u202E"#))
    let decoded = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    #expect(decoded?["quote"] == "a\u{1B}[31m\u{9B}2J\u{202E}b")
  }

  @Test("A streamed JSON array reads back like one encoded whole")
  func streamedJSONArray() throws {
    let favorites = [
      Favorite(id: 1, quote: Samples.rumi, savedAt: testDate),
      Favorite(id: 2, quote: Samples.umar, savedAt: testDate),
    ]
    var array = JSONArrayView()
    var streamed = Array(array.opening.utf8)
    for favorite in favorites { array.appendElement(.decoded(favorite), to: &streamed) }
    streamed += Array(array.closing.utf8)
    #expect(String(decoding: streamed, as: UTF8.self) == JSONView.render(favorites))
  }

  @Test("Share text in each style")
  func shareStyles() throws {
    #expect(
      ShareView.render(Samples.socrates, style: .plain) == "\"Know thyself.\" — Socrates\n"
    )
    #expect(
      ShareView.render(Samples.socrates, style: .markdown) == "> Know thyself.\n>\n> — Socrates\n"
    )
    let wrapped = Quote(text: "“Know thyself.”", author: "Socrates", source: .manual)
    #expect(ShareView.render(wrapped, style: .plain) == "\"Know thyself.\" — Socrates\n")
    let json = ShareView.render(Samples.umar, style: .json)
    let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    #expect(decoded == ["quote": Samples.umar.text, "author": Samples.umar.author])
  }

  @Test("An import's summary names what its format's reader skips, in its own words")
  func skippedByFormat() {
    func summary(_ format: ImportFormat, skipped: Int) -> String {
      ImportReportView.summary(
        ImportReport(
          format: format, dryRun: false, added: 1, alreadyFavorites: 0, rejected: [],
          skipped: skipped))
    }
    #expect(
      summary(.kobo, skipped: 2)
        == "Read 1 favorite: 1 added, 0 already favorites, 0 rejected; 2 rows skipped "
        + "(bookmarks, dog-ears, notes without highlighted text, hidden highlights).\n")
    #expect(
      summary(.koreader, skipped: 1)
        == "Read 1 favorite: 1 added, 0 already favorites, 0 rejected; 1 entry skipped "
        + "(bookmarks, highlights without text).\n")
    #expect(
      summary(.clippings, skipped: 3)
        == "Read 1 favorite: 1 added, 0 already favorites, 0 rejected; 3 entries skipped "
        + "(bookmarks, limit notices, highlights without text, notes with no highlight).\n")
  }

  @Test("Share text names the work after the author, as the card does")
  func shareWork() throws {
    let king = Quote(
      text: "Darkness cannot drive out darkness.", author: "Martin Luther King, Jr.",
      source: .manual)
    #expect(
      ShareView.render(king, work: "Strength to Love", style: .plain)
        == "\"Darkness cannot drive out darkness.\" — Martin Luther King, Jr., Strength to Love\n")
    #expect(
      ShareView.render(king, work: "Strength to Love", style: .markdown)
        == "> Darkness cannot drive out darkness.\n>\n> — Martin Luther King, Jr., Strength to Love\n"
    )
    let json = ShareView.render(king, work: "Strength to Love", style: .json)
    #expect(
      try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        == ["quote": king.text, "author": king.author, "work": "Strength to Love"])
    #expect(
      QuoteCardView.render(
        king, work: "Strength to Love", width: 80, painter: TextPainter(enabled: false)
      )
      .contains("— Martin Luther King, Jr., Strength to Love"))
  }

  @Test("The list shows id, author and the start of the quote within the width")
  func listLayout() {
    let favorites = [
      Favorite(id: 3, quote: Samples.rumi, savedAt: testDate),
      Favorite(id: 12, quote: Samples.umar, savedAt: testDate),
    ]
    let list = FavoriteListView.render(favorites, width: 60, painter: plain)
    let lines = list.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("ID  AUTHOR"))
    #expect(lines[1].hasPrefix(" 3  Rumi "))
    #expect(lines[1].hasSuffix("…"))
    #expect(lines[2] == "12  Umar ibn Al-Khattāb (R.…  Be mindful of what you say.")
    for line in lines {
      #expect(TerminalText.displayWidth(String(line)) <= 60)
    }
  }

  @Test("Colour is added only when the painter is enabled")
  func colour() {
    let coloured = QuoteCardView.render(
      Samples.rumi, width: 40, painter: TextPainter(enabled: true))
    #expect(coloured.contains("\u{1B}[1mDear Self,\u{1B}[0m"))
    let plainCard = QuoteCardView.render(Samples.rumi, width: 40, painter: plain)
    #expect(!plainCard.contains("\u{1B}"))
  }

  @Test("Colour mode follows the terminal, TERM and NO_COLOR")
  func colourMode() {
    #expect(ColorMode.auto.allowsColor(outputIsTerminal: true, environment: [:]))
    #expect(!ColorMode.auto.allowsColor(outputIsTerminal: false, environment: [:]))
    #expect(!ColorMode.auto.allowsColor(outputIsTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(!ColorMode.auto.allowsColor(outputIsTerminal: true, environment: ["TERM": "dumb"]))
    #expect(ColorMode.always.allowsColor(outputIsTerminal: false, environment: ["NO_COLOR": "1"]))
    #expect(!ColorMode.never.allowsColor(outputIsTerminal: true, environment: [:]))
  }

  @Test("The detail view adds source and saved time")
  func detail() throws {
    let detail = FavoriteDetailView.render(
      Favorite(id: 4, quote: Samples.rumi, savedAt: testDate),
      width: 60,
      painter: plain,
      localTime: .zone(try #require(TimeZone(identifier: "UTC")))
    )
    #expect(detail.hasSuffix("Favorite 4 · DummyJSON #1 · saved 2027-01-15 08:00 +00:00\n"))
  }
}
