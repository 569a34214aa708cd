import ArgumentParser
import Foundation

/// The command tree's names and flags, read from ArgumentParser's own description of it, so
/// completion can never drift from what the parser accepts.
struct CommandTree: Equatable, Sendable {
  /// The command's name.
  var name: String
  /// Its subcommands.
  var subcommands: [CommandTree]
  /// Its flags and options, with `--help`.
  var flags: [String]
  /// The values an option accepts, by option name, where they are a fixed list.
  var values: [String: [String]]

  /// The subcommand called `name`.
  func subcommand(_ name: String) -> CommandTree? {
    subcommands.first { $0.name == name }
  }

  /// The first of `words` (after this command's name; options aside) that names no
  /// subcommand where it stands, or nil when they all do.
  func unknownCommand(in words: some Sequence<String>) -> String? {
    var tree = self
    for word in words where !word.hasPrefix("-") {
      guard let next = tree.subcommand(word) else { return word }
      tree = next
    }
    return nil
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

  /// The parts of ArgumentParser's `--experimental-dump-help` JSON that completion needs.
  private struct ToolInfo: Decodable {
    struct Command: Decodable {
      var commandName: String
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
