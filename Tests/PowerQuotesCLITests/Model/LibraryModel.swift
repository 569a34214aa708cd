import Foundation

/// A favorite as the model of the library knows it.
///
/// Two favorites are one when their `quoteWords` and `authorWords` are: the generator gives
/// every quote and author it writes the identity of its words, and writes them with only the
/// differences README says do not count (case, spacing, quote marks, an author's punctuation).
struct ModelFavorite: Equatable, Sendable {
  var id: Int64
  var quote: String
  var author: String
  var note: String
  var tags: Set<String>
  /// The identity of the quote's words.
  var quoteWords: String
  /// The identity of the author's words.
  var authorWords: String
  /// Its saved time and source as the store first showed them: they never change after.
  var savedAt: String?
  var source: String?

  /// Whether it is one favorite with `other` by README's rule.
  func isEqual(to other: ModelFavorite) -> Bool {
    quoteWords == other.quoteWords && authorWords == other.authorWords
  }
}

/// The whole library as README describes it: favorites by id and the trash.
struct ModelLibrary: Equatable, Sendable {
  var favorites: [Int64: ModelFavorite] = [:]
  var trash: [Int64: ModelFavorite] = [:]

  /// The favorite (not in the trash) equal to `favorite`, other than `favorite` itself.
  func favorite(equalTo favorite: ModelFavorite) -> ModelFavorite? {
    favorites.values.first { $0.id != favorite.id && $0.isEqual(to: favorite) }
  }

  /// Every id in use, favorites and trash.
  var ids: Set<Int64> { Set(favorites.keys).union(trash.keys) }

  /// Each tag with how many favorites have it, as `fav tags` counts them.
  var tagCounts: [String: Int] {
    var counts: [String: Int] = [:]
    for favorite in favorites.values {
      for tag in favorite.tags { counts[tag, default: 0] += 1 }
    }
    return counts
  }
}

/// One real change to the library, with what the store decided (ids), so that it can be
/// applied to any state where it was made, in any order with the changes made beside it.
enum ModelChange: Sendable, CustomStringConvertible {
  case add(ModelFavorite)
  case edit(ModelFavorite)
  case tag(id: Int64, tags: Set<String>)
  case untag(id: Int64, tags: Set<String>)
  case remove(ids: [Int64])
  case restore(ids: [Int64])
  /// New favorites, and existing ones that got tags or a note from the file.
  case importFile(added: [ModelFavorite], merged: [ModelFavorite])

  func apply(to library: inout ModelLibrary) {
    switch self {
    case .add(let favorite):
      library.favorites[favorite.id] = favorite
    case .edit(let favorite):
      library.favorites[favorite.id] = favorite
    case .tag(let id, let tags):
      library.favorites[id]?.tags.formUnion(tags)
    case .untag(let id, let tags):
      library.favorites[id]?.tags.subtract(tags)
    case .remove(let ids):
      for id in ids {
        library.trash[id] = library.favorites.removeValue(forKey: id)
      }
    case .restore(let ids):
      for id in ids {
        library.favorites[id] = library.trash.removeValue(forKey: id)
      }
    case .importFile(let added, let merged):
      for favorite in added + merged { library.favorites[favorite.id] = favorite }
    }
  }

  /// What `fav undo --format json` says the change was.
  var kind: String {
    switch self {
    case .add: "add"
    case .edit: "edit"
    case .tag: "tag"
    case .untag: "untag"
    case .remove: "remove"
    case .restore: "restore"
    case .importFile: "import"
    }
  }

  var description: String {
    switch self {
    case .add(let favorite): "add \(favorite.id)"
    case .edit(let favorite): "edit \(favorite.id)"
    case .tag(let id, let tags): "tag \(id) \(tags.sorted())"
    case .untag(let id, let tags): "untag \(id) \(tags.sorted())"
    case .remove(let ids): "rm \(ids)"
    case .restore(let ids): "restore \(ids)"
    case .importFile(let added, let merged):
      "import +\(added.map(\.id)) ~\(merged.map(\.id))"
    }
  }
}

