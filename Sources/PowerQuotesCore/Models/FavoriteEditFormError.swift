import Foundation

/// Why an edited ``FavoriteEditForm`` cannot be read or saved.
public enum FavoriteEditFormError: LocalizedError, Equatable, Sendable {
  /// The form lost the line that starts this section (`[quote]`, `[author]`, `[note]`).
  case sectionMissing(String)
  /// The form has text above its first section's line, which belongs to no section.
  case textAboveSections
  /// The edited form of favorite `id` was not saved because of `reason`; what the user typed
  /// is kept in the file at `kept`.
  case notSaved(id: Int64, reason: Reason, kept: String)

  /// Why an edited form was not saved.
  public enum Reason: Equatable, Sendable {
    /// The form lost the line that starts this section.
    case sectionMissing(String)
    /// The form has text above its first section's line.
    case textAboveSections
    /// Another command changed the favorite's words, author or note while the form was open.
    case changedMeanwhile
    /// The favorite was removed while the form was open.
    case removedMeanwhile
    /// Its text cannot be saved, as `fav add` would refuse it.
    case refused(QuoteText.Problem)
    /// Its note is longer than ``QuoteText/maxNoteLength``.
    case noteTooLong
  }

  /// Whether the form was not saved because `fav add` would refuse its text too: a usage
  /// error, as a flag giving that text is.
  public var refusesText: Bool {
    switch self {
    case .notSaved(_, .refused, _), .notSaved(_, .noteTooLong, _): true
    default: false
    }
  }

  public var errorDescription: String? {
    switch self {
    case .sectionMissing(let section):
      return "The edited form has no \(section) line, so it cannot be read; nothing changed."
    case .textAboveSections:
      return "The edited form has text above its [quote] line, in no section, so it cannot be "
        + "read; nothing changed."
    case .notSaved(let id, let reason, let kept):
      let kept = UntrustedText.sanitized(kept)
      let hint = "what you typed is kept in \(kept)"
      return switch reason {
      case .sectionMissing(let section):
        "The edited form of favorite \(id) has no \(section) line, so it cannot be read; "
          + "nothing changed, and \(hint)."
      case .textAboveSections:
        "The edited form of favorite \(id) has text above its [quote] line, in no section, so "
          + "it cannot be read; nothing changed, and \(hint)."
      case .changedMeanwhile:
        "Favorite \(id) was changed by another command while the editor was open, so the edit "
          + "was not saved; \(hint) (run 'powerquotes fav edit \(id)' to edit it again)."
      case .removedMeanwhile:
        "Favorite \(id) was removed while the editor was open, so the edit was not saved; "
          + "\(hint) (run 'powerquotes fav trash' to find it)."
      case .refused(let problem):
        "The edited form of favorite \(id) has \(Self.phrase(problem)), which powerquotes "
          + "cannot keep, so nothing changed; \(hint)."
      case .noteTooLong:
        "The edited form of favorite \(id) has a note longer than \(QuoteText.maxNoteLength) "
          + "characters, which powerquotes cannot keep, so nothing changed; \(hint)."
      }
    }
  }

  /// What the form has that `problem` names.
  private static func phrase(_ problem: QuoteText.Problem) -> String {
    switch problem {
    case .emptyText: "no words under [quote]"
    case .emptyAuthor: "no author under [author]"
    case .textTooLong: "a quote longer than \(QuoteText.maxTextLength) characters"
    case .authorTooLong: "an author longer than \(QuoteText.maxAuthorLength) characters"
    case .workTooLong: "a work's title longer than \(QuoteText.maxWorkLength) characters"
    }
  }
}
