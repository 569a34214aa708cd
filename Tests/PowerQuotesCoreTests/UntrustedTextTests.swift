import Testing

@testable import PowerQuotesCore

/// Tests for ``UntrustedText``: making outside text safe for a terminal or the database.
@Suite struct UntrustedTextTests {
  /// Each kind of escape sequence goes whole, payload included, and the text around it stays.
  @Test(arguments: [
    ("\u{1B}]0;pwned\u{07}Hi", "Hi"),
    ("\u{1B}]2;title\u{1B}\\Hi", "Hi"),
    ("\u{1B}[31mred\u{1B}[0m", "red"),
    ("a\u{1B}[38;2;255;0;0mb", "ab"),
    ("\u{1B}[2J\u{1B}[Hclear", "clear"),
    ("up\u{1B}[10Aagain", "upagain"),
    ("\u{1B}[?1049hscreen", "screen"),
    ("\u{1B}[1 qcursor", "cursor"),
    ("\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\", "click"),
    ("\u{1B}]8;;https://evil.example/\u{07}click\u{1B}]8;;\u{07}", "click"),
    ("ok\u{1B}]0;never terminated", "ok"),
    ("ok\u{1B}Pq#0;2;0;0;0\u{1B}\\done", "okdone"),
    ("ok\u{1B}Xsos\u{1B}\\done", "okdone"),
    ("ok\u{1B}^pm\u{1B}\\done", "okdone"),
    ("ok\u{1B}_apc\u{1B}\\done", "okdone"),
    ("ok\u{1B}Pnever terminated", "ok"),
    ("\u{1B}cReset", "Reset"),
    ("\u{1B}7saved\u{1B}8", "saved"),
    ("\u{1B}(0line\u{1B}(B", "line"),
    ("\u{1B}#8align", "align"),
    ("\u{9B}2Jclear", "clear"),
    ("\u{9B}31mred\u{9B}0m", "red"),
    ("\u{9D}0;pwned\u{07}Hi", "Hi"),
    ("\u{9D}0;pwned\u{9C}Hi", "Hi"),
    ("\u{9D}0;never terminated", ""),
    ("\u{90}dcs\u{1B}\\Hi", "Hi"),
    ("\u{98}sos\u{9C}Hi", "Hi"),
    ("\u{9E}pm\u{9C}Hi", "Hi"),
    ("\u{9F}apc\u{9C}Hi", "Hi"),
    ("a\u{85}b\u{8D}c\u{9C}d", "abcd"),
    ("trailing\u{1B}", "trailing"),
    ("\u{1B}\u{1B}[31mx", "x"),
  ])
  func escapeSequencesAreRemovedWhole(input: String, expected: String) {
    #expect(UntrustedText.sanitized(input) == expected)
  }

  /// Line and page breaks become spaces; the bell, backspace, NUL and DEL go.
  @Test(arguments: [
    ("a\tb", "a b"),
    ("a\nb", "a b"),
    ("a\rb", "a b"),
    ("a\r\nb", "a b"),
    ("a\u{0B}b\u{0C}c", "a b c"),
    ("a\n\nb", "a  b"),
    ("ding\u{07}", "ding"),
    ("ab\u{08}\u{08}XY", "abXY"),
    ("nul\u{00}byte", "nulbyte"),
    ("del\u{7F}ete", "delete"),
    ("\u{01}\u{02}\u{1F}", ""),
  ])
  func controlCharactersAreSpacedOrRemoved(input: String, expected: String) {
    #expect(UntrustedText.sanitized(input) == expected)
  }

  /// Bidirectional controls that could reorder what is displayed ("Trojan Source") go.
  @Test(arguments: [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ])
  func bidiControlsAreRemoved(control: String) {
    #expect(UntrustedText.sanitized("safe\(control)text") == "safetext")
  }

  /// Ordinary Unicode comes through byte for byte.
  @Test(arguments: [
    "Umar ibn Al-Khattāb",
    "你好",
    "👍🏽",
    "👨‍👩‍👧",
    "🇫🇷",
    "e\u{301}",
    "❤️",
    "“Curly” ‘quotes’ — and dashes…",
    "Ελληνικά, русский, العربية, עברית, हिन्दी",
    "안녕하세요",
    "1️⃣",
    "no\u{00A0}break",
  ])
  func ordinaryUnicodeIsKept(text: String) {
    let result = UntrustedText.sanitized(text)
    #expect(Array(result.utf8) == Array(text.utf8))
  }

  /// Nothing that a terminal would act on is left, whatever the mix.
  @Test func noControlScalarSurvivesAMaliciousQuote() {
    let quote =
      "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H\u{9B}31m\u{07}Be \u{202E}yourself\u{202C};"
      + "\u{1B}]8;;http://x\u{1B}\\everyone\u{1B}]8;;\u{1B}\\ else\u{9D}is taken"
    let result = UntrustedText.sanitized(quote)
    #expect(result == "Be yourself;everyone else")
    let forbidden = result.unicodeScalars.filter {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
    }
    #expect(forbidden.isEmpty)
  }

  /// Keeping lines: every line break becomes one line feed (CR LF in a CSV export too), tabs
  /// stay, and everything else is sanitized as on one line.
  @Test(arguments: [
    ("a,b\r\nc,d\r\n", "a,b\nc,d\n"),
    ("one\rtwo\nthree", "one\ntwo\nthree"),
    ("\t\t-- Rumi\n", "\t\t-- Rumi\n"),
    ("x\u{1B}[31my\n\u{0B}z\u{7F}", "xy\n z"),
    ("plain", "plain"),
  ])
  func keepingLines(input: String, expected: String) {
    #expect(UntrustedText.sanitizedKeepingLines(input) == expected)
  }

  /// The one line and the kept lines agree on everything but line breaks and tabs.
  @Test func keepingLinesAgreesWithOneLine() {
    let text = "Be\u{1B}]0;x\u{07} \u{202E}yourself\u{9B}1m, \u{00E9}\u{0301} 你好 👍"
    #expect(UntrustedText.sanitizedKeepingLines(text) == UntrustedText.sanitized(text))
  }
}
