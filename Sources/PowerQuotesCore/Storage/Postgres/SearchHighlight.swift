import Foundation

/// `fav find`'s marks for a store without FTS5: where a hit's quote and author match, as
/// SQLite's `highlight` marks them.
///
/// Words are read as FTS5's `unicode61 remove_diacritics 2` tokenizer reads them, near enough:
/// runs of letters and digits, without case or diacritics (``QuoteKey/searchFolded(_:)``). Each
/// term of the query is a phrase whose last word may be a prefix.
struct SearchHighlight {
  /// Each term's folded words, and whether its last word is a prefix.
  let phrases: [(words: [Substring], isPrefix: Bool)]

  /// The marks of `query`'s terms.
  init(_ query: SearchQuery) {
    phrases = query.terms.map { term in (Self.words(term.text), term.isPrefix) }
  }

  /// The words of `text` as the marks compare them (by their bytes, as FTS5 does).
  static func words(_ text: String) -> [Substring] {
    // The folded words are one ASCII space apart: split the bytes, not the characters.
    QuoteKey.searchFolded(text).utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }
  }

  /// The runs of word characters in `text` (letters, digits and the marks on them), as typed:
  /// what a store's own tokenizer is given of a term.
  static func runs(_ text: String) -> [Range<String.Index>] {
    var runs: [Range<String.Index>] = []
    var start: String.Index?
    var index = text.unicodeScalars.startIndex
    while index < text.unicodeScalars.endIndex {
      let scalar = text.unicodeScalars[index]
      if isWordScalar(scalar) {
        if start == nil { start = index }
      } else if let first = start {
        runs.append(first..<index)
        start = nil
      }
      index = text.unicodeScalars.index(after: index)
    }
    if let first = start { runs.append(first..<text.endIndex) }
    return runs
  }

  /// `text` cut into pieces, every other one a match (as ``SearchHit`` holds them), starting
  /// with one that is not: FTS5's `highlight`, where instances that share a word are one match.
  func pieces(_ text: String) -> [Substring] {
    // Each run of word characters may fold to more than one word ("½" is "1 2").
    var words: [Substring] = []
    var runOfWord: [Range<String.Index>] = []
    for run in Self.runs(text) {
      for word in Self.words(String(text[run])) {
        words.append(word)
        runOfWord.append(run)
      }
    }
    var spans: [ClosedRange<Int>] = []
    for phrase in phrases {
      spans += instances(of: phrase, in: words)
    }
    spans.sort { $0.lowerBound < $1.lowerBound }
    var pieces: [Substring] = []
    var plainStart = text.startIndex
    var current: Range<String.Index>?
    for span in spans {
      let range = runOfWord[span.lowerBound].lowerBound..<runOfWord[span.upperBound].upperBound
      if let open = current, range.lowerBound < open.upperBound {
        current = open.lowerBound..<max(open.upperBound, range.upperBound)
        continue
      }
      if let open = current {
        pieces += [text[plainStart..<open.lowerBound], text[open]]
        plainStart = open.upperBound
      }
      current = range
    }
    if let open = current {
      pieces += [text[plainStart..<open.lowerBound], text[open]]
      plainStart = open.upperBound
    }
    pieces.append(text[plainStart...])
    return pieces
  }

  /// The word positions of each instance of `phrase` in `words`.
  private func instances(
    of phrase: (words: [Substring], isPrefix: Bool), in words: [Substring]
  ) -> [ClosedRange<Int>] {
    let count = phrase.words.count
    guard count > 0, words.count >= count else { return [] }
    var found: [ClosedRange<Int>] = []
    for start in 0...(words.count - count) {
      var matches = true
      for offset in 0..<count {
        let word = words[start + offset]
        let wanted = phrase.words[offset]
        let isLast = offset == count - 1
        let same =
          isLast && phrase.isPrefix
          ? word.utf8.starts(with: wanted.utf8) : word.utf8.elementsEqual(wanted.utf8)
        if !same {
          matches = false
          break
        }
      }
      if matches { found.append(start...(start + count - 1)) }
    }
    return found
  }

  /// Whether `scalar` belongs to a word, as ``QuoteKey/searchFolded(_:)`` keeps it.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9")
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark: return true
    default:
      return properties.isAlphabetic || properties.numericType != nil
        || properties.isEmojiPresentation
    }
  }
}
