/// How text from outside (a server's reply, an import file, a command line) enters the library.
///
/// Decided once, and applied at every entrance: no control character but the line feed is ever
/// stored (SQLite takes text only up to a NUL, so one would cut a quote short and make two
/// quotes one; an escape sequence in a stored quote would run in a terminal showing an export),
/// and neither are bidirectional overrides. Text that is empty after that, or longer than the
/// limits, is refused for the same reason wherever it came from, so that whatever one command
/// accepts every other command, `fav import` of a backup included, accepts too.
public enum QuoteText {
  /// The longest quote, in Unicode scalars.
  public static let maxTextLength = 4000
  /// The longest author's name, in Unicode scalars.
  public static let maxAuthorLength = 200
  /// The longest note, in Unicode scalars: as long as the longest quote, room for a book's
  /// title, a location and a few paragraphs of the reader's own.
  public static let maxNoteLength = 4000
  /// The longest title of a work, in Unicode scalars: room for a long subtitle, and still one
  /// line of a card under the quote.
  public static let maxWorkLength = 300

  /// Why a quote cannot be saved.
  public enum Problem: Error, Sendable, Equatable {
    /// No visible text (control characters and escape sequences alone count as none).
    case emptyText
    /// No visible author.
    case emptyAuthor
    /// The quote is longer than ``QuoteText/maxTextLength``.
    case textTooLong
    /// The author is longer than ``QuoteText/maxAuthorLength``.
    case authorTooLong
    /// The work's title is longer than ``QuoteText/maxWorkLength``.
    case workTooLong
  }

  /// `text` without control characters, escape sequences and bidirectional overrides; line
  /// breaks stay as line feeds (a CR LF or a CR becomes one), tabs stay, and a vertical tab or
  /// form feed becomes a space.
  public static func cleaned(_ text: String) -> String {
    UntrustedText.sanitizedKeepingLines(text)
  }

  /// ``cleaned(_:)`` `text` without white space at either end: a quote, author or note as it
  /// enters the library, from any file, server or command.
  ///
  /// Trimmed after the cleaning, so that a space before a removed escape sequence does not stay
  /// at the end.
  public static func entering(_ text: String) -> String {
    cleaned(text).trimmed
  }

  /// The title of a work (a book, a speech) as it enters the library: ``entering(_:)``, on one
  /// line (each run of line breaks and tabs becomes one space), since a title is shown after
  /// the author on one line (`— Author, Work`).
  public static func enteringWork(_ text: String) -> String {
    let cleaned = entering(text)
    guard cleaned.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\t" }) else {
      return cleaned
    }
    return cleaned.split(whereSeparator: { $0 == "\n" || $0 == "\t" })
      .map { String($0).trimmed }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// `text` as a work's title enters the library, or the problem that keeps it out.
  ///
  /// Cleaned onto one line (``enteringWork(_:)``), and refused when longer than
  /// ``maxWorkLength``. Empty is no work.
  public static func admittedWork(_ text: String) -> Result<String, Problem> {
    let work = enteringWork(text)
    return work.unicodeScalars.count > maxWorkLength ? .failure(.workTooLong) : .success(work)
  }

  /// Why `text` by `author`, both already ``cleaned(_:)``, cannot be saved; nil when they can.
  ///
  /// A quote made only of quote marks counts as empty: its key would be empty.
  public static func problem(text: String, author: String) -> Problem? {
    if UntrustedText.isBlank(text) || hasEmptyKey(text) { return .emptyText }
    if UntrustedText.isBlank(author) { return .emptyAuthor }
    if text.unicodeScalars.count > maxTextLength { return .textTooLong }
    if author.unicodeScalars.count > maxAuthorLength { return .authorTooLong }
    return nil
  }

  /// Whether the key of `text` is empty, made only when the text has no ASCII letter or digit:
  /// the import makes the key once, when it saves the quote.
  static func hasEmptyKey(_ text: String) -> Bool {
    !hasASCIILetterOrDigit(text) && QuoteKey.normalizedText(text).isEmpty
  }

  /// Whether `text` has an ASCII letter or digit, which its key keeps (folding changes only its
  /// case, and only quote marks and white space are taken off the ends): then the key is not
  /// empty.
  static func hasASCIILetterOrDigit(_ text: String) -> Bool {
    text.utf8.contains { byte in
      (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }
  }

  /// `quote` with its text and author as they enter the library (``entering(_:)``), or the
  /// problem that keeps it out.
  public static func admitted(_ quote: Quote) -> Result<Quote, Problem> {
    if let text = PlainText(quote.text), let author = PlainText(quote.author) {
      // Plain text is its own entering form; each check below is ``problem(text:author:)``'s.
      if text.isBlank || (!text.hasASCIILetterOrDigit && hasEmptyKey(quote.text)) {
        return .failure(.emptyText)
      }
      if author.isBlank { return .failure(.emptyAuthor) }
      if text.count > maxTextLength { return .failure(.textTooLong) }
      if author.count > maxAuthorLength { return .failure(.authorTooLong) }
      return .success(quote)
    }
    return anyAdmitted(quote)
  }

  /// ``admitted(_:)`` for any text.
  static func anyAdmitted(_ quote: Quote) -> Result<Quote, Problem> {
    var quote = quote
    quote.text = entering(quote.text)
    quote.author = entering(quote.author)
    if let problem = problem(text: quote.text, author: quote.author) { return .failure(problem) }
    return .success(quote)
  }

  /// What the checks of a quote need to know of text made only of printable ASCII, tabs and
  /// line feeds, with none of them at either end, read in one pass over its bytes.
  ///
  /// Nearly every imported quote and author is such text: it needs no cleaning or trimming
  /// (text with white space at an end goes the general way, which trims it), is blank when
  /// it has only spaces, tabs and line feeds, and has as many scalars as bytes. The checks for
  /// any text read each quote and author five times, twice by Unicode scalars with their
  /// properties looked up.
  struct PlainText {
    /// The number of characters (bytes, Unicode scalars).
    var count: Int
    /// Only spaces, tabs and line feeds.
    var isBlank = true
    /// An ASCII letter or digit (see ``QuoteText/hasASCIILetterOrDigit(_:)``).
    var hasASCIILetterOrDigit = false

    /// The facts of `text`, or nil when it holds anything but printable ASCII, tabs and line
    /// feeds, or begins or ends with white space (but when it is only white space: blank).
    init?(_ text: String) {
      var text = text
      guard
        let plain = text.withUTF8({ bytes -> PlainText? in
          var plain = PlainText(count: bytes.count)
          let space: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
          if let first = bytes.first, let last = bytes.last, space(first) || space(last) {
            // Blank text is refused whole; other text is trimmed the general way.
            return bytes.allSatisfy(space) ? plain : nil
          }
          for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A: continue
            case 0x21...0x7E:
              plain.isBlank = false
              if (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 {
                plain.hasASCIILetterOrDigit = true
              }
            default: return nil
            }
          }
          return plain
        })
      else { return nil }
      self = plain
    }

    private init(count: Int) {
      self.count = count
    }
  }
}
