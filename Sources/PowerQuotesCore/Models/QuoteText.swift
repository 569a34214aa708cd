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
  }

  /// `text` without control characters, escape sequences and bidirectional overrides; line
  /// breaks stay as line feeds (a CR LF or a CR becomes one), tabs stay, and a vertical tab or
  /// form feed becomes a space.
  public static func cleaned(_ text: String) -> String {
    needsCleaning(text) ? TerminalText.scalarSanitized(text, keepingLinesAndTabs: true) : text
  }

  /// Whether `text` holds anything ``cleaned(_:)`` would change.
  ///
  /// Read over its UTF-8 bytes: a C0 control but the line feed and tab, DEL, a C1 control (C2 80 to C2 9F) or a bidirectional
  /// control (E2 80 8E/8F/AA-AE, E2 81 A6-A9, D8 9C). Almost every quote has none.
  static func needsCleaning(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      // Printable ASCII, line feeds and tabs first: one tight pass, and all most quotes need.
      var multiByte = false
      for byte in bytes {
        if byte < 0x20 {
          if byte != 0x0A && byte != 0x09 { return true }
        } else if byte >= 0x7F {
          if byte == 0x7F { return true }
          multiByte = true
        }
      }
      guard multiByte, bytes.count >= 2 else { return false }
      for index in 1..<bytes.count {
        let (before, byte) = (bytes[index - 1], bytes[index])
        switch byte {
        case 0x80...0x9F where before == 0xC2: return true
        case 0x9C where before == 0xD8: return true
        case 0x8E...0x8F, 0xAA...0xAE:
          // U+200E, U+200F, U+202A to U+202E: E2 80 then this byte.
          if before == 0x80 && index >= 2 && bytes[index - 2] == 0xE2 { return true }
        case 0xA6...0xA9:
          // U+2066 to U+2069: E2 81 then this byte.
          if before == 0x81 && index >= 2 && bytes[index - 2] == 0xE2 { return true }
        default: continue
        }
      }
      return false
    }
  }

  /// Why `text` by `author`, both already ``cleaned(_:)``, cannot be saved; nil when they can.
  ///
  /// A quote made only of quote marks counts as empty: its key would be empty.
  public static func problem(text: String, author: String) -> Problem? {
    if TerminalText.isBlank(text) || QuoteKey.normalizedText(text).isEmpty { return .emptyText }
    if TerminalText.isBlank(author) { return .emptyAuthor }
    if text.unicodeScalars.count > maxTextLength { return .textTooLong }
    if author.unicodeScalars.count > maxAuthorLength { return .authorTooLong }
    return nil
  }

  /// `quote` with its text and author ``cleaned(_:)``, or the problem that keeps it out.
  public static func admitted(_ quote: Quote) -> Result<Quote, Problem> {
    var quote = quote
    quote.text = cleaned(quote.text)
    quote.author = cleaned(quote.author)
    if let problem = problem(text: quote.text, author: quote.author) { return .failure(problem) }
    return .success(quote)
  }
}
