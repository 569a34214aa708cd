/// Splits a line into words the way a POSIX shell does, without expansion.
///
/// White space separates words; 'single quotes' keep everything literally; "double quotes" keep
/// everything but let a backslash escape `"`, `\`, `$` and `` ` ``; outside quotes a backslash
/// makes the next character literal.
enum ShellWords {
  /// Why a line could not be split.
  enum SplitError: Error, Equatable, CustomStringConvertible {
    case unterminatedQuote(Character)
    case trailingBackslash

    var description: String {
      switch self {
      case .unterminatedQuote(let quote):
        "The line has an unterminated \(quote == "'" ? "single" : "double") quote."
      case .trailingBackslash:
        "The line ends with a backslash; there is nothing for it to escape."
      }
    }
  }

  /// The words of `line`.
  ///
  /// Read scalar by scalar, as a shell reads bytes: a combining mark after a quote mark belongs
  /// to the quoted text, not to the quote mark (as one `Character`, it hid the quote; the
  /// fuzzer's finding).
  static func split(_ line: String) throws(SplitError) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var inWord = false
    var iterator = line.unicodeScalars.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          word.append(next)
        }
        if !closed { throw .unterminatedQuote("'") }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\" {
            guard let escaped = iterator.next() else { break }
            if !"\"\\$`".unicodeScalars.contains(escaped) { word.append("\\") }
            word.append(escaped)
          } else {
            word.append(next)
          }
        }
        if !closed { throw .unterminatedQuote("\"") }
      case "\\":
        guard let escaped = iterator.next() else { throw .trailingBackslash }
        inWord = true
        word.append(escaped)
      case _ where character.properties.isWhitespace:
        if inWord {
          words.append(String(word))
          word = String.UnicodeScalarView()
          inWord = false
        }
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(String(word)) }
    return words
  }
}
