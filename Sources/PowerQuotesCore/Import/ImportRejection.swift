/// A row of an import file that was not saved, and why.
public struct ImportRejection: Sendable, Equatable, Encodable {
  /// Why a row was rejected.
  public enum Reason: Error, Sendable, Equatable {
    /// The quote has no visible text (control characters alone count as none).
    case emptyText
    /// The author has no visible text.
    case emptyAuthor
    /// The row's bytes are not UTF-8 text.
    case notUTF8
    /// The quote is longer than ``ImportParser/maxTextLength`` characters.
    case textTooLong
    /// The author is longer than ``ImportParser/maxAuthorLength`` characters.
    case authorTooLong
    /// A JSON item that is not an object with a text `quote` and `author`.
    case notAQuote
    /// A field that is present but unusable, such as a `saved_at` that is not a date.
    case invalidField(name: String, expected: String)
    /// A time field (`saved_at`, `savedAt`, `Highlighted at`) whose text is no time the library
    /// keeps (see ``Timestamp/parse(iso8601:)``), and why.
    case invalidTime(field: String, text: String, problem: Timestamp.Problem)
    /// A `My Clippings.txt` entry without a title line and then a line starting with `-`.
    case notAClipping
    /// The note is longer than ``QuoteText/maxNoteLength`` characters.
    case noteTooLong
    /// The work's title is longer than ``QuoteText/maxWorkLength`` characters.
    case workTooLong
    /// A tag that is not one word (see ``FavoriteTag``), with the reason.
    case invalidTag(String, problem: String)

    /// The reason for a quote ``QuoteText`` keeps out.
    init(_ problem: QuoteText.Problem) {
      switch problem {
      case .emptyText: self = .emptyText
      case .emptyAuthor: self = .emptyAuthor
      case .textTooLong: self = .textTooLong
      case .authorTooLong: self = .authorTooLong
      case .workTooLong: self = .workTooLong
      }
    }

    /// A short name for programs: `emptyText`, `notUTF8`, ...
    public var code: String {
      switch self {
      case .emptyText: "emptyText"
      case .emptyAuthor: "emptyAuthor"
      case .notUTF8: "notUTF8"
      case .textTooLong: "textTooLong"
      case .authorTooLong: "authorTooLong"
      case .notAQuote: "notAQuote"
      case .invalidField: "invalidField"
      case .invalidTime: "invalidTime"
      case .noteTooLong: "noteTooLong"
      case .workTooLong: "workTooLong"
      case .notAClipping: "notAClipping"
      case .invalidTag: "invalidTag"
      }
    }

    /// The reason as the end of a sentence, such as `the quote is empty.`.
    public var message: String {
      switch self {
      case .emptyText: "the quote is empty."
      case .emptyAuthor: "the author is empty."
      case .notUTF8: "it is not UTF-8 text."
      case .textTooLong: "the quote is longer than \(ImportParser.maxTextLength) characters."
      case .authorTooLong: "the author is longer than \(ImportParser.maxAuthorLength) characters."
      case .notAQuote: "it is not an object with a \"quote\" and an \"author\"."
      case .invalidField(let name, let expected): "its \(name) is not \(expected)."
      case .invalidTime(let field, let text, let problem):
        "its \(field) '\(TerminalText.truncated(UntrustedText.sanitized(text), width: 40))' "
          + Self.timeProblem(problem)
      case .notAClipping:
        "it is not a clipping (a title line, then a line such as '- Your Highlight on page 3')."
      case .noteTooLong: "the note is longer than \(QuoteText.maxNoteLength) characters."
      case .workTooLong: "the work's title is longer than \(QuoteText.maxWorkLength) characters."
      case .invalidTag(let tag, let problem):
        "the tag '\(UntrustedText.sanitized(tag))' \(problem)."
      }
    }

    /// Why a time is none the library keeps, as the end of a sentence.
    static func timeProblem(_ problem: Timestamp.Problem) -> String {
      switch problem {
      case .notISO8601:
        "is not an ISO 8601 time (such as 2026-01-15T08:00:00Z, or a date alone, 2026-01-15)."
      case .noSuchTime:
        "is no real date and time (a day its month lacks, an hour past 23, a minute or second "
          + "past 59, or an offset past 23:59)."
      case .outOfRange:
        "is, in UTC, outside the times the library keeps (0000-01-01T00:00:00Z through "
          + "9999-12-31T23:59:59.999Z)."
      }
    }
  }

  /// The row's place in the file, from 1 (see ``ImportedQuote/position``).
  public var position: Int
  /// Why it was rejected.
  public var reason: Reason

  /// Makes a rejection.
  public init(position: Int, reason: Reason) {
    self.position = position
    self.reason = reason
  }

  enum CodingKeys: String, CodingKey {
    case position, reason, message
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(position, forKey: .position)
    try container.encode(reason.code, forKey: .reason)
    try container.encode(reason.message, forKey: .message)
  }
}
