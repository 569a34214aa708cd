import Foundation
import GRDB
import Testing

@testable import PowerQuotesCore

/// The fast paths that keep 100,000-row commands near the speed of SQLite give what the general
/// paths give: each is held against the path it skips.
@Suite struct FastPathTests {
  /// Pieces that texts are made of: simple ones (ASCII, Latin, general punctuation) and ones
  /// that must take the grapheme path (marks, wide and zero-width characters, controls, emoji).
  static let pieces = [
    "a", "Z", " ", "~", ".", "ā", "é", "ß", "Ł", "ǅ", "ʰ", "\u{A0}", "\u{A9}", "—", "–", "“", "”",
    "‘", "’", "…", "•", "‰", "›", "\u{AD}", "e\u{301}", "\u{300}", "日", "한", "\u{200B}",
    "\u{200D}", "\u{FE0F}", "👍", "🇫🇷", "\t", "\n", "\u{1B}[31m", "\u{85}", "\u{9B}", "\u{202E}",
    "\u{2028}", "\u{2000}", "\u{203C}", "\u{2049}", "\r\n", "\u{7F}",
  ]

  /// Texts of up to 12 pieces, drawn with a fixed seed, mostly simple.
  static let texts: [String] = {
    var generator = SeededGenerator(seed: 42)
    var texts = ["", "Know thyself.", "Umar ibn Al-Khattāb (R.A)", "  spaced  ", "a\u{A0}\u{A0}"]
    for _ in 0..<3000 {
      let count = Int.random(in: 0...12, using: &generator)
      var text = ""
      for _ in 0..<count {
        // Four in five pieces are from the simple first two dozen.
        let simple = Int.random(in: 0..<5, using: &generator) > 0
        let index =
          simple
          ? Int.random(in: 0..<22, using: &generator)
          : Int.random(in: 0..<pieces.count, using: &generator)
        text += pieces[index]
      }
      texts.append(text)
    }
    return texts
  }()

  @Test("Width, truncation and sanitizing of simple text equal the grapheme path's")
  func simpleText() {
    var simpleCount = 0
    for text in Self.texts {
      if TerminalText.simpleWidth(text) != nil { simpleCount += 1 }
      #expect(TerminalText.displayWidth(text) == TerminalText.graphemeWidth(text), "\(text)")
      #expect(UntrustedText.sanitized(text) == UntrustedText.scalarSanitized(text), "\(text)")
      for width in [0, 1, 2, 3, 5, 8, 13] {
        #expect(
          TerminalText.truncated(text, width: width)
            == TerminalText.graphemeTruncated(text, width: width),
          "\(text) at \(width)"
        )
        let fitted = TerminalText.fitted(text, width: width)
        let expected = TerminalText.graphemeTruncated(
          UntrustedText.scalarSanitized(text), width: width)
        #expect(fitted.text == expected, "\(text) at \(width)")
        #expect(fitted.width == TerminalText.graphemeWidth(expected), "\(text) at \(width)")
      }
    }
    // Both paths were exercised.
    #expect(simpleCount > 500)
    #expect(simpleCount < Self.texts.count - 500)
  }

  @Test("Simple text is recognized", arguments: ["abc", "Umar ibn Al-Khattāb", "“Yes” — no…"])
  func simple(text: String) {
    #expect(TerminalText.simpleWidth(text) == text.unicodeScalars.count)
  }

  @Test(
    "Other text is not simple",
    arguments: ["e\u{301}", "日本", "\u{AD}", "a\tb", "\u{9B}", "👍", "\u{200B}", "\u{203C}"])
  func notSimple(text: String) {
    #expect(TerminalText.simpleWidth(text) == nil)
  }

  @Test("Stored times read digit by digit equal GRDB's reading")
  func storedTimes() throws {
    var texts = [
      "1970-01-01 00:00:00.000", "2000-02-29 23:59:59.999", "2026-11-22 10:00:00.250",
      "2100-03-01 00:00:00.001", "9999-12-31 23:59:59.999", "2024-12-31 12:34:56.789",
    ]
    for step in 0..<3000 {
      let date = Date(timeIntervalSince1970: 1_600_000_000 + Double(step) * 86_399.123)
      texts.append(Timestamp.utc(date, separator: " "))
    }
    for text in texts {
      let fast = try #require(Timestamp.date(stored: text), "\(text)")
      let grdb = try #require(Date.fromDatabaseValue(text.databaseValue))
      #expect(fast == grdb, "\(text)")
    }
  }

  @Test(
    "Other stored shapes are left to GRDB",
    arguments: [
      "2026-11-22 10:00:00", "2026-11-22T10:00:00.000", "2026-02-30 10:00:00.000",
      "1969-12-31 24:00:00.000", "2026-11-22 24:00:00.000", "2026-13-01 00:00:00.000",
      "2026-11-22 10:00:00.0000", "20x6-11-22 10:00:00.000",
    ])
  func otherStoredShapes(text: String) {
    #expect(Timestamp.date(stored: text) == nil)
  }
}

/// A deterministic random number generator (SplitMix64), so generated cases are the same on
/// every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
