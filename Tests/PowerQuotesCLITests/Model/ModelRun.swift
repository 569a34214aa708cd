import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport

/// Where the store and the model parted: the step, what was run, and how they differ.
struct ModelMismatch: Error, CustomStringConvertible {
  var step: Int
  var command: String
  var problem: String
  var log: [String]

  var description: String {
    "step \(step): \(command)\n\(problem)\nlast steps:\n" + log.suffix(12).joined(separator: "\n")
  }
}

/// One model-based run: random commands from one to three processes against one library,
/// each checked against ``ModelLibrary`` and ``ModelHistory``.
final class ModelRun {
  let settings: ModelSettings
  let library: SharedLibrary
  let processes: [ModelProcess]
  let observer: ModelProcess
  let folder: TemporaryFolder
  /// The first connection: the observer's and the integrity checks'.
  let store: any QuoteStore
  private var rng: SeededGenerator
  private(set) var model = ModelLibrary()
  private(set) var history = ModelHistory()
  private var log: [String] = []
  private var step = 0
  private var command = ""
  /// Every quote identity used so far: a fresh quote is none of them.
  private var usedQuotes: Set<String> = []
  private var files = 0

  init(settings: ModelSettings, library: SharedLibrary, folder: TemporaryFolder) throws {
    self.settings = settings
    self.library = library
    self.folder = folder
    rng = SeededGenerator(seed: settings.seed)
    // One connection of SQLite's in this process: opening another reads the file's header
    // through a descriptor of its own, and closing that drops the POSIX locks of every SQLite
    // connection to the file in the process (sqlite.org/howtocorrupt.html, 2.2), after which
    // another process may take itself for the last one and remove the shared-memory index.
    // So the others are the built binary, which also takes its locks across real processes;
    // on PostgreSQL the third is a second connection here.
    let first = try library.open()
    store = first
    var processes = [
      ModelProcess(name: "conn0", kind: .inProcess(first), library: library, home: folder.path)
    ]
    if settings.processes > 1 {
      processes.append(
        ModelProcess(name: "binary", kind: .binary, library: library, home: folder.path))
    }
    if settings.processes > 2 {
      processes.append(
        library.name == "SQLite"
          ? ModelProcess(name: "binary2", kind: .binary, library: library, home: folder.path)
          : ModelProcess(
            name: "conn2", kind: .inProcess(try library.open()), library: library,
            home: folder.path))
    }
    self.processes = processes
    observer = ModelProcess(
      name: "observer", kind: .inProcess(first), library: library, home: folder.path)
    let editor = folder.file("editor.py")
    try Self.editorScript.write(toFile: editor, atomically: true, encoding: .utf8)
  }

  // MARK: - The run

  /// Runs the steps, then the checks at the end; throws the first mismatch.
  func run() async throws {
    while step < settings.steps {
      step += 1
      if settings.processes > 1, settings.allows(.concurrent), rng.chance(0.2) {
        try await concurrentRound()
      } else {
        try await serialStep()
      }
      try await compareWithStore()
    }
    try checkIntegrity()
    try await undoEverything()
    try checkIntegrity()
  }

  private func serialStep() async throws {
    var kinds: [(ModelSettings.Kind, Int)] = [
      (.add, 5), (.edit, 3), (.form, 2), (.tag, 4), (.untag, 2), (.rm, 3), (.restore, 2),
      (.empty, 1), (.undo, 3), (.import, 2), (.find, 2), (.noop, 1),
    ]
    kinds.removeAll { !settings.allows($0.0) }
    guard !kinds.isEmpty else { return }
    let total = kinds.reduce(0) { $0 + $1.1 }
    var draw = Int.random(in: 0..<total, using: &rng)
    var kind = kinds[0].0
    for (candidate, weight) in kinds {
      if draw < weight {
        kind = candidate
        break
      }
      draw -= weight
    }
    let process = rng.pick(processes)
    switch kind {
    case .add: try await add(on: process)
    case .edit: try await editByFlag(on: process)
    case .form: try await editByForm(on: process)
    case .tag: try await tag(on: process)
    case .untag: try await untag(on: process)
    case .rm: try await remove(on: process)
    case .restore: try await restore(on: process)
    case .empty: try await emptyTrash(on: process)
    case .undo: try await undo(on: process)
    case .import: try await importFile(on: process)
    case .find: try await find(on: process)
    case .noop: try await noopBurst()
    case .concurrent, .nfc, .history: break
    }
  }

  // MARK: - Commands, one at a time

  /// A planned command: the words, what it must report, and the change it makes.
  private struct Plan {
    var words: [String]
    var editor: String?
    var status: Int32
    var change: ModelChange?
    /// For an add, the favorite without its id, which the output gives.
    var added: ModelFavorite?
    /// For an import: the rows' favorites (ids from the listing), and the counts.
    var imported: (added: [ModelFavorite], merged: [ModelFavorite], already: Int)?
  }

