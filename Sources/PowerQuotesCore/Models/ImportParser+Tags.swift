extension ImportParser {
  /// The longest tag, in Unicode scalars, as `fav tag` takes one.
  public static let maxTagLength = 64

  /// `words` as tags: each folded to lower case, repeats dropped, in the order given; or why
  /// one of them is not a tag.
  ///
  /// The rule `fav tag` applies: a tag is one word of at most ``maxTagLength`` characters with no
  /// white space and no control or invisible format character. `Stoic` and `stoic` are one tag.
  static func importedTags(_ words: [String]) -> Result<[String], ImportRejection.Reason> {
    var tags: [String] = []
    for word in words {
      if let problem = tagProblem(word) { return .failure(.invalidTag(word, problem: problem)) }
      let tag = word.lowercased()
      guard tag.unicodeScalars.count <= maxTagLength else {
        return .failure(.invalidTag(word, problem: "is longer than \(maxTagLength) characters"))
      }
      if !tags.contains(tag) { tags.append(tag) }
    }
    return .success(tags)
  }

  /// The tags of one text field: words one space apart (CSV's `tags` column); a field of
  /// spaces alone has none.
  static func importedTags(spaceSeparated field: String) -> Result<[String], ImportRejection.Reason>
  {
    importedTags(field.split(separator: " ").map(String.init))
  }

  /// Why `word` is not a tag, as the end of a sentence; nil when it is one (its length aside).
  private static func tagProblem(_ word: String) -> String? {
    if word.isEmpty { return "is empty" }
    // Most tags are short ASCII words: no property look-up for them.
    if word.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return nil }
    for scalar in word.unicodeScalars {
      let properties = scalar.properties
      if properties.isWhitespace || scalar.value == 0x85 { return "has a space in it" }
      switch properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
        return "has a control character in it"
      default: break
      }
    }
    return nil
  }
}
