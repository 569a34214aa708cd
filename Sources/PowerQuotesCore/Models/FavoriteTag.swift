/// A tag on a favorite: one word, without case, as the database keeps it.
///
/// `Stoic`, `STOIC` and `stoic` are one tag, stored as `stoic`. A tag is at most
/// ``maxLength`` characters, and holds no white space and no control or format character.
public struct FavoriteTag: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The longest tag, in Unicode scalars (characters, for nearly every tag).
  public static let maxLength = 64

  /// The tag, folded to lower case.
  public let name: String

  /// The tag `text` stands for, folded to lower case.
  ///
  /// - Throws: ``TagError`` when `text` is empty, has white space or control characters, or is
  ///   longer than ``maxLength``.
  public init(_ text: String) throws(TagError) {
    guard !text.isEmpty else { throw .empty }
    for scalar in text.unicodeScalars {
      let properties = scalar.properties
      if properties.isWhitespace || scalar.value == 0x85 {
        throw .hasSpace(text)
      }
      switch properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
        throw .hasControl(text)
      default: break
      }
    }
    let name = text.lowercased()
    // Counted as SQLite's length() counts, which the schema checks too.
    guard name.unicodeScalars.count <= Self.maxLength else { throw .tooLong(text) }
    self.name = name
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
