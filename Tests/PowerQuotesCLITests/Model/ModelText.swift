import Foundation

/// A seeded generator (SplitMix64): the same seed makes the same run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// The words the model's quotes, authors, notes and tags are made of, and how to write one
/// in the ways README says do not make it another favorite.
enum ModelText {
  static let quoteWords = [
    "river", "stone", "light", "quiet", "morning", "patience", "courage", "garden", "shadow",
    "window", "ocean", "silence", "thunder", "lantern", "harvest", "meadow", "mountain",
    "whisper", "journey", "kindness", "ember", "willow", "compass", "anchor", "feather",
    "horizon", "candle", "orchard", "valley", "breeze", "don't", "it's",
  ]
  static let authors = [
    ["Marcus", "Aurelius"], ["Lao", "Tzu"], ["Seneca"], ["Mary", "Shelley"], ["Rumi"],
    ["Ada", "Lovelace"], ["Jane", "Austen"], ["Epictetus"], ["Hypatia", "of", "Alexandria"],
  ]
  static let noteWords = ["wedding", "gift", "reread", "margin", "underlined", "chapter", "friend"]
  static let tags = ["stoic", "zen", "dawn", "love", "work", "rain", "calm", "hope"]
  /// A tag whose NFC and NFD forms differ (issue 20, item 8).
  static let accentedTag = "caf\u{E9}"

  /// Words `fav find` may ask for: every word above but those with an apostrophe, whose
  /// halves tokenizers split differently.
  static let searchWords: [String] =
    quoteWords.filter { !$0.contains("'") } + authors.flatMap { $0 }.map { $0.lowercased() }
    + noteWords + tags

  /// The identity of a quote's words: lower case, one space apart.
  static func identity(_ words: [String]) -> String { words.joined(separator: " ") }

  /// `words` written as a quote: the first capitalized, a full stop; with `vary`, in one of
  /// the ways that do not count (case, spacing, curly apostrophes, quote marks around it).
  static func quote(_ words: [String], vary: Bool, using rng: inout SeededGenerator) -> String {
    var written = words
    written[0] = written[0].prefix(1).uppercased() + written[0].dropFirst()
    var separators = Array(repeating: " ", count: max(0, written.count - 1))
    var marks: (String, String) = ("", "")
    if vary {
      switch Int.random(in: 0..<5, using: &rng) {
      case 0:
        let index = Int.random(in: 0..<written.count, using: &rng)
        written[index] = written[index].uppercased()
      case 1:
        if !separators.isEmpty {
          separators[Int.random(in: 0..<separators.count, using: &rng)] = "   "
        }
      case 2:
        written = written.map { $0.replacingOccurrences(of: "'", with: "\u{2019}") }
        if written == words { written = written.map { $0.lowercased() } }
      case 3:
        marks = rng.chance(0.5) ? ("\"", "\"") : ("\u{201C}", "\u{201D}")
      default:
        written = written.map { $0.lowercased() }
      }
    }
    var text = marks.0 + written[0]
    for (separator, word) in zip(separators, written.dropFirst()) { text += separator + word }
    return text + "." + marks.1
  }

  /// An author's words written out; with `vary`, with punctuation or another case.
  static func author(_ words: [String], vary: Bool, using rng: inout SeededGenerator) -> String {
    guard vary else { return words.joined(separator: " ") }
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: return words.joined(separator: " ").uppercased()
    case 1: return words.joined(separator: ", ") + "."
    default: return words.joined(separator: " ").lowercased()
    }
  }

  /// Words split as the full-text indexes split them, folded to lower case.
  static func tokens(_ text: String) -> Set<String> {
    Set(
      text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init))
  }
}
