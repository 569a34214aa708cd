import ArgumentParser
import Foundation
import PowerQuotesCore

/// One shell session: the iOS app's two tabs for a terminal.
///
/// Every line goes through the same command tree as the command line, with a few short words for
/// the app's buttons. An error prints its sentence and the session carries on; only `quit`,
/// `exit` and the end of input end it.
final class ShellSession {
  /// The prompt.
  static let prompt = "powerquotes> "

  private let env: AppEnvironment
  private let reader: LineReader
  private let interrupts: InterruptMonitor?
  private let stopOnError: Bool
  /// The shell's own `--api-url`, `--timeout` and so on, under what each line gives.
  private let settings: RunSettings
  /// Whether a `random` line gets live clients that wait only briefly (see
  /// `RunSettings.randomTimeoutSeconds`): the live shell's; a test's clients stay its own.
  private let connectsBriefly: Bool
  /// What `more` and `back` go on with: the list or the catalogue page shown last.
  private var continuation: (any ShellContinuation)?
  /// The number of the line being run, counting blank and comment lines, as an editor does.
  private var lineNumber = 0

  /// A session over `env`, reading from `reader`; Ctrl-C goes through `interrupts` on a terminal.
  init(
    env: AppEnvironment,
    reader: LineReader,
    interrupts: InterruptMonitor? = nil,
    stopOnError: Bool = false,
    settings: RunSettings? = nil,
    connectsBriefly: Bool = false
  ) {
    self.settings = settings ?? RunSettings(environment: env.environment)
    self.connectsBriefly = connectsBriefly
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
      lineNumber += 1
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
  ///
  /// Hints in what the line prints name shell words ("Type 'fav list'"), not command lines.
  func execute(_ line: String) async -> Int32? {
    await CommandHint.$place.withValue(.shell) { await executeLine(line) }
  }

  private func executeLine(_ line: String) async -> Int32? {
    let words: [String]
    do {
      words = try ShellWords.split(line)
    } catch {
      reportError("Error: \(error)")
      return ExitCode.validationFailure.rawValue
    }
    guard let first = words.first else { return 0 }
    let rest = Array(words.dropFirst())
    switch first {
    case "quit", "exit":
      return nil
    case "help" where rest.isEmpty, "?":
      env.console.out(Self.help)
      return 0
    case "help" where rest == [GlobalOptions.helpTopic]:
      env.console.print(GlobalOptions.summary(columns: env.terminal.width))
      return 0
    case "help":
      return await run(rest + ["--help"])
    case "more" where rest.isEmpty:
      guard let continuation else {
        env.console.note(FavoritePager.nothingMore)
        return 0
      }
      return await turn(continuation) { try await $0.more() }
    case "back" where rest.isEmpty:
      guard let continuation else {
        env.console.note("'back' turns the pages of 'browse'; type 'browse' first.")
        return 0
      }
      return await turn(continuation) { try await $0.back() }
    default:
      if let short = ShortWord.named(first), let line = short.line(rest) {
        return await run(line, paged: short.isPaged(rest))
      }
      guard CommandTree.powerquotes.subcommand(first) != nil else {
        reportError(Self.unknownCommand(first))
        return ExitCode.validationFailure.rawValue
      }
      return await run(words)
    }
  }

  /// Parses `arguments` with the command tree and runs the command, a screen at a time when
  /// `paged`.
  private func run(_ arguments: [String], paged: Bool = false) async -> Int32 {
    let command: any ParsableCommand
    do {
      command = try PowerQuotesCommand.parse(words: arguments)
    } catch {
      return reportParseError(error)
    }
    return await execute(command, words: arguments, paged: paged)
  }

  /// Runs a parsed command in this session, with what its own line says about the database, the
  /// server, the timeout and colour; `words` are those it was parsed from.
  private func execute(_ command: any ParsableCommand, words: [String], paged: Bool) async
    -> Int32
  {
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
    if let refusal = type(of: runnable).shellRefusal {
      env.console.note(refusal)
      return 0
    }
    // `--database`, `--api-url`, `--timeout` and `--color` on a line apply to that line.
    var adjusted = self.env.adjusted(
      for: runnable.global, over: settings,
      waitingBriefly: connectsBriefly && type(of: runnable).waitsBriefly)
    // A command that fails with its own status says why itself: in a script, name the line there
    // too, as every other error does.
    let place = reader.isInteractive ? nil : lineNumber
    let console = adjusted.console
    adjusted.console.failed = { message in console.note(Self.placed(message, line: place)) }
    let env = adjusted
    let pageSize = paged ? self.pageSize : nil
    do {
      let next = try await cancellable { try await runnable.runInShell(env, pageSize: pageSize) }
      if let next { continuation = next }
      return 0
    } catch {
      return reportRunError(error, words: words)
    }
  }

  /// Runs `step` on `continuation`, and keeps the turned continuation when it succeeds.
  private func turn(
    _ continuation: any ShellContinuation,
    _ step: @escaping @Sendable (inout any ShellContinuation) async throws -> Void
  ) async -> Int32 {
    do {
      self.continuation = try await cancellable {
        var turned = continuation
        try await step(&turned)
        return turned
      }
      return 0
    } catch {
      return reportRunError(error)
    }
  }

  /// Runs `operation` so that Ctrl-C cancels it, on a terminal.
  private func cancellable<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    guard let interrupts else { return try await operation() }
    return try await interrupts.cancellable(operation)
  }

