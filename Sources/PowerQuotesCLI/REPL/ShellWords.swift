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
  static func split(_ line: String) throws(SplitError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = line.makeIterator()
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
            if !"\"\\$`".contains(escaped) { word.append("\\") }
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
      case _ where character.isWhitespace:
        if inWord {
          words.append(word)
          word = ""
          inWord = false
        }
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