  private func add(on process: ModelProcess) async throws {
    try await runSerial(planAdd(fresh: false), on: process)
  }

  private func planAdd(fresh: Bool) -> Plan {
    let favorite: ModelFavorite
    let existing = Array(model.favorites.values) + Array(model.trash.values)
    if !fresh, settings.allows(.noop), !existing.isEmpty, rng.chance(0.3) {
      // The same words and author, written in a way that does not count.
      let original = rng.pick(existing.sorted { $0.id < $1.id })
      favorite = ModelFavorite(
        id: 0,
        quote: ModelText.quote(
          original.quoteWords.split(separator: " ").map(String.init), vary: true, using: &rng),
        author: ModelText.author(
          original.authorWords.split(separator: " ").map(String.init), vary: true, using: &rng),
        note: "", tags: [], quoteWords: original.quoteWords, authorWords: original.authorWords)
    } else {
      favorite = freshFavorite()
    }
    if model.favorite(equalTo: favorite) != nil {
      return Plan(
        words: ["fav", "add", favorite.quote, "--author", favorite.author], status: 3)
    }
    return Plan(
      words: ["fav", "add", favorite.quote, "--author", favorite.author], status: 0,
      added: favorite)
  }

  /// A quote whose words no favorite ever had, by one of the authors.
  private func freshFavorite() -> ModelFavorite {
    var words: [String]
    repeat {
      words = (0..<Int.random(in: 3...6, using: &rng)).map { _ in rng.pick(ModelText.quoteWords) }
    } while usedQuotes.contains(ModelText.identity(words))
    usedQuotes.insert(ModelText.identity(words))
    let author = rng.pick(ModelText.authors)
    return ModelFavorite(
      id: 0, quote: ModelText.quote(words, vary: rng.chance(0.3), using: &rng),
      author: ModelText.author(author, vary: rng.chance(0.2), using: &rng), note: "", tags: [],
      quoteWords: ModelText.identity(words),
      authorWords: author.map { $0.lowercased() }.joined(separator: " "))
  }

  private func newNote() -> String {
    let words = (0..<Int.random(in: 1...3, using: &rng)).map { _ in rng.pick(ModelText.noteWords) }
    return "Note: " + words.joined(separator: " ") + " \(Int.random(in: 1...99, using: &rng))."
  }

  /// A favorite in the library to act on, or an id that is none (in the trash, or unknown).
  private func target(allowMissing: Bool = true) -> Int64? {
    let ids = model.favorites.keys.sorted()
    if allowMissing, ids.isEmpty || rng.chance(0.08) {
      let trashed = model.trash.keys.sorted()
      if !trashed.isEmpty, rng.chance(0.5) { return rng.pick(trashed) }
      return (model.ids.max() ?? 0) + Int64.random(in: 1...50, using: &rng)
    }
    return ids.isEmpty ? nil : rng.pick(ids)
  }

  private func editByFlag(on process: ModelProcess) async throws {
    guard let id = target() else { return }
    guard let favorite = model.favorites[id] else {
      return try await runSerial(
        Plan(words: ["fav", "edit", String(id), "--note", newNote()], status: 1), on: process)
    }
    var edited = favorite
    var words = ["fav", "edit", String(id), "--format", "json"]
    let what = Int.random(in: 0..<4, using: &rng)
    switch what {
    case 0:
      let fresh = freshFavorite()
      edited.quote = fresh.quote
      edited.quoteWords = fresh.quoteWords
      words += ["--quote", edited.quote]
    case 1:
      // Another favorite's words and author: a duplicate, refused.
      let others = model.favorites.values.filter { $0.id != id }.sorted { $0.id < $1.id }
      if let other = others.isEmpty ? nil : rng.pick(others) {
        edited.quote = other.quote
        edited.quoteWords = other.quoteWords
        edited.author = other.author
        edited.authorWords = other.authorWords
        words += ["--quote", edited.quote, "--author", edited.author]
      } else {
        edited.note = newNote()
        words += ["--note", edited.note]
      }
    case 2:
      let author = rng.pick(ModelText.authors)
      edited.author = ModelText.author(author, vary: rng.chance(0.3), using: &rng)
      edited.authorWords = author.map { $0.lowercased() }.joined(separator: " ")
      words += ["--author", edited.author]
    default:
      edited.note =
        settings.allows(.noop) && rng.chance(0.25)
        ? favorite.note : (rng.chance(0.2) ? "" : newNote())
      words += ["--note", edited.note]
    }
    try await runSerial(planEdit(favorite, edited, words: words), on: process)
  }

  private func planEdit(_ favorite: ModelFavorite, _ edited: ModelFavorite, words: [String])
    -> Plan
  {
    if same(edited.quote, favorite.quote) && same(edited.author, favorite.author)
      && same(edited.note, favorite.note)
    {
      return Plan(words: words, status: 0)
    }
    if model.favorite(equalTo: edited) != nil { return Plan(words: words, status: 3) }
    return Plan(words: words, status: 0, change: .edit(edited))
  }

