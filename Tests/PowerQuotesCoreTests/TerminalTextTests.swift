import Testing

@testable import PowerQuotesCore

/// Tests for ``TerminalText``: sanitizing untrusted text, measuring it, and laying it out.
@Suite struct TerminalTextTests {
  // MARK: - sanitized

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
    #expect(TerminalText.sanitized(input) == expected)
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
    #expect(TerminalText.sanitized(input) == expected)
  }

  /// Bidirectional controls that could reorder what is displayed ("Trojan Source") go.
  @Test(arguments: [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ])
  func bidiControlsAreRemoved(control: String) {
    #expect(TerminalText.sanitized("safe\(control)text") == "safetext")
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
    let result = TerminalText.sanitized(text)
    #expect(Array(result.utf8) == Array(text.utf8))
  }

  /// Nothing that a terminal would act on is left, whatever the mix.
  @Test func noControlScalarSurvivesAMaliciousQuote() {
    let quote =
      "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H\u{9B}31m\u{07}Be \u{202E}yourself\u{202C};"
      + "\u{1B}]8;;http://x\u{1B}\\everyone\u{1B}]8;;\u{1B}\\ else\u{9D}is taken"
    let result = TerminalText.sanitized(quote)
    #expect(result == "Be yourself;everyone else")
    let forbidden = result.unicodeScalars.filter {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
    }
    #expect(forbidden.isEmpty)
  }

  // MARK: - displayWidth

  /// Narrow, wide, emoji, flags and combining marks measure as a terminal draws them.
  @Test(arguments: [
    ("", 0),
    ("abc", 3),
    ("你好", 4),
    ("안녕", 4),
    ("ｆｕｌｌ", 8),
    ("👍", 2),
    ("👍🏽", 2),
    ("👨‍👩‍👧", 2),
    ("🇫🇷", 2),
    ("e\u{301}", 1),
    ("\u{301}", 0),
    ("❤️", 2),
    ("❤", 1),
    ("1️⃣", 2),
    ("a\u{200B}b", 2),
    ("\u{200D}", 0),
    ("Umar ibn Al-Khattāb", 19),
    ("你好 world", 10),
  ])
  func displayWidth(text: String, expected: Int) {
    #expect(TerminalText.displayWidth(text) == expected)
  }

  // MARK: - wrap

  /// Words fill lines greedily, keep their order, and no line is wider than asked.
  @Test func wrapsWordsGreedily() {
    let text = "The quick brown fox jumps over the lazy dog"
    let lines = TerminalText.wrap(text, width: 10)
    #expect(lines == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
    #expect(lines.joined(separator: " ") == text)
  }

  /// Runs of spaces, tabs and newlines are one break each.
  @Test func whitespaceRunsAreOneBreak() {
    let lines = TerminalText.wrap("  one \n\n two\t\tthree  ", width: 80)
    #expect(lines == ["one two three"])
  }

  /// Ten CJK characters (20 columns) at width 7 make lines of three characters at most.
  @Test func wrapsCJKWithoutSpaces() {
    let text = "一二三四五六七八九十"
    let lines = TerminalText.wrap(text, width: 7)
    #expect(lines == ["一二三", "四五六", "七八九", "十"])
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 7 })
    #expect(lines.joined() == text)
  }

  /// A word longer than the line is broken into pieces, and the next word may share its last one.
  @Test func breaksLongWords() {
    let lines = TerminalText.wrap("a supercalifragilistic word", width: 8)
    #expect(lines == ["a", "supercal", "ifragili", "stic", "word"])
    #expect(TerminalText.wrap("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
    #expect(TerminalText.wrap("abcdefghij x", width: 4) == ["abcd", "efgh", "ij x"])
  }

  /// Long words break between grapheme clusters, never inside one.
  @Test func breaksAtGraphemeClusters() {
    let lines = TerminalText.wrap("e\u{301}e\u{301}e\u{301}👨‍👩‍👧👨‍👩‍👧", width: 2)
    #expect(lines == ["e\u{301}e\u{301}", "e\u{301}", "👨‍👩‍👧", "👨‍👩‍👧"])
  }

  /// Width 1 puts one narrow character on each line; wide characters cannot fit and are left out.
  @Test func widthOneWorks() {
    #expect(TerminalText.wrap("ab c", width: 1) == ["a", "b", "c"])
    let mixed = TerminalText.wrap("a你b", width: 1)
    #expect(mixed == ["a", "b"])
    #expect(TerminalText.wrap("你好", width: 1) == [])
  }

  /// Empty and all-space text wrap to no lines at all.
  @Test(arguments: ["", " ", "   ", "\n\t \n"])
  func emptyTextGivesNoLines(text: String) {
    #expect(TerminalText.wrap(text, width: 10) == [])
  }

  /// A no-break space keeps its neighbours together.
  @Test func noBreakSpaceDoesNotBreak() {
    #expect(TerminalText.wrap("ab 10\u{00A0}km", width: 6) == ["ab", "10\u{00A0}km"])
  }

  /// Property: at every width from 1 to 40, every line of every sample fits, no line is empty,
  /// and when every character fits on a line, nothing but whitespace is lost.
  @Test(arguments: 1...40)
  func wrappedLinesAlwaysFit(width: Int) {
    let samples = [
      "Umar ibn Al-Khattāb said: “Take account of yourselves before you are taken to account.”",
      "你好，世界！这是一个没有空格的很长的中文句子。",
      "Mixed 你好 words and emoji 👍🏽 👨‍👩‍👧 🇫🇷 ❤️ with e\u{301}accents.",
      "Antidisestablishmentarianism-and-pneumonoultramicroscopicsilicovolcanoconiosis",
      "short",
      "  spaces\t\tand\nnew\n\nlines  ",
      "안녕하세요 세계 ｆｕｌｌｗｉｄｔｈ text",
    ]
    for sample in samples {
      let lines = TerminalText.wrap(sample, width: width)
      for line in lines {
        #expect(TerminalText.displayWidth(line) <= width, "\(line.debugDescription) at \(width)")
        #expect(!line.isEmpty)
      }
      let widest = sample.map { TerminalText.displayWidth(String($0)) }.max() ?? 0
      if widest <= width {
        #expect(!lines.isEmpty)
        let strip: (String) -> String = { String($0.filter { !$0.isWhitespace }) }
        #expect(strip(lines.joined()) == strip(sample))
      }
    }
  }

  // MARK: - truncated

  /// Text that fits is unchanged; text that does not is cut and ends in an ellipsis.
  @Test(arguments: [
    ("hello", 5, "hello"),
    ("hello", 10, "hello"),
    ("hello world", 8, "hello w…"),
    ("hello world", 7, "hello…"),
    ("hello", 1, "…"),
    ("hello", 0, ""),
    ("hello", -3, ""),
    ("", 0, ""),
    ("", 4, ""),
    ("你好世界", 8, "你好世界"),
    ("你好世界", 7, "你好世…"),
    ("你好世界", 6, "你好…"),
    ("你好世界", 2, "…"),
    ("a你好", 3, "a…"),
    ("👍🏽👍🏽👍🏽", 4, "👍🏽…"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
  ])
  func truncated(text: String, width: Int, expected: String) {
    let result = TerminalText.truncated(text, width: width)
    #expect(result == expected)
    #expect(TerminalText.displayWidth(result) <= max(width, 0))
  }

  /// Cut text never exceeds its width, and falls short by one column at most (a dropped wide
  /// character).
  @Test(arguments: 1...12)
  func truncatedNeverExceedsWidth(width: Int) {
    for text in ["你好世界你好世界", "a你好世界你好世界", "abcdefghijklmnop", "👨‍👩‍👧a👨‍👩‍👧b👨‍👩‍👧c👨‍👩‍👧"] {
      let result = TerminalText.truncated(text, width: width)
      #expect(TerminalText.displayWidth(result) <= width)
      #expect(TerminalText.displayWidth(result) >= width - 1)
      #expect(result.hasSuffix("…") == (TerminalText.displayWidth(text) > width))
    }
  }

  // MARK: - padded

  /// Padding counts columns, not characters, and never shortens.
  @Test(arguments: [
    ("abc", 6, "abc   "),
    ("abc", 3, "abc"),
    ("abcdef", 3, "abcdef"),
    ("", 2, "  "),
    ("你好", 6, "你好  "),
    ("你好", 4, "你好"),
    ("👨‍👩‍👧", 3, "👨‍👩‍👧 "),
    ("e\u{301}", 3, "e\u{301}  "),
    ("abc", 0, "abc"),
    ("abc", -1, "abc"),
  ])
  func padded(text: String, width: Int, expected: String) {
    let result = TerminalText.padded(text, toWidth: width)
    #expect(result == expected)
    #expect(TerminalText.displayWidth(result) == max(width, TerminalText.displayWidth(text)))
  }
}
