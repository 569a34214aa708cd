import ArgumentParser
import Foundation
import PowerQuotesCore

/// One shell session: the iOS app's two tabs for a terminal.
///
/// Every line goes through the same command tree as the command line, with a few short words for
/// the app's buttons. An error prints its sentence and the session carries on; only `quit`,
/// `exit` and the end of input end it.
final class ShellSession {
  /// A short word: what it stands for, and what it does.
  struct ShortWord: Sendable {
    var word: String
    var usage: String
    var meaning: String
  }

  /// The short words, as `help` lists them.
  static let shortWords = [
    ShortWord(word: "next", usage: "next", meaning: "a new random quote (random)"),
    ShortWord(word: "save", usage: "save", meaning: "save the quote shown last (fav add)"),
    ShortWord(
      word: "search",
      usage: "search AUTHOR",
      meaning: "favorites by an author, a page at a time"
    ),
    ShortWord(word: "list", usage: "list", meaning: "favorites, a page at a time"),
    ShortWord(
      word: "more",
      usage: "more",
      meaning: "the next page of 'list', 'search' or 'browse'"
    ),
    ShortWord(word: "back", usage: "back", meaning: "the page before, after 'browse'"),
    ShortWord(word: "show", usage: "show ID", meaning: "one favorite in full (fav show)"),
    ShortWord(
      word: "share",
      usage: "share [ID]",
      meaning: "share text for the quote shown last, or a favorite"
    ),
    ShortWord(word: "delete", usage: "delete ID...", meaning: "remove favorites (fav rm)"),
    ShortWord(word: "edit", usage: "edit ID", meaning: "change a favorite (fav edit)"),
    ShortWord(word: "trash", usage: "trash", meaning: "the removed favorites (fav trash)"),
    ShortWord(word: "undo", usage: "undo", meaning: "take back the last change (fav undo)"),
  ]

  /// The command line a short word stands for, or nil when `word` is not one.
  static func expand(_ word: String) -> [String]? {
    switch word {
    case "next": ["random"]
    case "save": ["fav", "add"]
    case "search": ["fav", "search"]
    case "list": ["fav", "list"]
    case "show": ["fav", "show"]
    case "share": ["share"]
    case "delete": ["fav", "rm"]
    case "edit": ["fav", "edit"]
    case "trash": ["fav", "trash"]
    case "undo": ["fav", "undo"]
    default: nil
    }
  }

  /// The prompt.
  static let prompt = "powerquotes> "

  private let env: AppEnvironment
  private let reader: LineReader
  private let interrupts: InterruptMonitor?
  private let stopOnError: Bool
  /// The shell's own `--api-url`, `--timeout` and so on, under what each line gives.
  private let options: GlobalOptions?
  private var pager: ListPager?
  /// The `browse` that showed the catalogue page last, while browsing is what `more` and `back`
  /// turn: kept whole, so the next page is asked of the same server, with the same options.
  private var browsing: Browse?

  /// A session over `env`, reading from `reader`; Ctrl-C goes through `interrupts` on a terminal.
  init(
    env: AppEnvironment,
    reader: LineReader,
    interrupts: InterruptMonitor? = nil,
    stopOnError: Bool = false,
    options: GlobalOptions? = nil
  ) {
    self.options = options
    self.env = env
    self.reader = reader
    self.interrupts = interrupts
    self.stopOnError = stopOnError
  }

  /// Runs until `quit`, `exit` or the end of input.
  ///
  /// - Returns: for a script, 0 when every line succeeded, else the status of the first line
  ///   that failed; for a person at a terminal, who saw every error as it came, 0.
  func run() async -> Int32 {
    let status = await loop()
    return reader.isInteractive ? 0 : status
  }

  private func loop() async -> Int32 {
    if reader.isInteractive {
      env.console.print("powerquotes shell: type 'help' for commands, 'quit' or Ctrl-D to leave.")
    }
    var firstFailure: Int32 = 0
    while true {
      let line: String
      switch reader.next(Self.prompt) {
      case .end: return firstFailure
      case .interrupted: continue
      case .line(let text): line = text
      }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      reader.remember(line)
      guard let status = await execute(trimmed) else { return firstFailure }
      if status != 0 {
        if firstFailure == 0 { firstFailure = status }
        if stopOnError { return firstFailure }
      }
    }
  }

  /// Runs one line; nil means the session should end.
  func execute(_ line: String) async -> Int32? {
    let words: [String]
    do {
      words = try ShellWords.split(line)
    } catch {
      env.console.note("Error: \(error)")
      return ExitCode.validationFailure.rawValue
    }
    guard let first = words.first else { return 0 }
    let rest = Array(words.dropFirst())
    let plainRest = !rest.contains { $0.hasPrefix("-") }
    switch first {
    case "quit", "exit":
      return nil
    case "help" where rest.isEmpty, "?":
      env.console.out(Self.help)
      return 0
    case "help":
      return await run(rest + ["--help"])
    case "more" where rest.isEmpty:
      if var next = browsing {
        next.page += 1
        return await execute(next)
      }
      return report { try showNextPage() }
    case "back" where rest.isEmpty:
      guard let browsing, browsing.page > 1 else {
        env.console.note(
          browsing == nil
            ? "'back' turns the pages of 'browse'; type 'browse' first."
            : "This is the first page."
        )
        return 0
      }
      var previous = browsing
      previous.page -= 1
      return await execute(previous)
    case "list" where rest.isEmpty:
      return report { try startList(author: nil) }
    case "search" where !rest.isEmpty && plainRest:
      return report { try startList(author: rest.joined(separator: " ")) }
    case "share" where rest.first.map { Int64($0) != nil } ?? false:
      return await run(["fav", "share"] + rest)
    case _ where Self.expand(first) == nil && CommandTree.powerquotes.subcommand(first) == nil:
      env.console.note(
        "Unknown command '\(UntrustedText.sanitized(first))'. Type 'help' to see the commands."
      )
      return ExitCode.validationFailure.rawValue
    default:
      return await run((Self.expand(first) ?? [first]) + rest)
    }
  }

