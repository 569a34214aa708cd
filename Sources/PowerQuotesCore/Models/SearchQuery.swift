/// What `fav find` searches for, translated from what the user typed into a safe FTS5 query.
///
/// The user's text never reaches FTS5 as syntax: each word becomes a quoted string, so `OR`,
/// `NEAR(`, `col:` and stray signs are only words. Two things keep their meaning:
/// `"an exact phrase"` and a trailing `*` (a prefix: `stoi*`). A quote mark left open is
/// dropped and its words are searched as plain words. Words are matched without case or
/// diacritics, by the index's tokenizer.
///
/// A term typed again (`love love`, or `love Love lóve`, which the index reads alike) is searched
/// once: it narrows nothing, and the ranking would weigh each copy. At most ``maxWords`` words
/// are searched for, so that any query a command line can hold is answered at once, with the
/// same answer on every store.
public struct SearchQuery: Equatable, Sendable {
  /// The most words a query may search for, each counted once (a phrase counts its words): far
  /// more than any search needs, and few enough that the ranking, whose work grows with the
  /// square of the words matching the same favorites, stays well under a second on 100,000.
  public static let maxWords = 64

  /// One term: a word or a phrase, maybe a prefix.
  public struct Term: Equatable, Sendable {
    /// The words, as typed (a phrase has several).
    public var text: String
    /// Whether the last word is a prefix (`stoi*`).
    public var isPrefix: Bool
  }

  /// The terms, in the order typed; a favorite must match every one.
  public let terms: [Term]

  /// The query `text` stands for.
  ///
  /// - Throws: ``SearchQueryError`` when `text` has no word to search for (empty, or only
  ///   signs such as a lone `*`), or more than ``maxWords`` different ones.
  public init(_ text: String) throws(SearchQueryError) {
    var terms: [Term] = []
    var scalars = Substring(text).unicodeScalars[...]
    var word = String.UnicodeScalarView()
    func endWord() {
      var text = String(word)
      word = String.UnicodeScalarView()
      var isPrefix = false
      while text.hasSuffix("*") {
        text.removeLast()
        isPrefix = true
      }
      terms.append(Term(text: text, isPrefix: isPrefix))
    }
    while let scalar = scalars.popFirst() {
      if scalar == "\"" {
        if !word.isEmpty { endWord() }
        // A phrase runs to the next quote mark; without one, the mark is dropped and the rest
        // is read as plain words.
        guard let close = scalars.firstIndex(of: "\"") else { continue }
        var phrase = String(
          String.UnicodeScalarView(
            scalars[..<close].map { $0.properties.generalCategory == .control ? " " : $0 }))
        scalars = scalars[scalars.index(after: close)...]
        var isPrefix = false
        while scalars.first == "*" {
          scalars.removeFirst()
          isPrefix = true
        }
        while phrase.hasSuffix("*") {
          phrase.removeLast()
          isPrefix = true
        }
        terms.append(Term(text: phrase, isPrefix: isPrefix))
      } else if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
        // Control characters separate words too: a NUL would end FTS5's reading of the query.
        if !word.isEmpty { endWord() }
      } else {
        word.append(scalar)
      }
    }
    if !word.isEmpty { endWord() }
    // A term without a letter or digit has no token for the index: it could match nothing. A
    // term the index reads as one already kept (its words folded as the index folds them) adds
    // nothing either.
    var kept: [Term] = []
    var seen: Set<Folded> = []
    var words = 0
    for term in terms {
      guard
        term.text.unicodeScalars.contains(where: {
          $0.properties.isAlphabetic || $0.properties.numericType != nil
        })
      else { continue }
      let folded = Folded(words: QuoteKey.searchFolded(term.text), isPrefix: term.isPrefix)
      guard seen.insert(folded).inserted else { continue }
      kept.append(term)
      words += folded.words.isEmpty ? 1 : folded.words.utf8.count(where: { $0 == 0x20 }) + 1
    }
    if kept.isEmpty {
      throw text.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? .empty : .noWords(text)
    }
    if words > Self.maxWords { throw .tooManyWords(words) }
    self.terms = kept
  }

  /// A term as the index reads it: its words without case or diacritics, one space apart.
  private struct Folded: Hashable {
    var words: String
    var isPrefix: Bool
  }

  /// The query as it is searched for, to show: each term once, a phrase in double quotes, a
  /// prefix with its `*` (`love "an exact phrase" stoi*`).
  public var shown: String {
    terms.map { term in
      let words = term.text.contains(" ") ? "\"\(term.text)\"" : term.text
      return term.isPrefix ? words + "*" : words
    }.joined(separator: " ")
  }

  /// The FTS5 query: each term a string in double quotes (its own quote marks doubled), a
  /// prefix marked by `*` after it, the terms one space apart (all must match).
  public var fts5: String {
    var query = ""
    for term in terms {
      if !query.isEmpty { query += " " }
      query += "\""
      // Terms never hold a quote mark (one starts or ends a phrase); doubled all the same.
      query += term.text.split(separator: "\"", omittingEmptySubsequences: false)
        .joined(separator: "\"\"")
      query += "\""
      if term.isPrefix { query += "*" }
    }
    return query
  }
}

/// Why some text is not a search query.
public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing but white space.
  case empty
  /// No letter or digit: only signs, such as a lone `*`.
  case noWords(String)
  /// More than ``SearchQuery/maxWords`` different words, this many.
  case tooManyWords(Int)

  /// One sentence, with what to do.
  public var description: String {
    switch self {
    case .empty:
      "Give words to search for, as in: powerquotes fav find courage"
    case .noWords(let text):
      "The query '\(UntrustedText.sanitized(text))' has no words to search for. Give words, "
        + "\"an exact phrase\" or the start of a word followed by *, as in: powerquotes fav "
        + "find 'stoi*'"
    case .tooManyWords(let count):
      "The query has \(count) different words, more than the \(SearchQuery.maxWords) that fav "
        + "find searches for at once. Give the few words that tell the favorite apart, as in: "
        + "powerquotes fav find courage"
    }
  }
}
