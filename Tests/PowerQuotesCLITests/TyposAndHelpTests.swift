import ArgumentParser
import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("Typos, aliases, and help that fits a screen")
struct TyposAndHelpTests {
  /// What `main` prints for `words`, and its status.
  private func messageFor(_ words: [String]) -> CommandMessage? {
    do {
      _ = try PowerQuotesCommand.parse(words: words)
      return nil
    } catch {
      return CommandMessage(error, words: words)
    }
  }

  @Test(
    "A quote that starts with '-' is shown where it goes: after '--' (exit 64)",
    arguments: [
      (["fav", "add", "-5 degrees today", "--author", "Weather"], "-5 degrees today"),
      (["fav", "add", "-5 degrees today"], "-5 degrees today"),
      (["fav", "edit", "3", "--author", "-1 Tom"], "-1 Tom"),
    ])
  func dashedText(words: [String], word: String) throws {
    let message = try #require(messageFor(words))
    #expect(message.status == 64)
    let lines = message.text.split(separator: "\n")
    #expect(lines.count > 2)
    #expect(
      lines[1]
        == "Text that starts with '-' goes last, after '--' (... -- \"\(word)\"), or after an "
        + "option's '=' (--author=\"\(word)\").")
    // An option that is only mistyped gets no such line.
    #expect(messageFor(["random", "--ofline"])?.text.contains("goes after '--'") == false)
  }

  @Test(
    "A mistyped command gets the one it looks like, as a mistyped option does (exit 64)",
    arguments: [
      (["rnadom"], "Unknown command 'rnadom'. Did you mean 'random'?"),
      (["tody", "--format", "json"], "Unknown command 'tody'. Did you mean 'today'?"),
      (["fav", "lsit"], "Unknown command 'fav lsit'. Did you mean 'fav list'?"),
      (["fav", "delte", "3"], "Unknown command 'fav delte'. Did you mean 'fav delete'?"),
      (["fav", "srch", "rumi"], "Unknown command 'fav srch'. Did you mean 'fav search'?"),
      (["fav", "lsit", "--tag", "stoic"], "Unknown command 'fav lsit'. Did you mean 'fav list'?"),
      (["frobnicate"], "Unknown command 'frobnicate'."),
      (["random", "--ofline"], "Unknown option '--ofline'. Did you mean '--offline'?"),
    ])
  func suggestions(words: [String], sentence: String) throws {
    let message = try #require(messageFor(words))
    #expect(message.status == 64)
    #expect(!message.isOutput)
    #expect(message.text.hasPrefix("Error: \(sentence)\n"))
    // A command with the usage of the group it was typed in.
    if sentence.hasPrefix("Unknown command") {
      let group = words.first == "fav" ? "fav " : ""
      #expect(message.text.contains("Usage: powerquotes \(group)<subcommand>\n"), "\(message.text)")
    }
  }

  @Test("Words that a command takes as its own are never read as a mistyped command")
  func argumentsAreNotCommands() throws {
    #expect(try PowerQuotesCommand.parse(words: ["fav", "find", "rnadom"]) is Favorites.Find)
    #expect(try PowerQuotesCommand.parse(words: ["fav", "search", "lsit"]) is Favorites.Search)
    #expect(messageFor(["fav", "show", "x"])?.text.contains("Unknown command") == false)
  }

  @Test("Edit distance counts a swap of neighbours as one")
  func editDistance() {
    #expect(CommandTree.editDistance(Array("rnadom"), Array("random")) == 1)
    #expect(CommandTree.editDistance(Array("lsit"), Array("list")) == 1)
    #expect(CommandTree.editDistance(Array(""), Array("abc")) == 3)
    #expect(CommandTree.closest(to: "xyz", among: ["random", "today"]) == nil)
    #expect(CommandTree.closest(to: "ls", among: ["list", "ls"]) == "ls")
  }

  @Test("fav ls is fav list; fav delete and fav remove are fav rm, built directly or not")
  func aliases() throws {
    #expect(try PowerQuotesCommand.parse(words: ["fav", "ls"]) is Favorites.List)
    #expect(try PowerQuotesCommand.parseDirectly(words: ["fav", "ls"]) is Favorites.List)
    #expect(DirectLine(words: ["fav", "ls", "--format", "json"]) != nil)
    for name in ["rm", "delete", "remove"] {
      #expect(try PowerQuotesCommand.parse(words: ["fav", name, "3", "--yes"]) is Favorites.Remove)
    }
  }

  @Test("random's help fits 40 lines of 80 columns")
  func randomHelpFits() {
    let lines = Random.helpMessage(columns: 80).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 40)
    #expect(lines.allSatisfy { $0.count <= 80 })
  }

  @Test("The global options are listed once: by the root's help, not by each command's")
  func globalOptionsOnce() throws {
    let root = PowerQuotesCommand.helpMessage(columns: 80)
    let summary = GlobalOptions.summary(columns: 80)
    #expect(root.contains(summary))
    for name in GlobalOptions.optionNames {
      #expect(summary.contains(name))
    }
    let commands: [any ParsableCommand.Type] = [
      Random.self, Today.self, Favorites.List.self, Favorites.Add.self, Browse.self, Shell.self,
    ]
    for command in commands {
      let path = command._commandName
      let help = PowerQuotesCommand.helpMessage(for: command, columns: 80)
      #expect(help.hasPrefix("OVERVIEW:"), "\(path)")
      for name in GlobalOptions.optionNames {
        #expect(!help.contains(name + " "), "\(path) lists \(name)")
      }
    }
    // Hidden, not gone: a command still takes them.
    let list = try #require(
      try PowerQuotesCommand.parse(words: ["fav", "list", "--database", "/tmp/x.sqlite"])
        as? Favorites.List)
    #expect(list.global.database == "/tmp/x.sqlite")
  }

  @Test("The completion scripts still complete the global options after a command")
  func completionScriptsKeepGlobalOptions() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    for shell in ["bash", "zsh", "fish"] {
      let script = try await runBinary(["--generate-completion-script", shell], home: home.path)
      #expect(script.status == 0)
      for name in GlobalOptions.optionNames {
        #expect(script.out.contains(name.dropFirst(2)), "\(shell): \(name)")
      }
    }
    // Help still leaves them out.
    let help = try await runBinary(["random", "--help"], home: home.path)
    #expect(!help.out.contains("--database"))
  }

  @Test(
    "powerquotes help options prints the global options and succeeds; a typo after help is a usage error"
  )
  func helpOptions() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let options = try await runBinary(["help", "options"], home: home.path)
    #expect(options.status == 0)
    #expect(options.err.isEmpty)
    #expect(options.out.hasPrefix("GLOBAL OPTIONS"))
    for name in GlobalOptions.optionNames { #expect(options.out.contains(name)) }
    let typo = try await runBinary(["help", "rnadom"], home: home.path)
    #expect(typo.status == 64)
    #expect(typo.err.hasPrefix("Error: Unknown command 'rnadom'. Did you mean 'random'?\n"))
    let mistyped = try await runBinary(["fav", "lsit"], home: home.path)
    #expect(mistyped.status == 64)
    #expect(mistyped.err.hasPrefix("Error: Unknown command 'fav lsit'. Did you mean 'fav list'?\n"))
  }
}