  private func editByForm(on process: ModelProcess) async throws {
    guard let id = target(allowMissing: false), let favorite = model.favorites[id] else { return }
    var edited = favorite
    var replacements: [[String]] = []
    if !settings.allows(.noop) || rng.chance(0.8) {
      if rng.chance(0.6) {
        let fresh = freshFavorite()
        edited.quote = fresh.quote
        edited.quoteWords = fresh.quoteWords
        replacements.append([favorite.quote, edited.quote])
      }
      if !favorite.note.isEmpty, rng.chance(0.5) || replacements.isEmpty {
        edited.note = newNote()
        replacements.append([favorite.note, edited.note])
      }
    }
    files += 1
    let parameters = folder.file("edit-\(files).json")
    try JSONSerialization.data(withJSONObject: ["replace": replacements]).write(
      to: URL(fileURLWithPath: parameters))
    var plan = planEdit(favorite, edited, words: ["fav", "edit", String(id), "--format", "json"])
    plan.editor = "python3 \(folder.file("editor.py")) \(parameters)"
    try await runSerial(plan, on: process)
  }

  private func tagsToUse() -> [String] {
    (0..<Int.random(in: 1...3, using: &rng)).map { _ in
      if settings.allows(.nfc), rng.chance(0.15) {
        let tag = ModelText.accentedTag
        return rng.chance(0.5) ? tag.decomposedStringWithCanonicalMapping : tag
      }
      let tag = rng.pick(ModelText.tags)
      return rng.chance(0.3) ? tag.capitalized : tag
    }
  }

  /// A tag as the library keeps it: lower case, NFC.
  private func kept(_ tag: String) -> String {
    tag.lowercased().precomposedStringWithCanonicalMapping
  }

  private func tag(on process: ModelProcess) async throws {
    guard let id = target() else { return }
    var tags = tagsToUse()
    let words = ["fav", "tag", String(id)] + tags + ["--format", "json"]
    guard let favorite = model.favorites[id] else {
      return try await runSerial(Plan(words: words, status: 1), on: process)
    }
    if !settings.allows(.noop) {
      tags.removeAll { favorite.tags.contains(kept($0)) }
      if tags.isEmpty { return }
    }
    let new = Set(tags.map(kept)).subtracting(favorite.tags)
    let plan = Plan(
      words: ["fav", "tag", String(id)] + tags + ["--format", "json"], status: 0,
      change: new.isEmpty ? nil : .tag(id: id, tags: new))
    try await runSerial(plan, on: process)
  }

  private func untag(on process: ModelProcess) async throws {
    guard let id = target() else { return }
    guard let favorite = model.favorites[id] else {
      return try await runSerial(
        Plan(words: ["fav", "untag", String(id), "zen", "--format", "json"], status: 1),
        on: process)
    }
    var tags = favorite.tags.sorted().filter { _ in rng.chance(0.6) }
    if settings.allows(.noop), tags.isEmpty || rng.chance(0.2) { tags += tagsToUse() }
    if tags.isEmpty { return }
    let gone = Set(tags.map(kept)).intersection(favorite.tags)
    let plan = Plan(
      words: ["fav", "untag", String(id)] + tags + ["--format", "json"], status: 0,
      change: gone.isEmpty ? nil : .untag(id: id, tags: gone))
    try await runSerial(plan, on: process)
  }

  private func remove(on process: ModelProcess) async throws {
    var ids: [Int64] = []
    for _ in 0..<Int.random(in: 1...2, using: &rng) {
      if let id = target() { ids.append(id) }
    }
    guard !ids.isEmpty else { return }
    let words = ["fav", "rm"] + ids.map(String.init) + ["--yes"]
    let missing = ids.contains { model.favorites[$0] == nil }
    var unique: [Int64] = []
    for id in ids where !unique.contains(id) { unique.append(id) }
    try await runSerial(
      Plan(words: words, status: missing ? 1 : 0, change: missing ? nil : .remove(ids: unique)),
      on: process)
  }

  private func restore(on process: ModelProcess) async throws {
    let trashed = model.trash.keys.sorted()
    var ids: [Int64] = []
    if trashed.isEmpty || rng.chance(0.1) {
      if let id = target(allowMissing: false) ?? model.ids.max().map({ $0 + 1 }) {
        ids.append(id)
      }
    } else {
      for _ in 0..<Int.random(in: 1...2, using: &rng) { ids.append(rng.pick(trashed)) }
    }
    guard !ids.isEmpty else { return }
    var unique: [Int64] = []
    for id in ids where !unique.contains(id) { unique.append(id) }
    let words = ["fav", "restore"] + ids.map(String.init) + ["--format", "json"]
    if unique.contains(where: { model.trash[$0] == nil }) {
      return try await runSerial(Plan(words: words, status: 1), on: process)
    }
    // Equal to a favorite, or to another one restored with it: refused.
    var after = model
    var duplicate = false
    for id in unique {
      guard let favorite = model.trash[id] else { continue }
      if after.favorite(equalTo: favorite) != nil { duplicate = true }
      after.favorites[id] = favorite
    }
    try await runSerial(
      Plan(
        words: words, status: duplicate ? 3 : 0,
        change: duplicate ? nil : .restore(ids: unique)),
      on: process)
  }

