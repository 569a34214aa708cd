/// What `fav tag` and `fav untag` say: which tags changed, and the favorite's tags now.
public enum TagChangeView {
  /// `Tagged favorite 3 with #stoic. Its tags: #life #stoic`, with a trailing newline;
  /// `verb` is "Tagged" or "Untagged".
  public static func render(_ favorite: Favorite, changed: [FavoriteTag], verb: String) -> String {
    var text = "\(verb) favorite \(favorite.id)"
    if changed.isEmpty {
      text += ": no change."
    } else {
      text += verb == "Tagged" ? " with " : ": took off "
      text += TagText.hashed(changed.map(\.name)) + "."
    }
    text +=
      favorite.tags.isEmpty ? " It has no tags." : " Its tags: " + TagText.hashed(favorite.tags)
    return text + "\n"
  }
}
