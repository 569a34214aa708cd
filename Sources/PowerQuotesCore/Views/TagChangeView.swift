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

  /// The JSON report of `fav tag`: the favorite as it now reads, and the tags it gained.
  public static func json(_ favorite: Favorite, added: [FavoriteTag]) -> String {
    JSONView.render(Added(favorite: favorite, added: added))
  }

  /// The JSON report of `fav untag`: the favorite as it now reads, and the tags it lost.
  public static func json(_ favorite: Favorite, removed: [FavoriteTag]) -> String {
    JSONView.render(Removed(favorite: favorite, removed: removed))
  }

  private struct Added: Encodable {
    var favorite: Favorite
    var added: [FavoriteTag]
  }

  private struct Removed: Encodable {
    var favorite: Favorite
    var removed: [FavoriteTag]
  }
}
