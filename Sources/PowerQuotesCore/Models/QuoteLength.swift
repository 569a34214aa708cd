/// How long a quote may be, as `random --short`, `--long` and `--max-length N` ask.
///
/// A quote's length is the number of characters its words show: the quote text (not its
/// author) once cleaned for the terminal, counted in grapheme clusters, so `é`, `👍🏽` and a CJK
/// ideograph count one each whatever their width or how many code points make them. Like
/// fortune, a short quote is at most ``shortLimit`` characters, so it fits two lines of a login
/// screen; a long one has more.
public enum QuoteLength: Sendable, Equatable {
  /// At most ``shortLimit`` characters.
  case short
  /// More than ``shortLimit`` characters.
  case long
  /// At most this many characters.
  case atMost(Int)

  /// The most characters a short quote has: fortune's 160.
  public static let shortLimit = 160

  /// The `--max-length` values that can mean something: a quote has at least one character and
  /// at most ``QuoteText/maxTextLength``.
  public static let maxLengthRange = 1...QuoteText.maxTextLength

  /// Whether `text`, a quote's words, has a length this allows.
  public func admits(_ text: String) -> Bool {
    let length = Self.length(of: text)
    return switch self {
    case .short: length <= Self.shortLimit
    case .long: length > Self.shortLimit
    case .atMost(let limit): length <= limit
    }
  }

  /// The fewest Unicode scalars a text this allows can have: every character is at least one
  /// scalar, so a long quote has more than ``shortLimit`` of them (SQLite's `length()` counts
  /// them, and can pass over shorter rows without reading them into Swift).
  public var minimumScalars: Int {
    switch self {
    case .long: Self.shortLimit + 1
    case .short, .atMost: 0
    }
  }

  /// The characters `text` shows in a card: grapheme clusters of the cleaned text.
  public static func length(of text: String) -> Int {
    // Nearly every quote is simple text, one character per scalar, with nothing to clean.
    UntrustedText.simpleLength(text) ?? UntrustedText.sanitized(text).count
  }

  /// The filter in words, to follow "is": "short (at most 160 characters)", "at most 40
  /// characters long".
  public var phrase: String {
    switch self {
    case .short: "short (at most \(Self.shortLimit) characters)"
    case .long: "long (more than \(Self.shortLimit) characters)"
    case .atMost(let limit): "at most \(limit) character\(limit == 1 ? "" : "s") long"
    }
  }
}
