import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document as an XML parser reads it: each element with its attributes, and the text
/// of each `<text>` element.
private final class ParsedSVG: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The attributes of the elements around it, nearest last (for inherited fonts).
    var inherited: [String: String]
  }
  private(set) var elements: [Element] = []
  /// The text of each `<text>` element, in order.
  private(set) var texts: [String] = []
  private var stack: [[String: String]] = []
  private var text: String?

  init(_ svg: String) throws {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw NotWellFormed(reason: parser.parserError.map { "\($0)" } ?? "?")
    }
  }

  var root: Element { elements[0] }
  /// The `<text>` elements with what they show.
  var textElements: [(element: Element, text: String)] {
    Array(zip(elements.filter { $0.name == "text" }, texts))
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let inherited = stack.reduce(into: [String: String]()) { $0.merge($1) { _, new in new } }
    elements.append(Element(name: name, attributes: attributes, inherited: inherited))
    stack.append(attributes)
    if name == "text" { text = "" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text? += string
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    stack.removeLast()
    if name == "text", let text {
      texts.append(text)
      self.text = nil
    }
  }
}

/// An SVG the parser refused.
private struct NotWellFormed: Error {
  var reason: String
}

@Suite("Picture cards: the SVG")
struct CardImageViewTests {
  private func card(
    _ text: String, author: String = "Rumi", work: String = "", size: CardSize = .square,
    theme: CardTheme = .blue
  ) throws -> ParsedSVG {
    try ParsedSVG(
      CardImageView.svg(text: text, author: author, work: work, size: size, theme: theme))
  }

  /// The quote's lines: the texts between the heading and the author.
  private func quoteLines(_ svg: ParsedSVG) -> [(element: ParsedSVG.Element, text: String)] {
    svg.textElements.filter { $0.element.inherited["font-style"] == nil }.dropFirst().dropLast()
  }

  @Test(
    "A card is well-formed SVG of its size with the heading, the quote, the author and the wordmark"
  )
  func layout() throws {
    let svg = try card(Samples.rumi.text)
    #expect(svg.root.name == "svg")
    #expect(svg.root.attributes["width"] == "1080")
    #expect(svg.root.attributes["height"] == "1080")
    #expect(svg.root.attributes["viewBox"] == "0 0 1080 1080")
    let texts = svg.texts
    #expect(texts.first == "Dear Self,")
    #expect(texts.last == "powerquotes")
    #expect(texts.contains("— Rumi"))
    #expect(quoteLines(svg).map(\.text).joined(separator: " ") == Samples.rumi.text)
    // Each line fits between the margins, by the fonts' widths.
    for (element, text) in quoteLines(svg) {
      let fontSize = try #require(element.inherited["font-size"].flatMap(Double.init))
      let x = try #require(element.attributes["x"].flatMap(Double.init))
      #expect(x + CardImageView.width(of: text, fontSize: fontSize) <= 1080 - x)
    }
  }

  @Test(
    "Every size lays the card out inside it",
    arguments: [
      CardSize.square, CardSize(width: 1080, height: 1350), .wide,
      CardSize(width: 480, height: 4096),
    ])
  func sizes(size: CardSize) throws {
    let svg = try card(Samples.rumi.text, size: size)
    #expect(svg.root.attributes["width"] == "\(size.width)")
    #expect(svg.root.attributes["height"] == "\(size.height)")
    for (element, _) in svg.textElements {
      let y = try #require(element.attributes["y"].flatMap(Double.init))
      #expect(y > 0 && y < Double(size.height))
    }
  }

