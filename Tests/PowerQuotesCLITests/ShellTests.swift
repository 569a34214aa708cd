import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCLI

/// A line reader over a script, recording what it was asked to remember.
final class ScriptedLines: Sendable {
  private let lines: Mutex<[LineEvent]>
  let remembered = Mutex<[String]>([])

  init(_ events: [LineEvent]) { lines = Mutex(events) }
  convenience init(_ lines: [String]) { self.init(lines.map(LineEvent.line)) }

  func reader(interactive: Bool = false) -> LineReader {
    LineReader(
      isInteractive: interactive,
      next: { _ in self.lines.withLock { $0.isEmpty ? .end : $0.removeFirst() } },
      remember: { line in self.remembered.withLock { $0.append(line) } }
    )
  }
}

@Suite("The shell in process")
struct ShellTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  private func session(
    _ lines: [String],
    client: QuoteClient = .failing,
    input: [String] = [],
    terminal: TerminalInfo = .plain,
    stopOnError: Bool = false
  ) -> (ShellSession, ScriptedLines) {
    let script = ScriptedLines(lines)
    let env = AppEnvironment.test(
      database: database,
      client: client,
      console: console,
      input: ScriptedInput(input).source,
      terminal: terminal
    )
    return (ShellSession(env: env, reader: script.reader(), stopOnError: stopOnError), script)
  }

  @Test(
    "fav ls, fav delete and fav remove work in the shell; a mistyped word gets a suggestion; help options lists the global options"
  )
  func aliasesAndTypos() async throws {
    let (shell, _) = session([
      "fav add \"Know thyself.\" --author Socrates", "fav add \"Be.\" --author Rumi", "fav ls",
      "nxet", "fav lsit", "help options", "fav delete 1 --yes", "fav remove 2 --yes",
    ])
    let status = await shell.run()
    #expect(status == 64)
    #expect(console.out.contains("Socrates") && console.out.contains("Know thyself."))
    #expect(
      console.err.contains(
        "Line 4: Unknown command 'nxet'. Did you mean 'next'? Type 'help' to see the commands."))
    #expect(
      console.err.contains(
        "Error on line 5: Unknown command 'fav lsit'. Did you mean 'fav list'?\n"
          + "Usage: fav <subcommand>\n  See 'help fav' for more information."))
    #expect(console.out.contains("GLOBAL OPTIONS"))
    for name in GlobalOptions.optionNames { #expect(console.out.contains(name)) }
    #expect(try database.favorites().isEmpty)
  }

  @Test("random then save saves the quote just shown; a second save is a duplicate")
  func sharedCurrentQuote() async throws {
    let (shell, _) = session(["random", "save", "save"], client: .returning(Samples.rumi))
    let status = await shell.run()
    #expect(console.out.contains("Dear Self,"))
    #expect(console.out.contains("Favorite added! (id 1)"))
    #expect(console.err.contains("Already a Favorite: This quote is already in your favorites."))
    #expect(status == 3)
    #expect(try database.favorites().map(\.quote) == [Samples.rumi])
  }

  @Test(
    "Errors print a sentence naming the script's line and the session carries on; the first failure is the status"
  )
  func errorsDoNotEndTheSession() async throws {
    let (shell, _) = session([
      "fav show 7", "random --offline --online", "", "# a comment", "bogus", "say \"unterminated",
      "fav add \"Know thyself.\" --author Socrates", "fav list",
    ])
    let status = await shell.run()
    #expect(status == 1)
    // Lines count as an editor counts them: blank and comment lines too.
    #expect(
      console.err.contains("Error on line 1: No favorite with id 7. Type 'fav list' to see ids."))
    #expect(
      console.err.contains("Error on line 2: --offline and --online cannot be used together."))
    #expect(
      console.err.contains("Line 5: Unknown command 'bogus'. Type 'help' to see the commands."))
    #expect(console.err.contains("Error on line 6: The line has an unterminated double quote."))
    #expect(console.out.contains("Favorite added! (id 1)"))
    #expect(console.out.contains("Know thyself."))
  }

  @Test("--stop-on-error stops at the first failing line")
  func stopOnError() async throws {
    let (shell, _) = session(["fav show 7", "fav add words --author A"], stopOnError: true)
    #expect(await shell.run() == 1)
    #expect(try database.favoriteCount() == 0)
  }

  @Test("Blank lines and comments are skipped; quit ends the session")
  func blankCommentsQuit() async throws {
    let (shell, script) = session(["", "   ", "# a comment", "quit", "fav add x --author y"])
    #expect(await shell.run() == 0)
    #expect(console.out.isEmpty && console.err.isEmpty)
    #expect(try database.favoriteCount() == 0)
    #expect(script.remembered.withLock { $0 } == ["quit"])
  }

  @Test("Short words stand for commands")
  func shortWords() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    let (shell, _) = session(
      ["next", "show 2", "share", "share 1 --style markdown", "search umar ibn", "delete 1 --yes"],
      client: .returning(Samples.socrates)
    )
    #expect(await shell.run() == 0)
    #expect(console.out.contains("Know thyself."))
    #expect(console.out.contains("Favorite 2 · DummyJSON #20"))
    #expect(console.out.contains("\"Know thyself.\" — Socrates\n"))
    #expect(console.out.contains("> Your heart is the size of an ocean."))
    #expect(console.out.contains(" 2  Umar ibn Al-Khattāb (R.…  Be mindful"))
    #expect(console.out.contains("Removed favorite 1."))
    #expect(try database.favorites().map(\.id) == [2])
  }

  /// Favorites "Quote 1" to "Quote `count`", by "Author", saved by hand.
  private func addNumberedFavorites(_ count: Int) throws {
    for n in 1...count {
      _ = try database.addFavorite(
        Quote(text: "Quote \(n)", author: "Author", source: .manual),
        at: testDate
      )
    }
  }

  /// A 9-row window, not a terminal: 5 rows a page.
  private static let nineRows = TerminalInfo(
    width: 80, height: 9, inputIsTerminal: false, outputIsTerminal: false, usesColor: false)

  @Test("list shows a page at a time, with an indicator, and more goes on")
  func paging() async throws {
    try addNumberedFavorites(12)
    let terminal = Self.nineRows
    let (shell, _) = session(["list", "more", "more", "more"], terminal: terminal)
    #expect(await shell.run() == 0)
    let indicators = console.err.split(separator: "\n")
    #expect(
      indicators == [
        "1-5/12 · type 'more' for the next page", "6-10/12 · type 'more' for the next page",
        "11-12/12", "Nothing more to show. Type 'list' or 'search AUTHOR' to start again.",
      ]
    )
    let rows = console.out.split(separator: "\n").filter { !$0.hasPrefix("ID") }
    #expect(
      rows.map { $0.split(separator: " ").first.map(String.init) } == (1...12).map { "\($0)" })
  }

  @Test("more after the rest was removed says so, with no header and no rows")
  func pagingEndsEarly() async throws {
    try addNumberedFavorites(7)
    let terminal = Self.nineRows
    let (shell, _) = session(["list", "fav rm 6 7 --yes", "more"], terminal: terminal)
    #expect(await shell.run() == 0)
    // fav rm says what it removed on stdout too.
    let lines = console.out.split(separator: "\n").filter { !$0.hasPrefix("Removed") }
    #expect(lines.filter { $0.hasPrefix("ID") }.count == 1)
    #expect(
      lines.filter { !$0.hasPrefix("ID") }.map { $0.split(separator: " ").first.map(String.init) }
        == (1...5).map { "\($0)" })
    #expect(console.err.hasSuffix("\nNothing more to show.\n"))
  }

  @Test("fav rm asks in the shell as on a terminal")
  func removeAsks() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let terminal = TerminalInfo(
      width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: false)
    let (shell, _) = session(["delete 1", "fav rm 1"], input: ["no", "y"], terminal: terminal)
    #expect(await shell.run() == 0)
    #expect(console.err.contains("Nothing removed."))
    #expect(console.out.contains("Removed favorite 1."))
  }

  @Test("A usage error names the command as the shell types it, and 'help COMMAND' for more")
  func usageErrorInShellWords() async throws {
    let (shell, _) = session(["fav add --bogus", "fav list extra"])
    #expect(await shell.run() == 64)
    let lines = console.err.split(separator: "\n").map(String.init)
    #expect(lines.contains("Error on line 1: Unknown option '--bogus'"))
    #expect(lines.contains { $0.hasPrefix("Usage: fav add [<text>] [--author <author>]") })
    #expect(lines.contains("  See 'help fav add' for more information."))
    #expect(lines.contains { $0.hasPrefix("Usage: fav list [--tag <tag>]") })
    #expect(lines.contains("  See 'help fav list' for more information."))
    #expect(!console.err.contains("powerquotes"))
  }

  @Test("A usage error found as a command runs names that command too, as the shell types it")
  func runTimeUsageErrorInShellWords() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let (shell, _) = session(["edit 1 --note " + String(repeating: "n", count: 4001)])
    #expect(await shell.run() == 64)
    let lines = console.err.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Error on line 1: The note is longer than") == true)
    #expect(lines.contains { $0.hasPrefix("Usage: fav edit <id> [--quote <quote>]") })
    #expect(lines.contains("  See 'help fav edit' for more information."))
    #expect(!console.err.contains("subcommand"))
  }

  @Test("help and --help print help on stdout and succeed")
  func help() async throws {
    let (shell, _) = session(["help", "fav search --help", "help random", "fav"])
    #expect(await shell.run() == 0)
    #expect(console.out.contains("Short words:"))
    // Usage as typed here, without 'powerquotes'.
    #expect(console.out.contains("USAGE: fav search"))
    #expect(console.out.contains("USAGE: random"))
    #expect(console.out.contains("USAGE: fav <subcommand>"))
    #expect(!console.out.contains("USAGE: powerquotes"))
    // Under "Short words:", every line (help and quit too) is indented, its meaning in one column.
    let words = ShellSession.help.components(separatedBy: "Short words:\n")[1]
      .split(separator: "\n").map(String.init)
    #expect(words.allSatisfy { $0.hasPrefix("  ") })
    let column = try #require(words.first?.range(of: "a new random quote")?.lowerBound)
    let offset = words[0].distance(from: words[0].startIndex, to: column)
    #expect(words.last?.dropFirst(offset).hasPrefix("leave (so does Ctrl-D)") == true)
    #expect(words.contains { $0.dropFirst(offset) == "this text" })
  }

  @Test("Hints in the shell name shell words, not 'powerquotes' command lines")
  func hintsNameShellWords() async throws {
    let (shell, _) = session(["list", "fav list", "save", "more", "back"])
    #expect(await shell.run() == 1)
    #expect(
      console.err
        == "No favorites yet. Type 'random', then 'fav add'.\n"
        + "No favorites yet. Type 'random', then 'fav add'.\n"
        + "Error on line 3: No quote to save yet. Type 'random' first.\n"
        + "Nothing more to show. Type 'list' or 'search AUTHOR' to start again.\n"
        + "'back' turns the pages of 'browse'; type 'browse' first.\n")
  }

  @Test("A line's --color wins over the shell's, --color auto included")
  func lineColor() async throws {
    // The shell was started with --color always; its output is not a terminal.
    let settings = RunSettings(try GlobalOptions.parse(["--color", "always"]), environment: [:])
    var env = AppEnvironment.test(database: database, console: console)
    env.terminal.usesColor = true
    let script = ScriptedLines(["random --offline", "random --offline --color auto"])
    let shell = ShellSession(env: env, reader: script.reader(), settings: settings)
    #expect(await shell.run() == 0)
    let cards = console.out.components(separatedBy: "Dear Self,")
    #expect(cards.count == 3)
    #expect(cards[1].contains("\u{1B}["))
    // auto on a pipe: no colour, though the shell's own setting is always.
    #expect(!cards[2].contains("\u{1B}["))
  }

  @Test("A line's --timeout and --color win over the shell's, even when they are the defaults")
  func lineSettingsOverTheShells() throws {
    let shell = RunSettings(
      try GlobalOptions.parse(["--timeout", "0.3", "--color", "never"]), environment: [:])
    let line = shell.overridden(
      by: try GlobalOptions.parse(["--timeout", "10", "--color", "auto"]), environment: [:])
    #expect(line.timeoutSeconds == 10)
    #expect(line.color == .auto)
    let plain = shell.overridden(by: try GlobalOptions.parse([]), environment: [:])
    #expect(plain.timeoutSeconds == 0.3)
    #expect(plain.color == .never)
  }

  @Test("In a script, a command that fails with its own status names its line too")
  func ownStatusNamesItsLine() async throws {
    let (shell, _) = session([
      "fav add x --author y", "fav add x --author y", "random --favorites --author nobody",
    ])
    #expect(await shell.run() == 3)
    #expect(
      console.err.contains(
        "Line 2: Already a Favorite: This quote is already in your favorites.\n"))
    #expect(console.err.contains("Line 3: "))
  }

  @Test("fav import - is refused in the shell: standard input is the shell's own")
  func importFromStandardInputRefused() async throws {
    let (shell, _) = session(["fav import -", "quote,author", "fav add x --author y"])
    #expect(await shell.run() == 64)
    #expect(
      console.err.hasPrefix(
        "Error on line 1: The shell reads its commands from standard input, so 'fav import -' "
          + "cannot read a file from it here; give the file's path.\n"
          + "Line 2: Unknown command 'quote,author'."))
    #expect(try database.favorites().map(\.quote.author) == ["y"])
  }

  @Test("A person at a terminal leaves with status 0 even after errors; Ctrl-C lines are skipped")
  func interactiveStatus() async throws {
    let script = ScriptedLines([.line("fav show 9"), .interrupted, .line("quit")])
    let env = AppEnvironment.test(database: database, console: console)
    let shell = ShellSession(env: env, reader: script.reader(interactive: true))
    #expect(await shell.run() == 0)
    #expect(console.out.hasPrefix("powerquotes shell: type 'help' for commands"))
    // The line was just typed: no line number.
    #expect(console.err == "Error: No favorite with id 9. Type 'fav list' to see ids.\n")
  }
}

