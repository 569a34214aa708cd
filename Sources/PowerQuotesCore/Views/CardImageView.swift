/// The "Dear Self," card as a picture: an SVG document, which ``PNGRenderer`` can draw as PNG.
///
/// The terminal card's layout on a page: the heading at the top, the quote wrapped and sized
/// to fill the space between (a long quote gets a smaller font, down to a readable minimum),
/// `— Author` below it at the end of the line, and a small wordmark in the bottom corner.
///
/// Lines are broken by ``TerminalText/wrap(_:width:measuredBy:)`` by each character's width in
/// the serif fonts a card is drawn with (``advance(of:)``), so that a line of capitals fits as
/// well as one of small letters. Every piece of text is cleaned with
/// ``UntrustedText/sanitized(_:)`` and escaped; the document holds no script, no link to
/// anything outside it and no `foreignObject`. Right-to-left text is laid out right to left
/// (`direction="rtl"`) and aligned to the right.
public enum CardImageView {
  /// The heading every card starts with, as the terminal card's.
  public static let heading = "Dear Self,"
  /// The small name in the bottom corner.
  public static let wordmark = "powerquotes"

  /// The quote's font size, as a share of the card's shorter side: the largest a short quote
  /// gets, and the smallest a long one gets before it is refused (28 px on a 1080 px card).
  static let largestQuoteSize = 0.075
  static let smallestQuoteSize = 0.026
  /// How wide a character is drawn, in thousandths of an em.
  ///
  /// The wider of DejaVu Serif's and Noto Serif's advance (upright or italic), so that a line
  /// fits in either, and in the narrower serifs a viewer may choose. Printable ASCII from those
  /// fonts' own tables; other characters by kind.
  static func advance(of character: Character) -> Int {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
      return Int(asciiAdvances[Int(ascii) - 0x20])
    }
    switch TerminalText.width(of: character) {
    case 0: return 0
    case 2: return 1000
    default:
      // The widest Latin, Greek and Cyrillic capitals average 0.83 em, small letters 0.7.
      return character.isUppercase ? 840 : 700
    }
  }

  /// ``advance(of:)`` of " " through "~".
  private static let asciiAdvances: [UInt16] = [
    318, 402, 460, 838, 636, 950, 890, 275, 390, 390, 500, 838, 318, 338, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 536, 1000, 722, 735, 765,
    802, 730, 694, 799, 872, 395, 401, 747, 664, 1024, 875, 820, 673, 820, 753, 685, 667, 843,
    722, 1047, 712, 660, 695, 390, 337, 390, 838, 500, 500, 596, 640, 560, 640, 592, 370, 640,
    644, 320, 310, 606, 320, 948, 645, 602, 640, 640, 478, 513, 402, 644, 579, 862, 578, 565,
    527, 636, 559, 636, 838,
  ]

  /// The width of `text` at `fontSize` pixels, by ``advance(of:)``.
  static func width(of text: String, fontSize: Double) -> Double {
    Double(text.reduce(0) { $0 + advance(of: $1) }) * fontSize / 1000
  }

  /// Baseline to baseline, in ems.
  static let lineHeight = 1.32

  /// The SVG card for a quote.
  ///
  /// - Parameters:
  ///   - text: the quote.
  ///   - author: who said it; `— Author` goes under the quote.
  ///   - work: the book or speech it comes from, shown as `— Author, Work`; empty for none.
  ///   - size: the card's size in pixels.
  ///   - theme: its colours.
  /// - Returns: the SVG document, with a trailing newline.
  /// - Throws: ``CardImageError/quoteTooLong(characters:size:)`` when the quote does not fit
  ///   even at the smallest size.
  public static func svg(
    text: String, author: String, work: String = "", size: CardSize, theme: CardTheme
  ) throws -> String {
    let quote = UntrustedText.sanitized(text).trimmed
    let attribution = attributionLine(author: author, work: work)
    let frame = Frame(size)
    let colors = theme.colors

    // The author's lines sit above the wordmark; the quote fills what is left under the heading.
    let authorLines =
      attribution.isEmpty
      ? [] : fitted(attribution, units: units(frame.textWidth, frame.authorSize))
    let authorLast = frame.contentBottom
    let authorFirst = authorLast - Double(max(authorLines.count - 1, 0)) * frame.authorStep
    let quoteTop = frame.headingBaseline + frame.headingSize * 0.75
    let quoteBottom =
      authorLines.isEmpty ? frame.contentBottom : authorFirst - frame.authorSize * 1.9
    guard
      let layout = quoteLayout(
        quote, width: frame.textWidth, height: quoteBottom - quoteTop, short: frame.short)
    else {
      throw CardImageError.quoteTooLong(characters: quote.count, size: size)
    }

    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size.width)" height="\(size.height)" \
      viewBox="0 0 \(size.width) \(size.height)">
      <rect width="\(size.width)" height="\(size.height)" fill="\(colors.background)"/>
      <rect x="\(px(frame.inset))" y="\(px(frame.inset))" \
      width="\(px(Double(size.width) - 2 * frame.inset))" \
      height="\(px(Double(size.height) - 2 * frame.inset))" rx="\(px(frame.inset))" \
      fill="none" stroke="\(colors.frame)" stroke-width="\(px(max(2, frame.short * 0.003)))"/>
      <text x="\(px(frame.margin))" y="\(px(frame.headingBaseline))" font-family="serif" \
      font-size="\(px(frame.headingSize))" font-weight="bold" \
      fill="\(colors.heading)">\(heading)</text>

      """
    // The block of lines in the middle of the space it has.
    let blockHeight =
      Double(layout.lines.count - 1) * layout.fontSize * lineHeight + layout.fontSize
    var baseline = quoteTop + (quoteBottom - quoteTop - blockHeight) / 2 + layout.fontSize * 0.8
    svg +=
      "<g font-family=\"serif\" font-size=\"\(px(layout.fontSize))\" fill=\"\(colors.text)\">\n"
    // The quote is one paragraph: its first strong letter sets the direction of every line,
    // as the Unicode bidi algorithm sets a paragraph's, whatever script a line holds.
    let quoteIsRightToLeft = isRightToLeft(quote)
    let quoteStart = quoteIsRightToLeft ? frame.right : frame.margin
    for line in layout.lines {
      svg += self.line(
        line, x: quoteStart, y: baseline, rightToLeft: quoteIsRightToLeft, alignedToEnd: false)
      baseline += layout.fontSize * lineHeight
    }
    svg += "</g>\n"
    if !authorLines.isEmpty {
      svg += "<g font-family=\"serif\" font-size=\"\(px(frame.authorSize))\" font-style=\"italic\" "
      svg += "fill=\"\(colors.author)\">\n"
      for (index, line) in authorLines.enumerated() {
        let y = authorFirst + Double(index) * frame.authorStep
        svg += self.line(
          line, x: frame.right, y: y, rightToLeft: isRightToLeft(attribution), alignedToEnd: true)
      }
      svg += "</g>\n"
    }
    svg += "<text x=\"\(px(frame.margin))\" y=\"\(px(frame.wordmarkBaseline))\" "
    svg += "font-family=\"sans-serif\" font-size=\"\(px(frame.wordmarkSize))\" "
    svg += "letter-spacing=\"\(px(frame.wordmarkSize * 0.08))\" fill=\"\(colors.wordmark)\">"
    svg += "\(wordmark)</text>\n</svg>\n"
    return svg
  }

  /// What `share --image FILE` says once the card is written.
  public static func wrote(_ format: CardFormat, to path: String) -> String {
    "Wrote the \(format == .png ? "PNG" : "SVG") card to \(UntrustedText.sanitized(path))."
  }

  /// `— Author`, then `, Work` when there is one: the one place the attribution is worded.
  static func attributionLine(author: String, work: String) -> String {
    let author = UntrustedText.sanitized(author).trimmed
    let work = UntrustedText.sanitized(work).trimmed
    switch (author.isEmpty, work.isEmpty) {
    case (true, true): return ""
    case (false, true): return "— " + author
    case (true, false): return "— " + work
    case (false, false): return "— " + author + ", " + work
    }
  }

  // MARK: - Layout

  /// Where things go on a card of one size, in pixels.
  private struct Frame {
    let short: Double
    let margin: Double
    let inset: Double
    let right: Double
    let textWidth: Double
    let headingSize: Double
    let headingBaseline: Double
    let authorSize: Double
    let authorStep: Double
    let wordmarkSize: Double
    let wordmarkBaseline: Double
    /// The last baseline of the author's lines.
    let contentBottom: Double

    init(_ size: CardSize) {
      let width = Double(size.width)
      let height = Double(size.height)
      short = Double(min(size.width, size.height))
      margin = short * 0.09
      inset = short * 0.035
      right = width - margin
      textWidth = width - 2 * margin
      headingSize = short * 0.062
      headingBaseline = margin + headingSize * 0.9
      authorSize = short * 0.038
      authorStep = authorSize * 1.25
      wordmarkSize = short * 0.022
      wordmarkBaseline = height - margin + wordmarkSize * 0.4
      contentBottom = wordmarkBaseline - wordmarkSize * 2.2
    }
  }

  /// The quote's lines at the largest font size whose lines fit `width` x `height`.
  ///
  /// Nil when even the smallest does not. Font sizes are shares of `short`, the card's shorter side.
  private static func quoteLayout(
    _ quote: String, width: Double, height: Double, short: Double
  ) -> (lines: [String], fontSize: Double)? {
    // Whole pixels, largest first: a card's font size need not be finer than that.
    let largest = Int((short * largestQuoteSize).rounded())
    let smallest = Int((short * smallestQuoteSize).rounded())
    // A word is not broken while a smaller font keeps it whole: up to 30 columns (a long
    // German word, not a URL), and not one with wide characters (CJK text, which has no spaces
    // and may break between any two characters).
    let longestWord =
      quote.split(whereSeparator: \.isWhitespace)
      .filter { TerminalText.displayWidth(String($0)) <= min($0.count, 30) }
      .map { $0.reduce(0) { $0 + advance(of: $1) } }.max() ?? 0
    // A closing mark kept at the end of a line (below) makes it one em longer.
    let closingMarkRoom = quote.contains(where: closingMarks.contains) ? 1000 : 0
    for size in stride(from: largest, through: smallest, by: -1) {
      let fontSize = Double(size)
      let lineUnits = units(width, fontSize) - closingMarkRoom
      if lineUnits < longestWord && size > smallest { continue }
      let lines = keepingClosingMarks(
        TerminalText.wrap(quote, width: lineUnits, measuredBy: advance(of:)))
      let blockHeight = Double(max(lines.count, 1) - 1) * fontSize * lineHeight + fontSize
      if blockHeight <= height {
        return (lines, fontSize)
      }
    }
    return nil
  }

  /// `lines` with no line starting with a CJK closing mark (`。`, `、`, `」`, ...): such a mark
  /// goes back to the end of the line before, as Japanese and Chinese typesetting keep it.
  ///
  /// Only text broken inside a word can start a line with one (CJK text, with no spaces);
  /// that line then runs a character long, for which the layout leaves room.
  static func keepingClosingMarks(_ lines: [String]) -> [String] {
    var result: [String] = []
    for line in lines {
      var line = Substring(line)
      while let first = line.first, closingMarks.contains(first), !result.isEmpty {
        result[result.count - 1].append(first)
        line = line.dropFirst()
      }
      if !line.isEmpty { result.append(String(line)) }
    }
    return result
  }

  /// The marks no line may start with.
  private static let closingMarks: Set<Character> = [
    "。", "、", "，", "．", "！", "？", "：", "；", "」", "』", "）", "〕", "】", "》", "〉", "ー",
  ]

  /// At most two lines of `text`, each at most `units` thousandths of an em, the second cut
  /// with an ellipsis when more would follow.
  private static func fitted(_ text: String, units: Int) -> [String] {
    let lines = TerminalText.wrap(text, width: units, measuredBy: advance(of:))
    guard lines.count > 2 else { return lines }
    let rest = lines[1...].joined(separator: " ")
    return [lines[0], TerminalText.graphemeTruncated(rest, width: units, measuredBy: advance(of:))]
  }

  /// `width` pixels in thousandths of an em of `fontSize` pixels.
  private static func units(_ width: Double, _ fontSize: Double) -> Int {
    Int(width / fontSize * 1000)
  }

  // MARK: - Text

  /// One `<text>` line at baseline `y`: starting at `x`, or ending there when `alignedToEnd`.
  ///
  /// A line of a right-to-left paragraph is laid out right to left, from the right.
  private static func line(
    _ text: String, x: Double, y: Double, rightToLeft: Bool, alignedToEnd: Bool
  ) -> String {
    var attributes = "x=\"\(px(x))\" y=\"\(px(y))\""
    if rightToLeft {
      // With direction="rtl", text-anchor's start is the right end of the line.
      attributes += " direction=\"rtl\" unicode-bidi=\"embed\" text-anchor=\"start\""
    } else if alignedToEnd {
      attributes += " text-anchor=\"end\""
    }
    return "<text \(attributes)>\(escaped(text))</text>\n"
  }

  /// Whether the text's first strong letter is from a right-to-left script (Hebrew, Arabic,
  /// Syriac, Thaana, N'Ko and the others of Unicode's right-to-left blocks).
  static func isRightToLeft(_ text: String) -> Bool {
    for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
      switch scalar.value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF,
        0x1_E800...0x1_EFFF:
        return true
      default:
        return false
      }
    }
    return false
  }

  /// `text` as XML character data or an attribute value.
  ///
  /// The five special characters become entities, and the two code points XML cannot hold
  /// (U+FFFE, U+FFFF) are left out. Control
  /// characters, which XML cannot hold either, are gone already (sanitized).
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\u{FFFE}", "\u{FFFF}": break
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A length in whole pixels.
  private static func px(_ value: Double) -> Int { Int(value.rounded()) }
}
