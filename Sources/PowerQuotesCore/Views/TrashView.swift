import Foundation

/// What `fav trash` says: the empty trash, the question before emptying it, and what it deleted.
public enum TrashView {
  /// Said when the trash holds nothing, on listing or emptying it.
  public static let empty = "The trash is empty."

  /// The question before `fav trash --empty` deletes `count` favorites for good.
  public static func emptyPrompt(count: Int) -> String {
    let what = count == 1 ? "the favorite" : "the \(count) favorites"
    return "Delete \(what) in the trash for good? This cannot be undone. [y/N] "
  }

  /// Said when the answer was not yes.
  public static let kept = "Nothing deleted."

  /// Why nothing was deleted when the question cannot be asked.
  public static let confirmationNeeded =
    "Not emptying the trash without confirmation: standard input is not a terminal. "
    + "Add --yes to delete for good."

  /// What `fav restore` says when favorite `id` cannot come back: the same quote is a favorite.
  public static func staysInTrash(id: Int64) -> String {
    "Favorite \(id) stays in the trash; nothing was restored."
  }

  /// What emptying the trash deleted: `count` of the `asked` favorites the question was about
  /// (the others left the trash meanwhile, restored or deleted by another process).
  public static func deleted(_ count: Int, of asked: Int) -> String {
    let deleted = count == 1 ? "Deleted 1 favorite" : "Deleted \(count) favorites"
    let left = asked - count
    guard left > 0 else { return deleted + " for good." }
    return deleted + " for good; \(left == 1 ? "1 other" : "\(left) others") had left the "
      + "trash meanwhile."
  }
}