  private func reportParseError(_ error: any Error) -> Int32 {
    let message = CommandMessage(error)
    if message.isOutput {
      env.console.out(Self.shellWording(message.text) + "\n")
    } else {
      reportError(Self.shellWording(message.text))
    }
    return message.status
  }

  /// Reports an error from running a command; `words`, when they are known, are the line it was
  /// parsed from.
  private func reportRunError(_ error: any Error, words: [String]? = nil) -> Int32 {
    if error is CancellationError || Task.isCancelled {
      // On a terminal the ^C echoed after the command's output; start a fresh line.
      env.console.note(reader.isInteractive ? "\nCancelled." : "Cancelled.")
      return 130
    }
    if let code = error as? ExitCode { return code.rawValue }
    let message = CommandMessage(error, words: words)
    reportError(Self.shellWording(message.text))
    return message.status
  }

  /// Prints an error the session found in a line; in a script it names the line, as
  /// "Error on line 3: Unknown option '--bogus'", since nobody watched it being typed.
  private func reportError(_ message: String) {
    env.console.note(Self.placed(message, line: reader.isInteractive ? nil : lineNumber))
  }

  /// `message`, naming the script's `line` (none for a line just typed).
  private static func placed(_ message: String, line: Int?) -> String {
    guard let line, line > 0 else { return message }
    if message.hasPrefix("Error: ") {
      return "Error on line \(line): " + message.dropFirst("Error: ".count)
    }
    return "Line \(line): " + message
  }

  /// The sentence for a line whose first word names no command or short word, with the one it
  /// looks like, if any.
  static func unknownCommand(_ word: String) -> String {
    let shown = UntrustedText.sanitized(word)
    let meant = CommandTree.closest(to: word, among: ShellCompleter.commandWords).map {
      " Did you mean '\($0)'?"
    }
    return "Unknown command '\(shown)'.\(meant ?? "") Type 'help' to see the commands."
  }

  /// ArgumentParser's usage lines as they are typed in the shell: `Usage: fav add ...` and
  /// `See 'help fav add'`, not `powerquotes fav add` (which the shell does not know).
  static func shellWording(_ message: String) -> String {
    let program = PowerQuotesCommand.configuration.commandName ?? "powerquotes"
    return message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("Usage: \(program) ") {
        return "Usage: " + line.dropFirst("Usage: \(program) ".count)
      }
      if line.hasPrefix("USAGE: \(program) ") {
        return "USAGE: " + line.dropFirst("USAGE: \(program) ".count)
      }
      let see = "  See '\(program) "
      let suffix = " --help' for more information."
      if line.hasPrefix(see), line.hasSuffix(suffix) {
        let command = line.dropFirst(see.count).dropLast(suffix.count)
        return "  See 'help \(command)' for more information."
      }
      return String(line)
    }.joined(separator: "\n")
  }

  // MARK: - Paging

  /// Rows a page shows: the terminal's height, less the header, footer and prompt.
  private var pageSize: Int { max(5, env.terminal.height - 4) }

  // MARK: - Help

  static let help: String = {
    let width = ShortWord.all.map(\.usage.count).max() ?? 0
    func line(_ usage: String, _ meaning: String) -> String {
      "  " + usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + meaning
    }
    // help and quit line up with the short words, under them.
    let words =
      ShortWord.all.map { line($0.usage, $0.meaning) } + [""]
      + ShortWord.shellOwn.map { line($0.words.joined(separator: ", "), $0.meaning) }
    return """
      Every command of the command line works here, without 'powerquotes':
        random [--source dummyjson|zenquotes|offline] [--id N] [--save]
               [--favorites [--author TEXT] [--tag TAG]] [--short | --long | --max-length N]
        today
        fav add | list [--tag TAG] | search AUTHOR | find WORDS | show ID | rm ID... | share ID
        fav tag ID TAG... | untag ID TAG... | tags
        fav edit ID | trash [--empty] | restore ID... | undo | stats
        fav export [--format json|csv|markdown|fortune] | import FILE|URL
        share [--style plain|markdown|json] [--output FILE] [--copy]
        share --image FILE.svg|FILE.png [--theme blue|light|dark] [--size WxH]
        browse [--page N] [--per-page N]
        sync
        --format json     on random, today, browse and the fav commands but rm and share
        COMMAND --help    (or: help COMMAND)
        help options      the options every line takes (--database, --timeout, ...)

      Short words:
      \(words.joined(separator: "\n"))

      """
  }()
}
