import Foundation

/// A tag on a favorite: one word, without case, as the database keeps it.
///
/// `Stoic`, `STOIC` and `stoic` are one tag, stored as `stoic`; `café` typed with a composed
/// `é` or with `e` and a combining accent is one tag too: tags are normalized as quotes' keys
/// are (NFKC, then lower case; see ``normalized(_:)``). A tag is at most ``maxLength``
/// characters, and holds no white space and no control character; an invisible format
/// character is kept only inside a character it joins (the zero width joiner of `👨‍👩‍👧`),
/// never alone (a bidirectional override, a byte order mark).
public struct FavoriteTag: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The longest tag, in Unicode scalars (characters, for nearly every tag).
  public static let maxLength = 64

  /// The tag, normalized and folded to lower case.
  public let name: String

  /// The tag `text` stands for, normalized and folded to lower case.
  ///
  /// - Throws: ``TagError`` when `text` is empty, has white space or control characters, or is
  ///   longer than ``maxLength``, once normalized.
  public init(_ text: String) throws(TagError) {
    guard !text.isEmpty else { throw .empty }
    let name = Self.normalized(text)
    for character in name {
      for (offset, scalar) in character.unicodeScalars.enumerated() {
        let properties = scalar.properties
        if properties.isWhitespace || scalar.value == 0x85 {
          throw .hasSpace(text)
        }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
          throw .hasControl(text)
        case .format where offset == 0:
          // A format character that starts a character joins nothing: it stands alone.
          // Bidirectional controls and byte order marks always do (Unicode's grapheme rules
          // make each a character of its own).
          throw .hasControl(text)
        default: break
        }
      }
    }
    // Counted as SQLite's length() counts, which the schema checks too.
    guard name.unicodeScalars.count <= Self.maxLength else { throw .tooLong(text) }
    self.name = name
  }

  /// `text` as a tag's name: its NFKC form in lower case (NFKC again after lowering, which can
  /// leave a letter and a combining mark apart), as ``QuoteKey`` folds a quote's key; ASCII is
  /// only lowered.
  public static func normalized(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.precomposedStringWithCompatibilityMapping.lowercased()
      .precomposedStringWithCompatibilityMapping
  }

  /// A tag read back from the database, already checked and folded.
  init(stored name: String) { self.name = name }

  public var description: String { name }

  public static func < (lhs: FavoriteTag, rhs: FavoriteTag) -> Bool { lhs.name < rhs.name }
}

/// Why some text is not a tag.
public enum TagError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The tag is empty.
  case empty
  /// The tag has a space, tab or line break.
  case hasSpace(String)
  /// The tag has a control or invisible format character.
  case hasControl(String)
  /// The tag is longer than ``FavoriteTag/maxLength`` characters.
  case tooLong(String)

  /// One sentence, naming the tag (made safe for a terminal) and what to do.
  public var description: String {
    switch self {
    case .empty:
      "A tag is empty. Give tags as words, as in: powerquotes fav tag 3 stoic"
    case .hasSpace(let text):
      "The tag '\(UntrustedText.sanitized(text))' has a space in it. A tag is one word: "
        + "give several tags as separate words."
    case .hasControl(let text):
      "The tag '\(UntrustedText.sanitized(text))' has a control character in it. "
        + "Use letters, digits and signs."
    case .tooLong(let text):
      "The tag '\(UntrustedText.sanitized(String(text.prefix(20))))…' is longer "
        + "than \(FavoriteTag.maxLength) characters. Shorten it."
    }
  }
}

extension FavoriteTag: Codable {
  /// A tag is written as its name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }

  /// A tag is read from its name, checked as ``init(_:)`` checks one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }
}
