import Foundation

/// What `fav rm` says: the question before removing, and what was removed.
public enum RemoveView {
  /// The favorites about to go, one line each, then the question (no line break after it).
  public static func prompt(_ favorites: [Favorite]) -> String {
    var text = ""
    for favorite in favorites {
      let quote = TerminalText.truncated(UntrustedText.sanitized(favorite.quote.text), width: 50)
      let author = UntrustedText.sanitized(favorite.quote.author)
      text += "  \(favorite.id)  \(quote) — \(author)\n"
    }
    let what = favorites.count == 1 ? "this favorite" : "these \(favorites.count) favorites"
    return text + "Remove \(what)? [y/N] "
  }

  /// Whether `answer` to the question is yes: `y` or `yes`, in any case, spaces ignored.
  public static func confirms(_ answer: String?) -> Bool {
    let answer = answer?.trimmingCharacters(in: .whitespaces).lowercased()
    return answer == "y" || answer == "yes"
  }

  /// The line when the question was answered no.
  public static let kept = "Nothing removed."

  /// Why nothing was removed when the question cannot be asked.
  public static let confirmationNeeded =
    "Not removing without confirmation: standard input is not a terminal. Add --yes to remove."

  /// The line after removing `removed`.
  public static func removed(_ removed: [Favorite]) -> String {
    let list = removed.map { String($0.id) }.joined(separator: ", ")
    return removed.count == 1
      ? "Removed favorite \(list)." : "Removed \(removed.count) favorites: \(list)."
  }
}