  @Test("A long quote gets a smaller font; one too long even at the smallest is refused")
  func fitting() throws {
    func fontSize(_ text: String) throws -> Double {
      let line = try #require(quoteLines(try card(text)).first)
      return try #require(line.element.inherited["font-size"].flatMap(Double.init))
    }
    let long = String(repeating: "Know thyself, and be patient with what you find. ", count: 8)
    #expect(try fontSize("Know thyself.") == 81)
    #expect(try fontSize(long) < 81)
    #expect(try fontSize(long) >= 28)
    let tooLong = String(repeating: "Know thyself, and be patient with what you find. ", count: 40)
    let error = #expect(throws: CardImageError.self) { try card(tooLong) }
    #expect(
      error?.errorDescription
        == "This quote (\(tooLong.trimmed.count) characters) is too long for a 1080x1080 card even "
        + "in its smallest readable type. Try a taller card (--size 1080x1350, or 1080x1920: the "
        + "type grows with the card's width, so a larger square holds no more), or share it as "
        + "text.")
    // As it says: a larger square refuses it too, a taller card takes it.
    #expect(throws: CardImageError.self) {
      try card(tooLong, size: CardSize(width: 4096, height: 4096))
    }
    _ = try card(tooLong, size: CardSize(width: 1080, height: 1920))
    // A taller card holds more.
    let taller = String(repeating: "Know thyself, and be patient with what you find. ", count: 24)
    #expect(throws: CardImageError.self) { try card(taller) }
    _ = try card(taller, size: CardSize(width: 1080, height: 2400))
  }

  @Test("Hostile text shows as the characters it is: escaped, cleaned, no markup of its own")
  func hostile() throws {
    let text =
      "<script>alert(1)</script> & ]]> \"x\" 'y' <![CDATA[ z ]]> \u{1B}]0;pwned\u{07}"
      + "\u{1B}[31mred\u{1B}[0m \u{202E}reversed \u{FFFE}end"
    let author = "<foreignObject>Eve</foreignObject> & <a href=\"http://example.com\">x</a>"
    let work = "<image href=\"file:///etc/passwd\"/>"
    let raw = try CardImageView.svg(
      text: text, author: author, work: work, size: .square, theme: .dark)
    let svg = try ParsedSVG(raw)
    #expect(
      quoteLines(svg).map(\.text).joined(separator: " ")
        == "<script>alert(1)</script> & ]]> \"x\" 'y' <![CDATA[ z ]]> red reversed end")
    #expect(
      svg.textElements.contains { $0.text.hasPrefix("— <foreignObject>Eve</foreignObject>") })
    // Only the card's own elements, and no attribute that could load or run anything.
    #expect(Set(svg.elements.map(\.name)).isSubset(of: ["svg", "rect", "g", "text"]))
    for element in svg.elements {
      for (name, value) in element.attributes {
        #expect(!name.lowercased().hasPrefix("on"))
        #expect(!name.lowercased().contains("href"))
        #expect(!value.contains("url("))
      }
    }
    #expect(!raw.contains("<script"))
    #expect(!raw.contains("<foreignObject"))
    #expect(!raw.contains("<!"))
    #expect(!raw.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    // The namespace is the one URL among the attributes.
    let urls = svg.elements.flatMap { $0.attributes.values.filter { $0.contains("://") } }
    #expect(urls.allSatisfy { $0 == "http://www.w3.org/2000/svg" })
  }

  @Test("A word is not broken while a smaller font keeps it whole")
  func wholeWords() throws {
    let lines = quoteLines(try card("Rindfleischetikettierung is a long word."))
    #expect(lines.first?.text.hasPrefix("Rindfleischetikettierung") == true)
  }

  @Test("Wide characters count two columns: a Japanese quote breaks into more lines")
  func wide() throws {
    let japanese = String(repeating: "七転び八起き。", count: 12)
    let latin = String(repeating: "nanakorobi ", count: 8)
    let wideLines = quoteLines(try card(japanese))
    let latinLines = quoteLines(try card(latin))
    #expect(wideLines.map(\.text).joined() == japanese)
    #expect(latinLines.count >= 1)
    for (element, text) in wideLines {
      let fontSize = try #require(element.inherited["font-size"].flatMap(Double.init))
      // A wide character is one em: two columns.
      #expect(Double(text.count) * fontSize <= 1080 - 2 * 97)
    }
  }

  @Test("No line starts with a closing mark: it stays with the line before")
  func closingMarks() {
    #expect(
      CardImageView.keepingClosingMarks(["七転び八起き", "。人生は", "」、一度"])
        == ["七転び八起き。", "人生は」、", "一度"])
    #expect(CardImageView.keepingClosingMarks(["。", "a"]) == ["。", "a"])
    #expect(CardImageView.keepingClosingMarks(["ab", "。"]) == ["ab。"])
  }

  @Test("Right-to-left text is laid out right to left, from the right margin")
  func rightToLeft() throws {
    let svg = try card("الصبر مفتاح الفرج، ومن صبر ظفر", author: "مثل عربي")
    let lines = quoteLines(svg)
    #expect(!lines.isEmpty)
    for (element, _) in lines {
      #expect(element.attributes["direction"] == "rtl")
      #expect(element.attributes["unicode-bidi"] == "embed")
      #expect(element.attributes["x"] == "983")
    }
    let author = try #require(svg.textElements.first { $0.text == "— مثل عربي" })
    #expect(author.element.attributes["direction"] == "rtl")
    // Latin text is not.
    let latin = try card(Samples.rumi.text)
    #expect(quoteLines(latin).allSatisfy { $0.element.attributes["direction"] == nil })
  }

  @Test("A quote's lines share its direction: an Arabic line of a Latin quote starts at the left")
  func oneDirectionPerQuote() throws {
    let mixed = "Tomorrow belongs to those who prepare for it today — غدًا لمن يستعد له اليوم"
    let lines = quoteLines(try card(mixed))
    #expect(lines.contains { CardImageView.isRightToLeft($0.text) })
    for (element, _) in lines {
      #expect(element.attributes["direction"] == nil)
      #expect(element.attributes["x"] == "97")
    }
    let arabicFirst = quoteLines(try card("غدًا لمن يستعد له اليوم — " + Samples.rumi.text))
    #expect(arabicFirst.contains { !CardImageView.isRightToLeft($0.text) })
    #expect(arabicFirst.allSatisfy { $0.element.attributes["direction"] == "rtl" })
  }

  @Test("The work follows the author; a card without either has no attribution")
  func attribution() throws {
    #expect(CardImageView.attributionLine(author: "Seneca", work: "Letters") == "— Seneca, Letters")
    #expect(CardImageView.attributionLine(author: " Seneca ", work: "") == "— Seneca")
    #expect(CardImageView.attributionLine(author: "", work: "") == "")
    let svg = try card("Know thyself.", author: "")
    #expect(svg.texts == ["Dear Self,", "Know thyself.", "powerquotes"])
  }

  @Test("Each theme has its own colours", arguments: CardTheme.allCases)
  func themes(theme: CardTheme) throws {
    let svg = try card("Know thyself.", theme: theme)
    let background = try #require(svg.elements.first { $0.name == "rect" }?.attributes["fill"])
    #expect(background == theme.colors.background)
    let others = CardTheme.allCases.filter { $0 != theme }.map(\.colors.background)
    #expect(!others.contains(background))
  }

  @Test("--size takes WIDTHxHEIGHT within bounds, and nothing else")
  func sizeParsing() {
    #expect(CardSize(parsing: "1080x1350") == CardSize(width: 1080, height: 1350))
    #expect(CardSize(parsing: "1920X1080") == .wide)
    #expect(CardSize(parsing: "480×4096") == CardSize(width: 480, height: 4096))
    for nonsense in [
      "", "x", "abc", "1080", "1080x", "x1080", "0x0", "479x1080", "1080x4097", "-1080x1080",
      "+1080x1080", "1080x1080x3", " 1080x1080", "1e3x1080", "99999999999999999999x1080",
      "١٠٨٠x١٠٨٠",
    ] {
      #expect(CardSize(parsing: nonsense) == nil, "\(nonsense)")
    }
  }

  @Test("The format comes from the file's extension")
  func formats() {
    #expect(CardFormat(path: "card.png") == .png)
    #expect(CardFormat(path: "out/Card.SVG") == .svg)
    #expect(CardFormat(path: "card.jpg") == nil)
    #expect(CardFormat(path: "card") == nil)
    #expect(CardFormat(path: ".png") == nil)
    #expect(CardFormat(path: "cards.png/") == nil)
  }
}