@Suite("Shell words")
struct ShellWordsTests {
  @Test(
    arguments: [
      (
        "fav add \"Know thyself.\" --author Socrates",
        ["fav", "add", "Know thyself.", "--author", "Socrates"]
      ),
      ("search  umar   ibn ", ["search", "umar", "ibn"]),
      (#"fav add 'It''s' x"#, ["fav", "add", "Its", "x"]),
      (#"a\ b "c\"d" 'e\f'"#, ["a b", "c\"d", #"e\f"#]),
      (#""say \n""#, [#"say \n"#]),
      ("\"\" ''", ["", ""]),
      ("", []),
      // The fuzzer's finding (Fuzz/run.sh words): a combining mark right after a quote mark is
      // quoted text, and a word of one combining mark is a word.
      ("'\u{301}x' \"\u{30D}\" y", ["\u{301}x", "\u{30D}", "y"]),
      ("\u{30D} ", ["\u{30D}"]),
    ]
  )
  func splits(line: String, words: [String]) throws {
    #expect(try ShellWords.split(line) == words)
  }

  @Test func errors() {
    #expect(throws: ShellWords.SplitError.unterminatedQuote("\"")) { try ShellWords.split("a \"b") }
    #expect(throws: ShellWords.SplitError.unterminatedQuote("'")) { try ShellWords.split("'b") }
    #expect(throws: ShellWords.SplitError.trailingBackslash) { try ShellWords.split("b\\") }
  }
}

@Suite("Shell completion")
struct ShellCompletionTests {
  let completer = ShellCompleter(
    tree: .powerquotes,
    authors: { ["Rumi", "Umar ibn Al-Khattāb (R.A)", "Abu Bakr (R.A)"] }
  )

  @Test("The tree comes from ArgumentParser")
  func tree() throws {
    let tree = CommandTree.powerquotes
    #expect(
      tree.subcommands.map(\.name) == [
        "random", "today", "fav", "share", "browse", "sync", "shell", "app",
      ]
    )
    let fav = try #require(tree.subcommand("fav"))
    #expect(
      fav.subcommands.map(\.name)
        == [
          "add", "list", "search", "find", "show", "edit", "tag", "untag", "tags", "rm", "trash",
          "restore", "undo", "share",
          "export", "import", "stats",
        ])
    #expect(fav.subcommand("ls")?.name == "list")
    #expect(fav.subcommand("delete")?.name == "rm" && fav.subcommand("remove")?.name == "rm")
    #expect(tree.subcommand("random")?.flags.contains("--offline") == true)
    #expect(tree.subcommand("random")?.values["--format"] == ["text", "json"])
    #expect(tree.subcommand("random")?.values["--source"] == ["dummyjson", "zenquotes", "offline"])
    #expect(tree.subcommand("today")?.values["--format"] == ["text", "json"])
  }

  @Test(
    arguments: [
      (
        [], "",
        [
          "back", "browse", "delete", "edit", "exit", "fav", "find", "help", "list", "more",
          "next", "quit", "random", "restore", "save", "search", "share", "show",
          "stats", "sync", "tag", "tags", "today", "trash", "undo", "untag",
        ]
      ),
      ([], "ra", ["random"]),
      // The shell is where the line is typed: `shell` is not offered.
      ([], "sh", ["share", "show"]),
      (["fav"], "l", ["list"]),
      (["fav"], "se", ["search"]),
      (["fav"], "s", ["search", "share", "show", "stats"]),
      (["random"], "--o", ["--offline", "--online"]),
      (["random", "--format"], "", ["json", "text"]),
      (["fav", "search"], "um", ["Umar ibn Al-Khattāb (R.A)"]),
      (["search"], "", ["Abu Bakr (R.A)", "Rumi", "Umar ibn Al-Khattāb (R.A)"]),
      (["fav", "search", "rumi"], "", []),
      (["fav", "show"], "", []),
      (["next"], "--sa", ["--save"]),
      (["random", "--source"], "z", ["zenquotes"]),
      ([], "to", ["today"]),
      (["fav"], "re", ["restore"]),
      (["fav"], "u", ["undo", "untag"]),
      (["fav"], "t", ["tag", "tags", "trash"]),
      ([], "un", ["undo", "untag"]),
      ([], "res", ["restore"]),
      (["fav", "trash"], "--y", ["--yes"]),
      (["trash"], "--e", ["--empty"]),
      (["fav", "trash", "--format"], "", ["json", "text"]),
      (["fav", "edit", "12"], "--no", ["--note"]),
      (["edit", "12"], "--q", ["--quote"]),
      (["fav", "restore"], "", []),
      (["fav"], "st", ["stats"]),
      (["random"], "--ma", ["--max-length"]),
      (["random"], "--fa", ["--favorites"]),
      (["random", "--favorites", "--author"], "r", ["Rumi"]),
      (["next", "--favorites", "--author"], "ab", ["Abu Bakr (R.A)"]),
      (["random", "--author", "rumi"], "--sh", ["--short"]),
      (["fav", "import", "clips.txt", "--from"], "c", ["clippings", "csv"]),
      (["fav", "undo"], "--f", ["--format"]),
      (["restore", "12", "--format"], "", ["json", "text"]),
      (["fav", "edit", "12", "--format"], "j", ["json"]),
      (["tag", "3", "stoic"], "--fo", ["--format"]),
      (["fav", "untag", "3", "--format"], "", ["json", "text"]),
    ]
  )
  func candidates(before: [String], word: String, expected: [String]) {
    #expect(completer.candidates(before: before, word: word) == expected)
  }

  @Test(
    "What Tab puts in the line reads back as the whole author, quoted or after an opening quote",
    arguments: ["Marcus Aurelius", "Eugene O'Neill", #"Say "no" \ O'Neill"#, "Rumi"]
  )
  func completionsReadBack(author: String) throws {
    let completer = ShellCompleter(tree: .powerquotes, authors: { [author] })
    let word = String(author.prefix(2)).lowercased()
    for line in ["random --favorites --author ", "search ", "fav search "] {
      for quote in [nil, "'", "\""] as [Character?] {
        let inserted = completer.completions(line: line, word: word, openQuote: quote)
        #expect(inserted.count == 1)
        let typed = line + (quote.map(String.init) ?? "") + (inserted.first ?? "") + " "
        #expect(try ShellWords.split(typed).last == author, "\(typed)")
      }
    }
    // A list of several shows them as they read: no quote closes them (`Rumi"`).
    let several = ShellCompleter(tree: .powerquotes, authors: { [author, author + " Jr."] })
    for quote in [nil, "'", "\""] as [Character?] {
      let listed = several.listed(line: "search ", word: word, openQuote: quote)
      #expect(listed.shown == [author, author + " Jr."])
      #expect(listed.inserted.count == 2)
    }
    // A plain name is put as it is.
    if author == "Rumi" {
      #expect(completer.completions(line: "search ", word: "r", openQuote: nil) == ["Rumi"])
    }
  }
}
