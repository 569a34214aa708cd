/// Tags as one line of text.
public enum TagText {
  /// `#stoic #life`: each tag after a `#`, one space apart, made safe for a terminal.
  public static func hashed(_ tags: [String]) -> String {
    var text = ""
    for tag in tags {
      if !text.isEmpty { text += " " }
      text += "#"
      text += UntrustedText.sanitized(tag)
    }
    return text
  }
}
