import Foundation

/// A ``LibraryChange`` as both stores keep it in `library_change`: the facts of each action, and
/// how its `summary` column holds them (the column's name is from `0006_trash_undo.sql`).
///
/// The column holds one word per fact, one space apart: each favorite id in decimal, each tag
/// after `#` (a tag holds no white space), an import's count after `+`. Text with any other
/// word is the phrase an earlier powerquotes kept there, read back as
/// ``LibraryChange/earlierSummary``.
enum StoredChange {
  /// `facts` as the `summary` column holds them.
  static func text(_ facts: LibraryChange.Facts) -> String {
    var words = facts.favoriteIDs.map { String($0) }
    words += facts.tags.map { "#" + $0.name }
    if let added = facts.added { words.append("+\(added)") }
    return words.joined(separator: " ")
  }

  /// The change in a row of `library_change`, its `summary` column as `text`.
  static func change(
    id: Int64, kind: LibraryChange.Kind, text: String, madeAt: Date
  ) -> LibraryChange {
    var facts = LibraryChange.Facts()
    for word in text.split(separator: " ") {
      if word.first.map({ "0"..."9" ~= $0 }) == true, let id = Int64(word) {
        facts.favoriteIDs.append(id)
      } else if word.first == "#", word.count > 1 {
        facts.tags.append(FavoriteTag(stored: String(word.dropFirst())))
      } else if word.first == "+", let added = Int(word.dropFirst()) {
        facts.added = added
      } else {
        return LibraryChange(
          id: id, kind: kind, facts: .init(), earlierSummary: text, madeAt: madeAt)
      }
    }
    return LibraryChange(id: id, kind: kind, facts: facts, madeAt: madeAt)
  }

  /// What `fav add` did: the favorite it added, if any.
  static func addition(_ result: AddFavoriteResult) -> LibraryChange.Facts {
    switch result {
    case .added(let favorite): .init(favoriteIDs: [favorite.id])
    case .alreadyFavorite: .init()
    }
  }

  /// What `fav rm` or `fav restore` did: the favorites it touched.
  static func favorites(_ favorites: [Favorite]) -> LibraryChange.Facts {
    .init(favoriteIDs: favorites.map(\.id))
  }

  /// What `fav edit` did: the favorite it edited.
  static func edit(_ edited: Favorite) -> LibraryChange.Facts {
    .init(favoriteIDs: [edited.id])
  }

  /// What `fav tag` or `fav untag` did: the favorite and the tags it put on or took off.
  static func tagging(_ result: (Favorite, [FavoriteTag])) -> LibraryChange.Facts {
    .init(favoriteIDs: [result.0.id], tags: result.1)
  }

  /// What `fav import` did: how many favorites it added.
  static func importing(_ added: Int) -> LibraryChange.Facts {
    .init(added: added)
  }
}