  /// Parses `arguments` with the command tree and runs the command.
  private func run(_ arguments: [String]) async -> Int32 {
    let command: any ParsableCommand
    do {
      command = try PowerQuotesCommand.parseAsRoot(arguments)
    } catch {
      return reportParseError(error)
    }
    if command is Shell {
      env.console.note("This is the shell already. Type 'help' for commands.")
      return 0
    }
    return await execute(command)
  }

  /// Runs a parsed command in this session, with what its own line says about the database, the
  /// server, the timeout and colour.
  private func execute(_ command: any ParsableCommand) async -> Int32 {
    guard let runnable = command as? any EnvironmentCommand else {
      // `--help`, or a group such as `fav` on its own: ArgumentParser's own commands, whose run()
      // "fails" with the help text.
      var command = command
      do {
        try command.run()
        return 0
      } catch {
        return reportParseError(error)
      }
    }
    let env: AppEnvironment
    do {
      // `--database`, `--api-url`, `--timeout` and `--color` on a line apply to that line.
      env = try self.env.adjusted(for: runnable.global, over: options)
    } catch {
      return reportRunError(error)
    }
    do {
      if let interrupts {
        try await interrupts.cancellable { try await runnable.run(env) }
      } else {
        try await runnable.run(env)
      }
      if let browse = runnable as? Browse {
        browsing = browse
        pager = nil
      }
      return 0
    } catch {
      return reportRunError(error)
    }
  }

  private func reportParseError(_ error: any Error) -> Int32 {
    let message = PowerQuotesCommand.fullMessage(for: error)
    let code = PowerQuotesCommand.exitCode(for: error)
    if code == .success {
      env.console.out(message + "\n")
    } else {
      env.console.note(message)
    }
    return code.rawValue
  }

  private func reportRunError(_ error: any Error) -> Int32 {
    if error is CancellationError || Task.isCancelled {
      // On a terminal the ^C echoed after the command's output; start a fresh line.
      env.console.note(reader.isInteractive ? "\nCancelled." : "Cancelled.")
      return 130
    }
    if let code = error as? ExitCode { return code.rawValue }
    env.console.note(PowerQuotesCommand.fullMessage(for: UserFacingError.adapting(error)))
    return UserFacingError.exitCode(for: error)
  }

  private func report(_ body: () throws -> Void) -> Int32 {
    do {
      try body()
      return 0
    } catch {
      return reportRunError(error)
    }
  }

  // MARK: - Paging

  /// Where a paged list is: which favorites, how far it has got.
  private struct ListPager {
    var author: String?
    var view: FavoriteListView
    var total: Int
    var shown = 0
    var lastID: Int64 = 0
  }

  /// Rows a page shows: the terminal's height, less the header, footer and prompt.
  private var pageSize: Int { max(5, env.terminal.height - 4) }

  private func startList(author: String?) throws {
    browsing = nil
    let controller = try env.favoritesController()
    let shape = try controller.listShape(
      author: author, widthLimit: FavoriteListView.maxAuthorWidth,
      authorWidth: FavoriteListView.authorWidth)
    guard shape.count > 0 else {
      pager = nil
      env.console.note(
        author.map { "No favorites by an author matching '\(UntrustedText.sanitized($0))'." }
          ?? "No favorites yet. Type 'next', then 'save'."
      )
      return
    }
    pager = ListPager(
      author: author,
      view: FavoriteListView(shape: shape, width: env.terminal.width, painter: env.painter),
      total: shape.count
    )
    try showNextPage()
  }

  private func showNextPage() throws {
    guard var pager, pager.shown < pager.total else {
      env.console.note("Nothing more to show. Type 'list' or 'search AUTHOR' to start again.")
      return
    }
    let page = try env.favoritesController().page(
      author: pager.author,
      after: pager.lastID,
      limit: pageSize
    )
    guard let last = page.last else {
      // Favorites removed since the list began: the list ends early.
      self.pager = nil
      env.console.note("Nothing more to show.")
      return
    }
    let first = pager.shown + 1
    pager.shown += page.count
    pager.lastID = last.id
    var output = pager.view.header()
    for favorite in page { output += pager.view.row(favorite) }
    env.console.out(output)
    let more = pager.shown < pager.total ? " · type 'more' for the next page" : ""
    env.console.note("\(first)-\(pager.shown)/\(pager.total)\(more)")
    self.pager = pager
  }

  // MARK: - Help

  static let help: String = {
    let width = shortWords.map(\.usage.count).max() ?? 0
    let words = shortWords.map {
      "  " + $0.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.meaning
    }
    return """
      Every command of the command line works here, without 'powerquotes':
        random [--source dummyjson|zenquotes|offline] [--id N] [--save]
        today
        fav add | list | search AUTHOR | show ID | rm ID... | share ID
        fav edit ID | trash [--empty] | restore ID... | undo
        fav export [--format json|csv|markdown|fortune] | import FILE|URL
        share [--style plain|markdown|json] [--output FILE] [--copy]
        browse [--page N] [--per-page N]
        sync
        COMMAND --help    (or: help COMMAND)

      Short words:
      \(words.joined(separator: "\n"))

      help              this text
      quit, exit        leave (so does Ctrl-D); Ctrl-C abandons the line or the request

      """
  }()
}
