extension ImportParser {
  /// `words` as tags: each checked and folded as `fav tag` does (see ``FavoriteTag``), repeats
  /// dropped, in the order given; or why one of them is not a tag.
  static func importedTags(_ words: [String]) -> Result<[String], ImportRejection.Reason> {
    var tags: [String] = []
    for word in words {
      let tag: FavoriteTag
      do {
        tag = try FavoriteTag(word)
      } catch {
        let problem =
          switch error {
          case .empty: "is empty"
          case .hasSpace: "has a space in it"
          case .hasControl: "has a control character in it"
          case .tooLong: "is longer than \(FavoriteTag.maxLength) characters"
          }
        return .failure(.invalidTag(word, problem: problem))
      }
      if !tags.contains(tag.name) { tags.append(tag.name) }
    }
    return .success(tags)
  }

  /// A tag of an app whose tags may be several words (Readwise's `two words`) as one word,
  /// cleaned (``UntrustedText/sanitized(_:)``), its words joined by hyphens (`two-words`);
  /// nil when nothing is left.
  static func oneWordTag(_ text: some StringProtocol) -> String? {
    let words = UntrustedText.sanitized(String(text)).split(whereSeparator: \.isWhitespace)
    return words.isEmpty ? nil : words.joined(separator: "-")
  }

  /// The tags of one text field: words one space apart (CSV's `tags` column); a field of
  /// spaces alone has none.
  static func importedTags(spaceSeparated field: String) -> Result<[String], ImportRejection.Reason>
  {
    importedTags(field.split(separator: " ").map(String.init))
  }
}
