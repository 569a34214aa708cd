import Foundation

/// Why an edited ``FavoriteEditForm`` cannot be read.
public enum FavoriteEditFormError: LocalizedError, Equatable, Sendable {
  /// The form lost the line that starts this section (`[quote]`, `[author]`, `[note]`).
  case sectionMissing(String)

  public var errorDescription: String? {
    switch self {
    case .sectionMissing(let section):
      "The edited form has no \(section) line, so it cannot be read; nothing changed."
    }
  }
}
