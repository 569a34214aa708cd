/// `fav tags`: every tag with how many favorites have it, one a line, most used first.
///
/// ```
///  12  #stoic
///   3  #life
/// ```
public enum TagListView {
  /// The list, with a trailing newline after each tag.
  public static func render(_ counts: [TagCount], painter: TextPainter) -> String {
    let width = counts.map { String($0.count).count }.max() ?? 1
    var text = ""
    for count in counts {
      let number = String(count.count)
      text += String(repeating: " ", count: width - number.count)
      text += painter.accent(number)
      text += "  "
      text += TagText.hashed([count.tag.name])
      text += "\n"
    }
    return text
  }
}
