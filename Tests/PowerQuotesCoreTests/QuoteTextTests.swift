import Testing

@testable import PowerQuotesCore

@Suite("Text entering the library")
struct QuoteTextTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("half\u{0}rest", "halfrest"),
    ("tab\tkept\nline kept", "tab\tkept\nline kept"),
    ("cr lf\r\nand cr\rend", "cr lf\nand cr\nend"),
    ("esc \u{1B}[31mred\u{1B}[0m", "esc red"),
    ("osc \u{1B}]52;c;SGk=\u{07}gone", "osc gone"),
    ("c1 \u{9B}2Jx", "c1 x"),
    ("bidi \u{202E}evil\u{202C}", "bidi evil"),
    ("del\u{7F}", "del"),
    ("curly ’ “ ” — Khattāb 🌊", "curly ’ “ ” — Khattāb 🌊"),
  ])
  func cleaned(input: String, expected: String) {
    #expect(QuoteText.cleaned(input) == expected)
  }

  /// The fast check never lets through text that cleaning would change.
  @Test func fastCheckAgreesWithCleaning() {
    let pieces = [
      "a", " ", "\n", "\t", "\r", "\u{0}", "\u{1B}", "[", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
      "é", "\u{200E}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{61C}", "—", "’", "🌊",
      "\u{2028}", "\u{FEFF}",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5000 {
      let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        pieces.randomElement(using: &generator) ?? ""
      }.joined()
      if !UntrustedText.needsCleaning(text) {
        #expect(QuoteText.cleaned(text) == text, "\(Array(text.unicodeScalars))")
        #expect(UntrustedText.scalarSanitized(text, keepingLinesAndTabs: true) == text)
      }
    }
  }

  @Test func problems() {
    #expect(QuoteText.problem(text: "", author: "A") == .emptyText)
    #expect(QuoteText.problem(text: "\u{201C}\u{201D}", author: "A") == .emptyText)
    #expect(QuoteText.problem(text: "Words.", author: " ") == .emptyAuthor)
    #expect(QuoteText.problem(text: String(repeating: "x", count: 4000), author: "A") == nil)
    #expect(
      QuoteText.problem(text: String(repeating: "x", count: 4001), author: "A") == .textTooLong)
    #expect(
      QuoteText.problem(text: "Words.", author: String(repeating: "y", count: 201))
        == .authorTooLong)
    // A work's title: cleaned onto one line, then at most 300 characters.
    #expect(
      QuoteText.admittedWork(" Moby-Dick;\nor, The Whale ") == .success("Moby-Dick; or, The Whale"))
    #expect(
      QuoteText.admittedWork(String(repeating: "é", count: 300))
        == .success(String(repeating: "é", count: 300)))
    #expect(QuoteText.admittedWork(String(repeating: "é", count: 301)) == .failure(.workTooLong))
  }
}