  private func emptyTrash(on process: ModelProcess) async throws {
    if model.trash.isEmpty && !settings.allows(.noop) { return }
    let outcome = try await run(["fav", "trash", "--empty", "--yes"], on: process)
    try expect(outcome, status: 0)
    try checkEmptied(outcome, count: model.trash.count)
    applyEmptying()
  }

  /// Checks that `fav trash --empty` said it deleted `count` favorites.
  private func checkEmptied(_ outcome: CommandOutcome, count: Int) throws {
    guard emptied(outcome) == count else {
      throw mismatch(
        "expected \(count) deleted for good; it printed: \(outcome.out)\(outcome.err)")
    }
  }

  /// How many favorites `fav trash --empty` said it deleted, if it said.
  private func emptied(_ outcome: CommandOutcome) -> Int? {
    let text = outcome.out + outcome.err
    if text.contains("The trash is empty.") { return 0 }
    guard
      let range = text.range(
        of: #"Deleted \d+ favorites? for good[.;]"#, options: .regularExpression)
    else { return nil }
    return Int(text[range].dropFirst(8).prefix { $0.isNumber })
  }

  /// The trash emptied: what it held is gone, and so is the history that could bring it back.
  private func applyEmptying() {
    history.forgetRemovals(of: Set(model.trash.keys))
    model.trash = [:]
  }

  /// `fav trash --empty --yes` while another process removes or restores a favorite: the
  /// library must end as one of the two orders leaves it, and the count printed must be that
  /// order's (issue 20, item 1: it must delete exactly what it counted).
  private func emptyingRace(_ emptier: ModelProcess, _ other: ModelProcess) async throws {
    let restorable = model.trash.values.filter { model.favorite(equalTo: $0) == nil }
      .map(\.id).sorted()
    let active = model.favorites.keys.sorted()
    let restoring = !restorable.isEmpty && (active.isEmpty || rng.chance(0.5))
    guard let id = restoring ? rng.pick(restorable) : (active.isEmpty ? nil : rng.pick(active))
    else { return }
    let otherWords =
      restoring ? ["fav", "restore", String(id)] : ["fav", "rm", String(id), "--yes"]
    let emptyWords = ["fav", "trash", "--empty", "--yes"]
    command =
      "at once: [\(emptier.name)] fav trash --empty --yes | [\(other.name)] "
      + otherWords.joined(separator: " ")
    async let emptying = emptier.run(emptyWords)
    async let racing = other.run(otherWords)
    let (emptyOutcome, otherOutcome) = try await (emptying, racing)
    logLine(command + " -> \(emptyOutcome.status),\(otherOutcome.status)")
    try expect(emptyOutcome, status: 0)
    let change: ModelChange = restoring ? .restore(ids: [id]) : .remove(ids: [id])
    // The other command first, then the emptying; or the emptying first.
    var otherFirst = self.model
    change.apply(to: &otherFirst)
    let otherFirstCount = otherFirst.trash.count
    let emptyFirstCount = model.trash.count
    let count = emptied(emptyOutcome)
    if restoring {
      if otherOutcome.status == 0, count == otherFirstCount {
        let before = model
        model = otherFirst
        history.record([change], from: before)
        applyEmptying()
      } else if otherOutcome.status == 1, count == emptyFirstCount {
        applyEmptying()
      } else {
        throw mismatch(
          "no order explains it: restore exit \(otherOutcome.status), emptying said "
            + "\(emptyOutcome.out)\(emptyOutcome.err)(\(otherFirstCount) if the restore came "
            + "first, \(emptyFirstCount) if not)")
      }
    } else {
      try expect(otherOutcome, status: 0)
      if count == otherFirstCount {
        let before = model
        model = otherFirst
        history.record([change], from: before)
        applyEmptying()
      } else if count == emptyFirstCount {
        applyEmptying()
        let before = model
        change.apply(to: &model)
        history.record([change], from: before)
      } else {
        throw mismatch(
          "no order explains it: emptying said \(emptyOutcome.out)\(emptyOutcome.err)("
            + "\(otherFirstCount) if the removal came first, \(emptyFirstCount) if not)")
      }
    }
  }

  private func undo(on process: ModelProcess) async throws {
    let candidates = history.undoCandidates()
    let outcome = try await run(["fav", "undo", "--format", "json"], on: process)
    if outcome.status == 1, history.forgetUncertain() {
      // The store ordered a removal after a change made at once with it, and emptying the
      // trash forgot both: so is what came before.
      return try expect(outcome, status: 1)
    }
    if candidates.isEmpty {
      return try expect(outcome, status: 1)
    }
    if outcome.status == 1, !settings.allows(.history) {
      // Left out: how much history the store keeps. What it kept must still be right.
      history.clear()
      return
    }
    try expect(outcome, status: 0)
    let observed = try await observe()
    let kind =
      (try? JSONSerialization.jsonObject(with: Data(outcome.out.utf8)))
      .flatMap { ($0 as? [String: Any])?["undid"] as? [String: Any] }?["kind"] as? String
    var differences: [String] = []
    for candidate in candidates {
      let difference = describe(candidate.library, against: observed)
      if difference.isEmpty && kind == candidate.change.kind {
        model = candidate.library
        history = candidate.history
        learn(from: observed)
        return
      }
      differences.append(
        "undoing \(candidate.change) (kind \(candidate.change.kind), store said \(kind ?? "?")):"
          + (difference.isEmpty ? " the kind differs" : "\n" + difference))
    }
    throw mismatch(
      "the store is in no state one undo may leave:\n" + differences.joined(separator: "\n"))
  }

  private func importFile(on process: ModelProcess) async throws {
    try await runSerial(planImport(fresh: false), on: process)
  }

  /// A JSON file of a few rows, some already favorites (their tags and note then merge).
  private func planImport(fresh: Bool) throws -> Plan {
    var rows: [[String: Any]] = []
    var working = model
    var added: [ModelFavorite] = []
    var mergedIDs: [Int64] = []
    var already = 0
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      var favorite: ModelFavorite
      let existing = working.favorites.values.sorted { $0.id < $1.id } + added
      if !fresh, settings.allows(.noop), !existing.isEmpty, rng.chance(0.35) {
        let original = rng.pick(existing)
        favorite = original
        favorite.id = 0
        favorite.quote = ModelText.quote(
          original.quoteWords.split(separator: " ").map(String.init), vary: true, using: &rng)
        favorite.author = original.author
        favorite.note = ""
        favorite.tags = []
      } else {
        favorite = freshFavorite()
      }
      // README: a JSON array of {"quote", "author"} is read as the iOS app's, whose quote
      // marks around the quote are removed.
      favorite.quote = favorite.quote.replacingOccurrences(of: "\"", with: "")
        .replacingOccurrences(of: "\u{201C}", with: "").replacingOccurrences(
          of: "\u{201D}", with: "")
      let note = rng.chance(0.4) ? newNote() : ""
      let tags = rng.chance(0.4) ? tagsToUse() : []
      var row: [String: Any] = ["quote": favorite.quote, "author": favorite.author]
      if !note.isEmpty { row["note"] = note }
      if !tags.isEmpty { row["tags"] = tags }
      rows.append(row)
      let keptTags = Set(tags.map(kept))
      if let index = added.firstIndex(where: { $0.isEqual(to: favorite) }) {
        already += 1
        added[index].tags.formUnion(keptTags)
        if added[index].note.isEmpty { added[index].note = note }
      } else if var original = working.favorite(equalTo: favorite) {
        already += 1
        let before = original
        original.tags.formUnion(keptTags)
        if original.note.isEmpty { original.note = note }
        working.favorites[original.id] = original
        if original != before, !mergedIDs.contains(original.id) { mergedIDs.append(original.id) }
      } else {
        favorite.note = note
        favorite.tags = keptTags
        added.append(favorite)
      }
    }
    files += 1
    let path = folder.file("import-\(files).json")
    let data = try JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
    logLine("import-\(files).json: " + String(decoding: data, as: UTF8.self))
    let merged = mergedIDs.compactMap { working.favorites[$0] }
    return Plan(
      words: ["fav", "import", path], status: 0, imported: (added, merged, already))
  }

