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

  /// A key from parts already normalized (``normalizedText(_:)``, ``normalizedAuthor(_:)``).
  init(quote: String, author: String) {
    self.quote = quote
    self.author = author
  }

  /// The 64-bit hash of the two keys that SQLite indexes favorites by to find duplicates
  /// (`Migrations/0008_favorite_key_hash.sql`): FNV-1a over the UTF-8 of ``quote``, a 0xFF
  /// byte (never part of UTF-8) and the UTF-8 of ``author``, as a signed integer.
  ///
  /// Stored in databases: it never changes.
  public var keyHash: Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    var quote = quote
    quote.withUTF8 { bytes in
      for byte in bytes { mix(byte) }
    }
    mix(0xFF)
    var author = author
    author.withUTF8 { bytes in
      for byte in bytes { mix(byte) }
    }
    return Int64(bitPattern: hash)
  }

  /// The quote text's key: folded, marks unified, collapsed, surrounding quote marks removed.
  public static func normalizedText(_ text: String) -> String {
    let folded = folded(text)
    // Most quotes neither start nor end with a quote mark: nothing to take off.
    guard let first = folded.unicodeScalars.first, let last = folded.unicodeScalars.last,
      isQuoteMark(first), isQuoteMark(last)
    else { return folded }
    var scalars = Array(folded.unicodeScalars)
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
    asciiLettersAndDigits(author) ?? unicodeNormalizedAuthor(author)
  }

  /// ``normalizedAuthor(_:)`` through Unicode properties, for any text.
  static func unicodeNormalizedAuthor(_ author: String) -> String {
    let kept = unicodeFolded(author).unicodeScalars.map { scalar -> Character in
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
    // For ASCII, decomposing changes nothing and only letters and digits are kept.
    asciiLettersAndDigits(text) ?? unicodeSearchFolded(text)
  }

  /// ``searchFolded(_:)`` through Unicode decomposition and properties, for any text.
  static func unicodeSearchFolded(_ text: String) -> String {
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
    if let folded = asciiFolded(text) ?? punctuationFolded(text) { return folded }
    return unicodeFolded(text)
  }

  /// ``folded(_:)`` through Unicode normalization and case mapping, for any text.
  static func unicodeFolded(_ text: String) -> String {
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

  /// ``folded(_:)`` of ASCII text, byte by byte; nil for other text.
  ///
  /// ASCII is its own NFKC form, lowercasing it changes A-Z alone, and its only white space is
  /// tab, the line breaks and space.
  static func asciiFolded(_ text: String) -> String? {
    asciiMap(text) { byte in
      switch byte {
      case 0x09...0x0D, 0x20: nil
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 0x20
      case UInt8(ascii: "`"): UInt8(ascii: "'")
      default: byte
      }
    }
  }

  /// ``folded(_:)`` of ASCII text with curly quote marks, primes, guillemets and dashes in it,
  /// scalar by scalar; nil for other text.
  ///
  /// Those marks are their own NFKC form and have no case, so of ``unicodeFolded(_:)`` only
  /// the marks' mapping is left to do: most quotes that are not ASCII are so for an apostrophe
  /// or a dash, and skip the Unicode normalization.
  static func punctuationFolded(_ text: String) -> String? {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var separated = false
    for scalar in text.unicodeScalars {
      let mapped: Unicode.Scalar
      switch scalar.value {
      case 0x09...0x0D, 0x20:
        separated = !result.isEmpty
        continue
      case 0x41...0x5A: mapped = Unicode.Scalar(UInt8(scalar.value + 0x20))
      case 0x60: mapped = "'"
      case 0...0x7F, 0x2013, 0x2014: mapped = scalar
      case 0x201C, 0x201D, 0x201E, 0x201F, 0xAB, 0xBB: mapped = "\""
      case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032: mapped = "'"
      default: return nil
      }
      if separated {
        result.append(0x20)
        separated = false
      }
      UTF8.encode(mapped) { result.append($0) }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// ASCII text lowercased with only letters and digits kept, one space between runs of them:
  /// ``normalizedAuthor(_:)`` and ``searchFolded(_:)`` of ASCII text; nil for other text.
  static func asciiLettersAndDigits(_ text: String) -> String? {
    asciiMap(text) { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 0x20
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
      default: nil
      }
    }
  }

  /// The bytes of ASCII text mapped by `map`; nil when the text is not ASCII.
  ///
  /// A byte mapped to nil is a separator: runs of separators become one space, and none is
  /// kept at either end.
  private static func asciiMap(_ text: String, _ map: (UInt8) -> UInt8?) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      var separated = false
      for byte in bytes {
        guard byte < 0x80 else { return nil }
        guard let mapped = map(byte) else {
          separated = !result.isEmpty
          continue
        }
        if separated {
          result.append(0x20)
          separated = false
        }
        result.append(mapped)
      }
      return String(decoding: result, as: UTF8.self)
    }
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
