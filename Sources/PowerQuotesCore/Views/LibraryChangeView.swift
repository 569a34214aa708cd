import Foundation

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
    "Undid: \(UntrustedText.sanitized(summary(change)))."
  }

  /// The JSON report of `fav undo`: the change it took back, with its ``summary(_:)``.
  public static func json(undid change: LibraryChange) -> String {
    JSONView.render(
      [
        "undid": ChangeReport(
          id: change.id, kind: change.kind, summary: summary(change), madeAt: change.madeAt)
      ])
  }

  /// What `change` did, as a phrase that follows "Undid: ": "removing 2 favorites (12, 15)",
  /// "tagging favorite 3 with #life #stoic", "importing 97 favorites"; for a change an earlier
  /// powerquotes recorded, the phrase it kept.
  public static func summary(_ change: LibraryChange) -> String {
    if let earlier = change.earlierSummary { return earlier }
    let facts = change.facts
    let ids = facts.favoriteIDs.map { String($0) }.joined(separator: ", ")
    let tags = facts.tags.map { "#\($0.name)" }.joined(separator: " ")
    func favorites(_ doing: String) -> String {
      facts.favoriteIDs.count == 1
        ? "\(doing) favorite \(ids)" : "\(doing) \(facts.favoriteIDs.count) favorites (\(ids))"
    }
    switch change.kind {
    case .add: return facts.favoriteIDs.isEmpty ? "adding nothing" : "adding favorite \(ids)"
    case .remove: return favorites("removing")
    case .restore: return favorites("restoring")
    case .edit: return "editing favorite \(ids)"
    case .tag: return "tagging favorite \(ids) with \(tags)"
    case .untag: return "taking \(tags) off favorite \(ids)"
    case .importFile:
      switch facts.added ?? 0 {
      case 0: return "importing notes and tags"
      case 1: return "importing 1 favorite"
      case let added: return "importing \(added) favorites"
      }
    }
  }

  /// A change as `fav undo --format json` reports it.
  private struct ChangeReport: Encodable {
    var id: Int64
    var kind: LibraryChange.Kind
    var summary: String
    var madeAt: Date
  }

  private struct EditReport: Encodable {
    var status: String
    var favorite: Favorite
  }
}
