import ArgumentParser
import Foundation

/// The command tree's names and flags, read from ArgumentParser's own description of it, so
/// completion can never drift from what the parser accepts.
struct CommandTree: Equatable, Sendable {
  /// The command's name.
  var name: String
  /// The other names it answers to (`fav ls` for `fav list`).
  var aliases: [String] = []
  /// Its subcommands.
  var subcommands: [CommandTree]
  /// Its flags and options, with `--help`.
  var flags: [String]
  /// The values an option accepts, by option name, where they are a fixed list.
  var values: [String: [String]]

  /// The subcommand called `name`.
  func subcommand(_ name: String) -> CommandTree? {
    subcommands.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// The first of `words` (a line's words after `powerquotes`) that stands where a command
  /// group expects a subcommand and names none, with the subcommand it looks most like; nil
  /// when every such word names one.
  ///
  /// `path` is the commands before it, as typed.
  ///
  /// ArgumentParser suggests a close option for a mistyped one, but says only "Unexpected
  /// argument" for a mistyped command.
  func mistypedCommand(in words: some Sequence<String>)
    -> (path: [String], word: String, suggestion: String?)?
  {
    var tree = self
    var path: [String] = []
    for word in words where !word.hasPrefix("-") {
      // A command that runs takes its own arguments; only a group's words name commands.
      guard !tree.subcommands.isEmpty else { return nil }
      guard let next = tree.subcommand(word) else {
        return (path, word, tree.closestSubcommand(to: word))
      }
      path.append(word)
      tree = next
    }
    return nil
  }

  /// The names and aliases of the subcommands, `help` aside.
  var subcommandNames: [String] {
    subcommands.flatMap { [$0.name] + $0.aliases }
  }

  /// The subcommand `word` is most likely a slip of (see ``closest(to:among:)``).
  private func closestSubcommand(to word: String) -> String? {
    Self.closest(to: word, among: subcommandNames)
  }

  /// The one of `names` that `word` is a slip of: two edits away at most (a letter added,
  /// dropped, changed, or two neighbours swapped), and fewer than half its letters; nil when
  /// none is that close.
  static func closest(to word: String, among names: [String]) -> String? {
    let typed = Array(word.lowercased())
    let scored = names.map { (name: $0, distance: editDistance(typed, Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.distance < $1.distance }),
      best.distance <= min(2, typed.count / 2)
    else { return nil }
    return best.name
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions, and
  /// transpositions of neighbours (`rnadom` is one from `random`).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// The tree of `powerquotes`.
  static let powerquotes: CommandTree = {
    // ArgumentParser answers `--experimental-dump-help` by "failing" with the JSON as its message.
    var message = ""
    do {
      _ = try PowerQuotesCommand.parseAsRoot(["--experimental-dump-help"])
    } catch {
      message = PowerQuotesCommand.fullMessage(for: error)
    }
    guard let data = message.data(using: .utf8),
      let info = try? JSONDecoder().decode(ToolInfo.self, from: data)
    else { return CommandTree(name: "powerquotes", subcommands: [], flags: [], values: [:]) }
    return CommandTree(info.command)
  }()

  private init(_ info: ToolInfo.Command) {
    name = info.commandName
    aliases = info.aliases ?? []
    subcommands = (info.subcommands ?? []).filter { $0.commandName != "help" }.map(CommandTree.init)
    var flags: [String] = []
    var values: [String: [String]] = [:]
    for argument in info.arguments ?? [] where argument.kind != "positional" {
      for name in argument.names ?? [] where name.kind == "long" {
        flags.append("--" + name.name)
        if let all = argument.allValues, !all.isEmpty { values["--" + name.name] = all }
      }
    }
    self.flags = flags.filter { $0 != "--help" && $0 != "--version" } + ["--help"]
    self.values = values
  }

  init(name: String, subcommands: [CommandTree], flags: [String], values: [String: [String]]) {
    self.name = name
    self.subcommands = subcommands
    self.flags = flags
    self.values = values
  }

  /// The parts of ArgumentParser's `--experimental-dump-help` JSON that completion (and the
  /// tests of the direct grammar) read.
  struct ToolInfo: Decodable {
    struct Command: Decodable {
      var commandName: String
      var aliases: [String]?
      var subcommands: [Command]?
      var arguments: [Argument]?
    }
    struct Argument: Decodable {
      struct Name: Decodable {
        var kind: String
        var name: String
      }
      var kind: String
      var names: [Name]?
      var allValues: [String]?
    }
    var command: Command
  }
}
