import Foundation

/// The normalized form of a quote and its author that decides what is a duplicate.
///
/// Both parts are Unicode-normalized (NFKC), case-folded, with curly and straight quote marks made
/// alike and runs of white space collapsed to one space. The quote also drops quote marks around the
/// whole text; the author drops punctuation, so `Martin Luther King, Jr.` and
/// `Martin Luther King  Jr.` (the same quote under two DummyJSON ids) are one favorite.
public struct QuoteKey: Hashable, Sendable {
  /// The normalized quote text.
  public var quote: String
  /// The normalized author.
  public var author: String

  /// Normalizes a quote text and author.
  public init(text: String, author: String) {
    quote = Self.normalizedText(text)
    self.author = Self.normalizedAuthor(author)
  }

  /// The quote text's key: folded, marks unified, collapsed, surrounding quote marks removed.
  public static func normalizedText(_ text: String) -> String {
    var scalars = Array(folded(text).unicodeScalars)
    // Quote marks around the whole text are decoration ("…" as the iOS app saved it).
    while let first = scalars.first, let last = scalars.last, scalars.count >= 2,
      isQuoteMark(first), isQuoteMark(last)
    {
      scalars = Array(scalars.dropFirst().dropLast())
      while let first = scalars.first, first == " " { scalars.removeFirst() }
      while let last = scalars.last, last == " " { scalars.removeLast() }
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// The author's key: folded, then letters and digits only, one space between words.
  public static func normalizedAuthor(_ author: String) -> String {
    let kept = folded(author).unicodeScalars.map { scalar -> Character in
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || scalar.properties.generalCategory == .nonspacingMark
        ? Character(scalar) : " "
    }
    return collapsingWhitespace(String(kept))
  }

  /// A form for substring search: no case, no diacritics, no punctuation, one space between
  /// words.
  ///
  /// "Umar ibn Al-Khattāb (R.A)" becomes "umar ibn al khattab r a", so "khattab" and
  /// "al khattab" both find it; punctuation counts no more than it does for duplicates.
  public static func searchFolded(_ text: String) -> String {
    let lowered = text.decomposedStringWithCompatibilityMapping.lowercased()
      .replacingOccurrences(of: "ß", with: "ss")
    let kept = lowered.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark: nil
      case _ where scalar.properties.isAlphabetic || scalar.properties.numericType != nil: scalar
      case _ where scalar.properties.isEmojiPresentation: scalar
      default: " "
      }
    }
    return collapsingWhitespace(String(String.UnicodeScalarView(kept)))
  }

  private static func folded(_ text: String) -> String {
    let unified = text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars.map {
      scalar -> Unicode.Scalar in
      switch scalar {
      case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}", "\u{00AB}", "\u{00BB}":
        "\""
      case "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{2032}", "`":
        "'"
      default:
        scalar
      }
    }
    return collapsingWhitespace(String(String.UnicodeScalarView(unified)))
  }

  private static func isQuoteMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\"" || scalar == "'"
  }

  private static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }
}

extension Quote {
  /// The key that decides whether two quotes are the same favorite.
  public var key: QuoteKey { QuoteKey(text: text, author: author) }
}
