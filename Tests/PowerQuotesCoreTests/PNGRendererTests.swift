import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite("Picture cards: the PNG, drawn by librsvg")
struct PNGRendererTests {
  /// The theme's background as red, green, blue.
  private func rgb(_ hex: String) -> [UInt8] {
    let value = Int(hex.dropFirst(), radix: 16) ?? 0
    return [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// `svg` without its `<text>` elements: the same card with no words on it.
  private func withoutText(_ svg: String) -> String {
    svg.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("<text") }
      .joined(separator: "\n")
  }

  @Test("A PNG card has the card's size, and its words are drawn", arguments: CardTheme.allCases)
  func drawn(theme: CardTheme) throws {
    for size in [CardSize.square, .wide] {
      let svg = try CardImageView.svg(
        text: Samples.rumi.text, author: "Rumi", size: size, theme: theme)
      let card = try DecodedPNG(try PNGRenderer.live.png(svg: svg, size: size))
      let blank = try DecodedPNG(try PNGRenderer.live.png(svg: withoutText(svg), size: size))
      #expect(card.width == size.width)
      #expect(card.height == size.height)
      // The corner is the background, opaque.
      #expect(Array(card.pixel(x: 2, y: 2).prefix(3)) == rgb(theme.colors.background))
      if card.channels == 4 { #expect(card.pixel(x: 2, y: 2).last == 255) }
      // The frame alone leaves little ink; the words leave far more (Rumi's 74 characters at
      // this size are tens of thousands of pixels).
      let background = rgb(theme.colors.background)
      let ink = card.count(differingFrom: background, tolerance: 12)
      let frameInk = blank.count(differingFrom: background, tolerance: 12)
      #expect(frameInk > 0)
      #expect(ink > frameInk + 20_000, "\(ink) against \(frameInk)")
      // Some of that ink is the text's own colour.
      #expect(
        card.count(differingFrom: rgb(theme.colors.text), tolerance: 10) < card.width * card.height)
    }
  }

  @Test(
    "Capitals and wide letters stay inside the margins, by the fonts' own widths",
    arguments: [CardSize.square, .wide])
  func margins(size: CardSize) throws {
    let text = "WE MUST WWWWWW MMMMMM WOMBAT MAMMOTH WHAM MEMO WOW MUM, MMMM WWWW"
    let svg = try CardImageView.svg(
      text: text, author: "WWW MMM", work: "MOMENTUM", size: size, theme: .blue)
    let card = try DecodedPNG(try PNGRenderer.live.png(svg: svg, size: size))
    // Between the text's right margin (9% of the shorter side) and the frame (3.5%), away from
    // the frame's rounded corners: nothing but the background.
    let short = Double(min(size.width, size.height))
    let band = size.width - Int(short * 0.088)..<size.width - Int(short * 0.045)
    let rows = Int(short * 0.1)..<size.height - Int(short * 0.1)
    let background = rgb(CardTheme.blue.colors.background)
    #expect(card.count(differingFrom: background, tolerance: 12, columns: band, rows: rows) == 0)
    // And the words are there: the ink is the text's.
    #expect(card.count(differingFrom: background, tolerance: 12, rows: rows) > 20_000)
  }

  @Test("An Arabic line of a Latin quote is drawn inside the card, from the left margin")
  func mixedDirections() throws {
    let text = "Tomorrow belongs to those who prepare for it today — غدًا لمن يستعد له اليوم"
    let svg = try CardImageView.svg(text: text, author: "Malcolm X", size: .square, theme: .light)
    let card = try DecodedPNG(try PNGRenderer.live.png(svg: svg, size: .square))
    // Between the frame (3.5% of the side) and the left margin (9%): nothing but background.
    let background = rgb(CardTheme.light.colors.background)
    #expect(
      card.count(differingFrom: background, tolerance: 12, columns: 49..<95, rows: 108..<972) == 0)
  }

  @Test("A longer quote leaves more ink: the words, not a fixed picture, are drawn")
  func moreWordsMoreInk() throws {
    func ink(_ text: String) throws -> Int {
      let svg = try CardImageView.svg(text: text, author: "", size: .square, theme: .light)
      let card = try DecodedPNG(try PNGRenderer.live.png(svg: svg, size: .square))
      return card.count(differingFrom: rgb(CardTheme.light.colors.background))
    }
    // The same font size for both (two short lines), so more letters mean more ink.
    let one = try ink("Know thyself.")
    let two = try ink("Know thyself. Know thyself.")
    #expect(two > one + one / 4, "\(two) against \(one)")
  }

  @Test("Hostile text draws as text: no file is read, nothing is run")
  func hostile() throws {
    let text = "<image href=\"file:///etc/passwd\"/> <script>alert(1)</script> ]]> & \u{1B}[2J"
    let svg = try CardImageView.svg(text: text, author: "Eve", size: .square, theme: .blue)
    let card = try DecodedPNG(try PNGRenderer.live.png(svg: svg, size: .square))
    #expect(card.width == 1080)
  }

  @Test("SVG librsvg cannot read: a sentence with its reason")
  func brokenSVG() {
    let error = #expect(throws: PNGRendererError.self) {
      try PNGRenderer.live.png(svg: "<svg", size: .square)
    }
    #expect(
      error?.errorDescription?.hasPrefix("Could not draw the PNG card: librsvg refused the SVG:")
        == true)
  }

  @Test("A library that is not there: one sentence naming Debian's package")
  func missingLibrary() throws {
    let renderer = PNGRenderer(library: "libpowerquotes-missing-rsvg.so.2")
    let svg = try CardImageView.svg(text: "Know thyself.", author: "", size: .square, theme: .blue)
    let error = #expect(throws: PNGRendererError.self) {
      try renderer.png(svg: svg, size: .square)
    }
    guard case .noLibrary(let reason) = error else {
      Issue.record("expected .noLibrary, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("libpowerquotes-missing-rsvg.so.2"))
    #expect(
      error?.errorDescription
        == "powerquotes draws PNG cards with librsvg, and it could not be loaded (\(reason)). "
        + "Install it (apt-get install librsvg2-2), or write an .svg card.")
    // The real one still loads after a failed one.
    #expect(try DecodedPNG(try PNGRenderer.live.png(svg: svg, size: .square)).width == 1080)
  }
}