/// The undo history as README promises it: the last 100 real changes, each taken back whole.
///
/// Changes made at once by several processes (on disjoint favorites) form one entry whose
/// order is not known: an undo then takes back one of them, whichever the store committed
/// last, and the model learns which from what the store shows.
struct ModelHistory: Sendable {
  struct Entry: Sendable {
    /// The library before the entry's changes.
    var before: ModelLibrary
    /// Its changes not yet undone, in no known order.
    var changes: [ModelChange]
    /// How many of them fell off the end of the history (the oldest, order unknown).
    var forgotten = 0
    /// Whether the store may have forgotten the entry: it was made at once with a removal that
    /// emptying the trash then made impossible to undo, and the store's order of the two is
    /// not known.
    var mayBeForgotten = false

    var undoable: Int { changes.count - forgotten }
  }

  static let limit = 100

  private(set) var entries: [Entry] = []

  /// How many changes `fav undo` can take back.
  var undoable: Int { entries.reduce(0) { $0 + $1.undoable } }

  /// Records `changes`, made at once from `before`; trims to the last ``limit``.
  mutating func record(_ changes: [ModelChange], from before: ModelLibrary) {
    guard !changes.isEmpty else { return }
    entries.append(Entry(before: before, changes: changes))
    var excess = undoable - Self.limit
    var index = 0
    while excess > 0, index < entries.count {
      let trimmed = min(excess, entries[index].undoable)
      entries[index].forgotten += trimmed
      excess -= trimmed
      index += 1
    }
    entries.removeAll { $0.undoable == 0 }
  }

  /// Forgets everything (a store that keeps less history than the model, when that is left out).
  mutating func clear() { entries.removeAll() }

  /// What emptying the trash of `deleted` forgets (README): the change that last moved one of
  /// them to the trash, whose undoing would bring it back, and every change before it.
  mutating func forgetRemovals(of deleted: Set<Int64>) {
    let removes: (ModelChange) -> Bool = {
      if case .remove(let ids) = $0 { !deleted.isDisjoint(with: ids) } else { false }
    }
    // Undoing a later change never brings them back: no earlier state holds them any more.
    for index in entries.indices {
      for id in deleted { entries[index].before.trash[id] = nil }
    }
    guard let last = entries.lastIndex(where: { $0.changes.contains(where: removes) }) else {
      return
    }
    var entry = entries[last]
    entries.removeSubrange(...last)
    // Changes made at once with that removal: kept if the store committed them after it.
    let others = entry.changes.filter { !removes($0) }
    guard !others.isEmpty else { return }
    for change in entry.changes where removes(change) { change.apply(to: &entry.before) }
    for id in deleted { entry.before.trash[id] = nil }
    entry.changes = others
    entry.forgotten = 0
    entry.mayBeForgotten = true
    entries.insert(entry, at: 0)
  }

  /// Forgets the newest entry the store may have forgotten, and every one before it.
  ///
  /// For a `fav undo` that found nothing to undo where the model was unsure; returns whether
  /// there was such an entry.
  mutating func forgetUncertain() -> Bool {
    guard let top = entries.lastIndex(where: { $0.undoable > 0 }), entries[top].mayBeForgotten
    else { return false }
    entries.removeSubrange(...top)
    return true
  }

  /// The states one undo may leave, each with the change it took back and the history after.
  func undoCandidates() -> [(library: ModelLibrary, change: ModelChange, history: ModelHistory)] {
    guard let top = entries.lastIndex(where: { $0.undoable > 0 }) else { return [] }
    let entry = entries[top]
    return entry.changes.indices.map { taken in
      var rest = entry.changes
      let change = rest.remove(at: taken)
      var library = entry.before
      for other in rest { other.apply(to: &library) }
      var history = self
      history.entries.removeSubrange((top + 1)...)
      history.entries[top].changes = rest
      if history.entries[top].undoable == 0 { history.entries.remove(at: top) }
      return (library, change, history)
    }
  }
}