  private func find(on process: ModelProcess) async throws {
    let words = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
      rng.pick(ModelText.searchWords)
    }
    let outcome = try await run(["fav", "find"] + words + ["--format", "json"], on: process)
    try expect(outcome, status: 0)
    let found = try favoriteList(outcome.out).map(\.id)
    let expected = model.favorites.values.filter { favorite in
      let tokens = ModelText.tokens(
        [
          favorite.quote, favorite.author, favorite.note,
          favorite.tags.sorted().joined(separator: " "),
        ]
        .joined(separator: " "))
      return Set(words.map { $0.lowercased() }).isSubset(of: tokens)
    }.map(\.id)
    if Set(found) != Set(expected) || found.count != Set(found).count {
      throw mismatch("fav find found \(found.sorted()), the model \(expected.sorted())")
    }
  }

  /// A hundred to a hundred and thirty commands in a row that change nothing (a duplicate add, a tag
  /// the favorite has, an untag of one it has not): README's history of the last 100 changes
  /// must not lose any for them.
  private func noopBurst() async throws {
    guard let favorite = model.favorites.values.min(by: { $0.id < $1.id }) else { return }
    let id = String(favorite.id)
    for index in 0..<Int.random(in: 100...130, using: &rng) {
      let words: [String]
      let status: Int32
      switch index % 3 {
      case 0:
        words = ["fav", "add", favorite.quote, "--author", favorite.author]
        status = 3
      case 1:
        guard let tag = favorite.tags.sorted().first else { continue }
        words = ["fav", "tag", id, tag]
        status = 0
      default:
        guard let tag = ModelText.tags.first(where: { !favorite.tags.contains($0) }) else {
          continue
        }
        words = ["fav", "untag", id, tag]
        status = 0
      }
      try expect(try await run(words, on: processes[0]), status: status)
    }
  }

  // MARK: - Running and checking one command

  private func runSerial(_ plan: Plan, on process: ModelProcess) async throws {
    let outcome = try await run(plan.words, on: process, editor: plan.editor)
    let change = try await checkOutcome(outcome, of: plan)
    let before = model
    if let change {
      change.apply(to: &model)
      history.record([change], from: before)
    } else if plan.imported != nil {
      // An import that changed nothing records nothing.
    }
  }

  /// Checks what a command reported against its plan; returns the change it made, ids filled.
  private func checkOutcome(_ outcome: CommandOutcome, of plan: Plan) async throws
    -> ModelChange?
  {
    try expect(outcome, status: plan.status)
    guard outcome.status == 0 else { return nil }
    if var favorite = plan.added {
      guard let id = addedID(outcome.out) else {
        throw mismatch("no id in fav add's output: \(outcome.out)")
      }
      if model.ids.contains(id) { throw mismatch("fav add gave id \(id), which is in use") }
      favorite.id = id
      return .add(favorite)
    }
    if let imported = plan.imported {
      let counts = "\(imported.added.count) added, \(imported.already) already"
      if !outcome.out.contains(counts) {
        throw mismatch("expected \"\(counts)\"; fav import said: \(outcome.out)\(outcome.err)")
      }
      var added = imported.added
      if !added.isEmpty {
        // The new ids, from the listing: the rows' quotes are distinct.
        let listed = try favoriteList(
          try await runObserver(["fav", "list", "--format", "json"]).out)
        for index in added.indices {
          guard
            let row = listed.first(where: {
              model.favorites[$0.id] == nil && same($0.quote, added[index].quote)
            })
          else { throw mismatch("imported \"\(added[index].quote)\" is not listed") }
          if model.ids.contains(row.id) {
            throw mismatch("fav import gave id \(row.id), which is in use")
          }
          added[index].id = row.id
        }
      }
      if added.isEmpty && imported.merged.isEmpty { return nil }
      return .importFile(added: added, merged: imported.merged)
    }
    return plan.change
  }

  private func addedID(_ text: String) -> Int64? {
    guard let range = text.range(of: #"\(id (\d+)\)"#, options: .regularExpression) else {
      return nil
    }
    return Int64(text[range].dropFirst(4).dropLast())
  }

  private func expect(_ outcome: CommandOutcome, status: Int32) throws {
    guard outcome.status == status else {
      throw mismatch(
        "expected exit \(status), got \(outcome.status)\nstdout: \(outcome.out)\n"
          + "stderr: \(outcome.err)")
    }
  }

  private func run(_ words: [String], on process: ModelProcess, editor: String? = nil)
    async throws -> CommandOutcome
  {
    command = "[\(process.name)] " + words.joined(separator: " ")
    let outcome = try await process.run(words, editor: editor)
    logLine(command + " -> \(outcome.status)")
    if settings.verbose {
      logLine("  out: \(outcome.out.prefix(600))\n  err: \(outcome.err.prefix(600))")
    }
    return outcome
  }

  private func runObserver(_ words: [String]) async throws -> CommandOutcome {
    let outcome = try await observer.run(words)
    guard outcome.status == 0 else {
      throw mismatch("\(words.joined(separator: " ")) failed: \(outcome.err)")
    }
    return outcome
  }

  private func logLine(_ line: String) {
    let entry = "\(step): \(line)"
    log.append(entry)
    if log.count > 50 { log.removeFirst(log.count - 50) }
    if settings.verbose { FileHandle.standardError.write(Data((entry + "\n").utf8)) }
  }

  private func mismatch(_ problem: String) -> ModelMismatch {
    ModelMismatch(step: step, command: command, problem: problem, log: log)
  }

  /// Whether two texts are the same characters, code point for code point (Swift's `==`
  /// takes NFC and NFD for one).
  private func same(_ first: String, _ second: String) -> Bool {
    first.unicodeScalars.elementsEqual(second.unicodeScalars)
  }

  /// `text` with every code point outside ASCII written as `\u{...}`, so that NFC and NFD differ.
  private func shown(_ text: String) -> String {
    text.unicodeScalars.map {
      $0.isASCII ? String($0) : "\\u{" + String($0.value, radix: 16, uppercase: true) + "}"
    }.joined()
  }

  // MARK: - Several processes at once

  /// Two or three commands at once, each from its own process, on favorites none of the others
  /// touches: every order gives the same library, which the model then checks exactly.
  private func concurrentRound() async throws {
    let count = min(processes.count, Int.random(in: 2...3, using: &rng))
    let chosen = Array(processes.shuffled(using: &rng).prefix(count))
    if settings.allows(.empty), !model.trash.isEmpty, rng.chance(0.2) {
      return try await emptyingRace(chosen[0], chosen[1])
    }
    var taken: Set<Int64> = []
    var plans: [Plan] = []
    for _ in chosen {
      let free = model.favorites.keys.filter { !taken.contains($0) }.sorted()
      let freeTrash = model.trash.keys.filter { id in
        guard !taken.contains(id), let favorite = model.trash[id] else { return false }
        return model.favorite(equalTo: favorite) == nil
          && !plans.contains { plan in
            if case .restore(let ids) = plan.change {
              return ids.contains { model.trash[$0]?.isEqual(to: favorite) == true }
            }
            return false
          }
      }.sorted()
      let choice = Int.random(in: 0..<6, using: &rng)
      if choice == 1, let id = free.isEmpty ? nil : rng.pick(free),
        let favorite = model.favorites[id]
      {
        let tags = Set(tagsToUse().map(kept)).subtracting(favorite.tags)
        guard !tags.isEmpty else { continue }
        taken.insert(id)
        plans.append(
          Plan(
            words: ["fav", "tag", String(id)] + tags.sorted() + ["--format", "json"], status: 0,
            change: .tag(id: id, tags: tags)))
      } else if choice == 2, let id = free.isEmpty ? nil : rng.pick(free),
        let favorite = model.favorites[id]
      {
        taken.insert(id)
        var edited = favorite
        let fresh = freshFavorite()
        edited.quote = fresh.quote
        edited.quoteWords = fresh.quoteWords
        edited.note = newNote()
        plans.append(
          Plan(
            words: ["fav", "edit", String(id), "--quote", edited.quote, "--note", edited.note],
            status: 0, change: .edit(edited)))
      } else if choice == 3, let id = free.isEmpty ? nil : rng.pick(free) {
        taken.insert(id)
        plans.append(
          Plan(words: ["fav", "rm", String(id), "--yes"], status: 0, change: .remove(ids: [id])))
      } else if choice == 4, let id = freeTrash.isEmpty ? nil : rng.pick(freeTrash) {
        taken.insert(id)
        plans.append(
          Plan(
            words: ["fav", "restore", String(id)], status: 0, change: .restore(ids: [id])))
      } else if choice == 5, settings.allows(.import) {
        plans.append(try planImport(fresh: true))
      } else {
        plans.append(planAdd(fresh: true))
      }
    }
    guard plans.count > 1 else {
      if let plan = plans.first, let process = chosen.first {
        try await runSerial(plan, on: process)
      }
      return
    }
    command =
      "at once: "
      + zip(chosen, plans).map { "[\($0.name)] " + $1.words.joined(separator: " ") }
      .joined(separator: " | ")
    let outcomes = try await withThrowingTaskGroup(of: (Int, CommandOutcome).self) { group in
      for (index, (process, plan)) in zip(chosen, plans).enumerated() {
        let words = plan.words
        group.addTask { (index, try await process.run(words)) }
      }
      var outcomes: [Int: CommandOutcome] = [:]
      for try await (index, outcome) in group { outcomes[index] = outcome }
      return outcomes
    }
    logLine(
      command + " -> "
        + plans.indices.map { "\(outcomes[$0]?.status ?? -1)" }.joined(separator: ","))
    var changes: [ModelChange] = []
    for index in plans.indices {
      guard let outcome = outcomes[index] else { continue }
      // Imports learn their ids from the listing, so apply the others' changes first.
      if let change = try await checkOutcome(outcome, of: plans[index]) {
        changes.append(change)
      }
    }
    let before = model
    for change in changes { change.apply(to: &model) }
    history.record(changes, from: before)
  }

  // MARK: - The store against the model

  /// The library as the commands show it.
  private struct Observed {
    var favorites: [ListedFavorite]
    var trash: [ListedFavorite]
    var tags: [(tag: String, count: Int)]
  }

  private struct ListedFavorite {
    var id: Int64
    var quote: String
    var author: String
    var note: String
    var tags: [String]
    var savedAt: String
    var source: String
  }

  private func favoriteList(_ json: String) throws -> [ListedFavorite] {
    guard let items = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    else { throw mismatch("not a JSON array of favorites: \(json.prefix(300))") }
    return try items.map { item in
      guard let id = (item["id"] as? NSNumber)?.int64Value, let quote = item["quote"] as? String,
        let author = item["author"] as? String
      else { throw mismatch("a favorite without id, quote or author: \(item)") }
      return ListedFavorite(
        id: id, quote: quote, author: author, note: item["note"] as? String ?? "",
        tags: item["tags"] as? [String] ?? [], savedAt: item["savedAt"] as? String ?? "",
        source: item["source"] as? String ?? "")
    }
  }

  private func observe() async throws -> Observed {
    let favorites = try favoriteList(
      try await runObserver(["fav", "list", "--format", "json"]).out)
    let trash = try favoriteList(try await runObserver(["fav", "trash", "--format", "json"]).out)
    let tagsJSON = try await runObserver(["fav", "tags", "--format", "json"]).out
    guard
      let items = try JSONSerialization.jsonObject(with: Data(tagsJSON.utf8)) as? [[String: Any]]
    else { throw mismatch("fav tags --format json is not an array: \(tagsJSON)") }
    let tags = items.map {
      (tag: $0["tag"] as? String ?? "", count: ($0["count"] as? NSNumber)?.intValue ?? -1)
    }
    return Observed(favorites: favorites, trash: trash, tags: tags)
  }

  private func compareWithStore() async throws {
    let observed = try await observe()
    let difference = describe(model, against: observed)
    if !difference.isEmpty { throw mismatch("the store differs from the model:\n" + difference) }
    learn(from: observed)
  }

  /// How `observed` differs from `library`, one line each; empty when it does not.
  private func describe(_ library: ModelLibrary, against observed: Observed) -> String {
    var lines: [String] = []
    func compare(_ listed: [ListedFavorite], _ expected: [Int64: ModelFavorite], _ name: String) {
      let ids = listed.map(\.id)
      if name == "favorites", ids != ids.sorted() {
        lines.append("\(name) not in id order: \(ids)")
      }
      if Set(ids) != Set(expected.keys) || ids.count != expected.count {
        lines.append("\(name): ids \(ids.sorted()), the model \(expected.keys.sorted())")
      }
      for item in listed {
        guard let favorite = expected[item.id] else { continue }
        var wrong: [String] = []
        if !same(item.quote, favorite.quote) {
          wrong.append("quote \"\(item.quote)\" ≠ \"\(favorite.quote)\"")
        }
        if !same(item.author, favorite.author) {
          wrong.append("author \"\(item.author)\" ≠ \"\(favorite.author)\"")
        }
        if !same(item.note, favorite.note) {
          wrong.append("note \"\(item.note)\" ≠ \"\(favorite.note)\"")
        }
        let tags = favorite.tags.sorted {
          $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
        }
        if !item.tags.elementsEqual(tags, by: same) {
          wrong.append("tags \(item.tags.map(shown)) ≠ \(tags.map(shown))")
        }
        if let savedAt = favorite.savedAt, savedAt != item.savedAt {
          wrong.append("savedAt \(item.savedAt) ≠ \(savedAt)")
        }
        if let source = favorite.source, source != item.source {
          wrong.append("source \(item.source) ≠ \(source)")
        }
        if !wrong.isEmpty { lines.append("\(name) \(item.id): " + wrong.joined(separator: "; ")) }
      }
    }
    compare(observed.favorites, library.favorites, "favorites")
    compare(observed.trash, library.trash, "trash")
    let counts = library.tagCounts
    let listed = observed.tags
    if listed.count != counts.count
      || !listed.allSatisfy({ item in
        counts.contains { same($0.key, item.tag) && $0.value == item.count }
      })
    {
      lines.append(
        "fav tags: \(listed.map { "\(shown($0.tag)) \($0.count)" }), the model "
          + "\(counts.sorted { $0.key < $1.key }.map { "\(shown($0.key)) \($0.value)" })")
    }
    return lines.joined(separator: "\n")
  }

  /// Takes each favorite's saved time and source as the store first shows them.
  private func learn(from observed: Observed) {
    for item in observed.favorites where model.favorites[item.id]?.savedAt == nil {
      model.favorites[item.id]?.savedAt = item.savedAt
      model.favorites[item.id]?.source = item.source
    }
    for item in observed.trash where model.trash[item.id]?.savedAt == nil {
      model.trash[item.id]?.savedAt = item.savedAt
      model.trash[item.id]?.source = item.source
    }
  }

  // MARK: - At the end

  private func checkIntegrity() throws {
    let problems = try LibrarySQL.integrityProblems(store)
    if !problems.isEmpty {
      command = "integrity checks"
      throw mismatch(problems.joined(separator: "\n"))
    }
  }

  /// Undoes every change the history holds, checking each state on the way, then that
  /// nothing is left to undo.
  private func undoEverything() async throws {
    let count = history.undoable
    for _ in 0..<count where history.undoable > 0 {
      step += 1
      try await undo(on: rng.pick(processes))
      try await compareWithStore()
    }
    step += 1
    try await undo(on: rng.pick(processes))
  }

  /// The scripted `$VISUAL`: replaces texts in the form as a person would, from a JSON file
  /// of `[old, new]` pairs; exits 3 when the form does not show one of the old texts.
  static let editorScript = """
    import json, sys
    replacements = json.load(open(sys.argv[1], encoding="utf-8"))["replace"]
    path = sys.argv[2]
    text = open(path, encoding="utf-8", newline="").read()
    for old, new in replacements:
        if old not in text:
            sys.exit(3)
        text = text.replace(old, new, 1)
    open(path, "w", encoding="utf-8", newline="").write(text)
    """
}
