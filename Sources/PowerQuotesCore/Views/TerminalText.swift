/// Pure functions that lay text out in terminal columns: width, wrapping, truncating, padding.
///
/// Views clean untrusted text with ``UntrustedText/sanitized(_:)`` first and measure it here
/// after, so that a quote can neither drive the terminal nor break the layout.
public enum TerminalText {
  /// Columns the text takes in a terminal: East Asian wide/fullwidth characters and emoji take
  /// two, combining marks and zero-width characters none.
  ///
  /// Measured per grapheme cluster, so an emoji ZWJ sequence, a skin-tone emoji or a flag counts
  /// as one two-column character. Control characters count 0; sanitize first with
  /// ``UntrustedText/sanitized(_:)``.
  public static func displayWidth(_ text: String) -> Int {
    simpleWidth(text) ?? graphemeWidth(text)
  }

  /// ``displayWidth(_:)`` grapheme cluster by grapheme cluster, for any text.
  static func graphemeWidth(_ text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// Words wrapped into lines of at most `width` columns (width >= 1).
  ///
  /// Words longer than width are broken at grapheme-cluster boundaries. Whitespace runs (incl.
  /// newlines) count as one break. Empty or all-space text gives [].
  ///
  /// No-break spaces do not break. A width below 1 is treated as 1. A character wider than the
  /// whole line (a wide character at width 1) cannot be shown without overflowing, so it is left
  /// out.
  public static func wrap(_ text: String, width: Int) -> [String] {
    wrap(text, width: width, measuredBy: self.width(of:))
  }

  /// ``wrap(_:width:)`` in another measure than columns: `width` and `widthOf` in one unit (a
  /// picture card's thousandths of an em, say), a space as wide as `widthOf(" ")`.
  public static func wrap(
    _ text: String, width: Int, measuredBy widthOf: (Character) -> Int
  ) -> [String] {
    let width = max(width, 1)
    let space = widthOf(" ")
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in words(of: text) {
      let wordWidth = word.reduce(0) { $0 + widthOf($1) }
      if wordWidth <= width {
        if line.isEmpty {
          line = word
          lineWidth = wordWidth
        } else if lineWidth + space + wordWidth <= width {
          line += " " + word
          lineWidth += space + wordWidth
        } else {
          lines.append(line)
          line = word
          lineWidth = wordWidth
        }
        continue
      }
      // A word too long for any line starts a fresh one; its last piece stays open so the next
      // word can share that line.
      if !line.isEmpty { lines.append(line) }
      var pieces = pieces(of: word, width: width, measuredBy: widthOf)
      let last = pieces.popLast() ?? ""
      lines += pieces
      line = last
      lineWidth = last.reduce(0) { $0 + widthOf($1) }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The text cut to at most `width` columns, ending in "…" when it was cut.
  ///
  /// The ellipsis counts as 1 column. width <= 0 gives "". A wide character that would straddle
  /// the limit is dropped rather than overflow it, and spaces just before the ellipsis are dropped
  /// so it stays next to the last word.
  public static func truncated(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard let textWidth = simpleWidth(text) else { return graphemeTruncated(text, width: width) }
    if textWidth <= width { return text }
    // One column per scalar, each its own character: cut by count, without grapheme breaking.
    var kept =
      textWidth == text.utf8.count
      ? Substring(text.utf8.prefix(width - 1)) : Substring(text.unicodeScalars.prefix(width - 1))
    // The only white space simple text holds: space and no-break space.
    while let last = kept.unicodeScalars.last, last == " " || last == "\u{A0}" {
      kept.unicodeScalars.removeLast()
    }
    // Appended to a String: `Substring + String` would count the substring's characters first.
    var result = String(kept)
    result += "…"
    return result
  }

  /// ``truncated(_:width:)`` grapheme cluster by grapheme cluster, for any text, in columns or
  /// in the measure `widthOf` gives (as ``wrap(_:width:measuredBy:)``'s).
  static func graphemeTruncated(
    _ text: String, width: Int, measuredBy widthOf: (Character) -> Int = width(of:)
  ) -> String {
    guard width > 0 else { return "" }
    if text.reduce(0, { $0 + widthOf($1) }) <= width { return text }
    let budget = width - widthOf("…")
    var kept = ""
    var keptWidth = 0
    for character in text {
      let characterWidth = widthOf(character)
      // Stop at the first character that does not fit, even if a narrower one after it would:
      // skipping it would show text that was never there.
      if keptWidth + characterWidth > budget { break }
      kept.append(character)
      keptWidth += characterWidth
    }
    while let last = kept.last, last.isWhitespace { kept.removeLast() }
    return kept + "…"
  }

  /// What a table cell shows: ``truncated(_:width:)`` of ``UntrustedText/sanitized(_:)``, and
  /// its width.
  ///
  /// Simple text is measured once, not once per step.
  static func fitted(_ text: String, width: Int) -> (text: String, width: Int) {
    guard width > 0, let textWidth = simpleWidth(text) else {
      let fitted = truncated(UntrustedText.sanitized(text), width: width)
      return (fitted, displayWidth(fitted))
    }
    if textWidth <= width { return (text, textWidth) }
    let fitted = truncated(text, width: width)
    // Simple text cut: its kept scalars are one column each, and the ellipsis one more (three
    // UTF-8 bytes); ASCII text is counted in bytes without decoding.
    let isASCII = textWidth == text.utf8.count
    return (fitted, isASCII ? fitted.utf8.count - 2 : fitted.unicodeScalars.count)
  }

  /// The text followed by spaces up to `width` columns (no change if already that wide or wider).
  public static func padded(_ text: String, toWidth width: Int) -> String {
    let missing = width - displayWidth(text)
    guard missing > 0 else { return text }
    return text + String(repeating: " ", count: missing)
  }

  /// The width of simple text, or nil for other text (see ``UntrustedText/simpleLength(_:)``):
  /// each of its scalars is one column wide.
  static func simpleWidth(_ text: String) -> Int? {
    UntrustedText.simpleLength(text)
  }

  // MARK: - Widths

  /// Columns one grapheme cluster takes: 0, 1 or 2.
  static func width(of character: Character) -> Int {
    var previous: Unicode.Scalar?
    var allZeroWidth = true
    for scalar in character.unicodeScalars {
      if isWide(scalar) || scalar.properties.isEmojiPresentation { return 2 }
      // VS16 asks for emoji presentation, which terminals draw two columns wide.
      if scalar.value == 0xFE0F, let previous, previous.properties.isEmoji { return 2 }
      if !isZeroWidth(scalar) { allZeroWidth = false }
      previous = scalar
    }
    return allZeroWidth ? 0 : 1
  }

  /// Whether the scalar is East Asian Wide or Fullwidth (the main ranges).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x2_0000...0x2_FFFD, 0x3_0000...0x3_FFFD:
      true
    default:
      false
    }
  }

  /// Whether the scalar takes no column of its own: a mark, a format or control character, or a
  /// zero-width space or joiner.
  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    if (0x200B...0x200D).contains(scalar.value) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return true
    default: return false
    }
  }

  // MARK: - Wrapping

  /// The words of the text: the runs between breaking whitespace.
  private static func words(of text: String) -> [String] {
    text.split(whereSeparator: isBreakingSpace).map(String.init)
  }

  /// Whether the character is whitespace a line may break at.
  ///
  /// No-break spaces are excluded, because they exist to keep their neighbours on one line.
  private static func isBreakingSpace(_ character: Character) -> Bool {
    guard character.isWhitespace else { return false }
    switch character {
    case "\u{00A0}", "\u{2007}", "\u{202F}": return false
    default: return true
    }
  }

  /// A word too long for one line, cut into pieces of at most `width` columns (or units).
  ///
  /// Cuts fall between grapheme clusters. Characters wider than `width` are left out, as no line
  /// could hold them.
  private static func pieces(
    of word: String, width: Int, measuredBy widthOf: (Character) -> Int
  ) -> [String] {
    var pieces: [String] = []
    var piece = ""
    var pieceWidth = 0
    for character in word {
      let characterWidth = widthOf(character)
      if characterWidth > width { continue }
      if pieceWidth + characterWidth > width {
        pieces.append(piece)
        piece = ""
        pieceWidth = 0
      }
      piece.append(character)
      pieceWidth += characterWidth
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
  }
}
