import Foundation

/// The text form `fav edit` opens in an editor, as `git commit` does: the favorite's quote,
/// author and note under `[quote]`, `[author]` and `[note]`, with comment lines explaining.
public struct FavoriteEditForm: Sendable, Equatable {
  /// The words of the quote.
  public var text: String
  /// The author.
  public var author: String
  /// The note (may be empty).
  public var note: String

  /// Makes a form.
  public init(text: String, author: String, note: String) {
    self.text = text
    self.author = author
    self.note = note
  }

  /// The form for favorite `id`, ready to edit.
  public func rendered(id: Int64) -> String {
    """
    # Editing favorite \(id). Change the text under [quote], [author] and [note],
    # then save and close the editor. Lines starting with '#' are ignored.
    # An unchanged form, or an emptied one, changes nothing.

    [quote]
    \(text)

    [author]
    \(author)

    [note]
    \(note)

    """
  }

  /// Reads an edited form: nil when it was emptied (nothing but comments and blank lines).
  ///
  /// - Throws: ``FavoriteEditFormError/sectionMissing(_:)`` when a section's line was removed.
  public static func parse(_ form: String) throws -> FavoriteEditForm? {
    var sections: [String: [Substring]] = [:]
    var current: String?
    var sawContent = false
    // A CR LF is one Character, a newline, as a lone CR or LF is.
    for line in form.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if line.hasPrefix("#") { continue }
      let trimmed = line.trimmingWhitespace()
      if !trimmed.isEmpty { sawContent = true }
      if ["[quote]", "[author]", "[note]"].contains(trimmed) {
        current = trimmed
        sections[trimmed, default: []] = sections[trimmed] ?? []
        continue
      }
      if let current { sections[current, default: []].append(line) }
    }
    guard sawContent else { return nil }
    func section(_ name: String) throws -> String {
      guard let lines = sections[name] else { throw FavoriteEditFormError.sectionMissing(name) }
      return lines.joined(separator: "\n").trimmingWhitespace()
    }
    return FavoriteEditForm(
      text: try section("[quote]"), author: try section("[author]"), note: try section("[note]"))
  }
}

extension StringProtocol {
  /// The text without spaces, tabs and line breaks at either end.
  fileprivate func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
