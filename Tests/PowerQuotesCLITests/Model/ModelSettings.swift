import Foundation

/// How a model-based run is set up: from the environment, so that `Scripts/model-test.sh` can
/// run it with any seed for as long as asked, and a failure can be replayed exactly.
///
/// - `POWERQUOTES_MODEL_SEED`: the seed (default a fixed one, for CI).
/// - `POWERQUOTES_MODEL_STEPS`: commands per store (default 60, CI's budget).
/// - `POWERQUOTES_MODEL_PROCESSES`: 1 to 3 processes at once (default: from the seed).
/// - `POWERQUOTES_MODEL_SKIP`: a comma-separated list of command kinds to leave out of the
///   mix (``ModelSettings/Kind``), to run without the commands of a known bug.
/// - `POWERQUOTES_MODEL_VERBOSE=1`: every step on standard error.
struct ModelSettings: Sendable, CustomStringConvertible {
  /// What the mix is made of; each can be left out.
  enum Kind: String, CaseIterable, Sendable {
    case add, edit, form, tag, untag, rm, restore, empty, undo, `import`, find
    /// Commands that change nothing (a duplicate add, a tag already there, an unchanged
    /// import or edit, emptying an empty trash): they must record nothing (issue 20, item 5).
    case noop
    /// Commands from two or three processes at once.
    case concurrent
    /// Tags written in NFD as well as NFC (issue 20, item 8).
    case nfc
    /// Undo as far back as README's 100 changes: left out, `fav undo` may say there is nothing
    /// left sooner, and the model then forgets its history (issue 20, item 5).
    case history
  }

  static let defaultSeed: UInt64 = 20_261_126

  var seed: UInt64
  var steps: Int
  var processes: Int
  var skipped: Set<Kind>
  var verbose: Bool

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    seed = environment["POWERQUOTES_MODEL_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
    steps = environment["POWERQUOTES_MODEL_STEPS"].flatMap { Int($0) } ?? 60
    processes =
      environment["POWERQUOTES_MODEL_PROCESSES"].flatMap { Int($0) }.map { min(3, max(1, $0)) }
      ?? Int(1 + seed % 3)
    skipped = Set(
      (environment["POWERQUOTES_MODEL_SKIP"] ?? "").split(separator: ",").compactMap {
        Kind(rawValue: $0.trimmingCharacters(in: .whitespaces))
      })
    verbose = environment["POWERQUOTES_MODEL_VERBOSE"] == "1"
  }

  func allows(_ kind: Kind) -> Bool { !skipped.contains(kind) }

  /// The environment that replays this run.
  var description: String {
    var text =
      "POWERQUOTES_MODEL_SEED=\(seed) POWERQUOTES_MODEL_STEPS=\(steps) "
      + "POWERQUOTES_MODEL_PROCESSES=\(processes)"
    if !skipped.isEmpty {
      text += " POWERQUOTES_MODEL_SKIP=" + skipped.map(\.rawValue).sorted().joined(separator: ",")
    }
    return text
  }
}
