import Testing

@testable import PowerQuotesCore

/// Tests for ``TerminalText``: measuring text and laying it out in columns.
@Suite struct TerminalTextTests {
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

  @Test("Wrapping in another measure: a wide letter takes more of the line, a space its own")
  func wrapsByAMeasure() {
    // W is three units, other letters one, a space two: "WW ab" is 6 + 2 + 2 units, "cd WWW" 13.
    let measure: (Character) -> Int = { $0 == "W" ? 3 : $0 == " " ? 2 : 1 }
    #expect(
      TerminalText.wrap("WW ab cd WWW", width: 10, measuredBy: measure) == ["WW ab", "cd", "WWW"])
    #expect(TerminalText.wrap("WWWW", width: 7, measuredBy: measure) == ["WW", "WW"])
    #expect(
      TerminalText.graphemeTruncated("WWW ab", width: 8, measuredBy: measure) == "WW…")
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
