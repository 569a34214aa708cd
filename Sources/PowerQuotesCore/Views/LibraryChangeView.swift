/// What `fav edit`, `fav restore` and `fav undo` say: a sentence for people, a report for
/// `--format json`.
public enum LibraryChangeView {
  /// What `fav edit` says of favorite `id`: edited, or nothing changed.
  public static func sentence(editing id: Int64, edited: Bool) -> String {
    edited ? "Favorite \(id) edited." : "Nothing changed in favorite \(id)."
  }

  /// What `fav edit` says when the form came back empty.
  public static func emptiedForm(id: Int64) -> String {
    "The form of favorite \(id) was emptied; nothing changed."
  }

  /// The JSON report of `fav edit`: `"edited"` or `"unchanged"`, and the favorite as it now reads.
  public static func json(_ favorite: Favorite, edited: Bool) -> String {
    JSONView.render(EditReport(status: edited ? "edited" : "unchanged", favorite: favorite))
  }

  /// "Restored favorite 12." or "Restored 2 favorites: 12, 15.", without a newline.
  public static func sentence(restored: [Favorite]) -> String {
    let list = restored.map { String($0.id) }.joined(separator: ", ")
    return restored.count == 1
      ? "Restored favorite \(list)." : "Restored \(restored.count) favorites: \(list)."
  }

  /// The JSON report of `fav restore`: the favorites it brought back.
  public static func json(restored: [Favorite]) -> String {
    JSONView.render(["restored": restored])
  }

  /// "Undid: removing 2 favorites (12, 15).", without a newline; the summary is sanitized.
  public static func sentence(undid change: LibraryChange) -> String {
    "Undid: \(UntrustedText.sanitized(change.summary))."
  }

  /// The JSON report of `fav undo`: the change it took back.
  public static func json(undid change: LibraryChange) -> String {
    JSONView.render(["undid": change])
  }

  private struct EditReport: Encodable {
    var status: String
    var favorite: Favorite
  }
}
