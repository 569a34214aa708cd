import ArgumentParser
import PowerQuotesCore

/// A command whose work is `run(_:)` over an injected environment.
///
/// ArgumentParser's `run()` only builds the live environment and forwards, so tests and the
/// REPL run the same code against their own environment. The shell is a client of these
/// commands: it runs every one of them through ``runInShell(_:pageSize:)``.
protocol EnvironmentCommand: AsyncParsableCommand, Sendable {
  /// The shared options, for building the live environment.
  var global: GlobalOptions { get }

  /// Does the command's work.
  func run(_ env: AppEnvironment) async throws

  /// Runs the command from the command line: by default, ``run(_:)`` over the live
  /// environment. What ArgumentParser's `run()` calls, and what `main` calls itself (ours runs
  /// where its caller runs; ArgumentParser's requirement would move to Swift's thread pool).
  mutating func runFromCommandLine() async throws

  /// The command's `--no-pager` option, for a command whose output may be long; nil (the
  /// default) for one that is never paged.
  var pagerOptions: PagerOptions? { get }

  /// Why the command cannot run as a line of the shell, or nil (the default) when it can.
  static var shellRefusal: String? { get }

  /// Whether the command waits only briefly for a quote service (`random`: see
  /// `RunSettings.randomTimeoutSeconds`); false by default.
  static var waitsBriefly: Bool { get }

  /// Runs the command as a line of the shell, a screen at a time when `pageSize` is given (a
  /// short word such as `list` asks for it).
  ///
  /// - Returns: what `more` and `back` go on with, or nil (the default: `run(_:)`, then nil) to
  ///   leave them as they were.
  func runInShell(_ env: AppEnvironment, pageSize: Int?) async throws -> (any ShellContinuation)?
}

extension EnvironmentCommand {
  mutating func run() async throws {
    try await runFromCommandLine()
  }

  mutating func runFromCommandLine() async throws {
    var env = AppEnvironment.live(global, waitingBriefly: Self.waitsBriefly)
    // The process ends with the command: its SQLite store is closed by the exit.
    defer { env.database.leaveOpenUntilExit() }
    let pager = pagerOptions?.pager(for: env)
    if let pager { env.console = pager.console(over: env.console) }
    // Before an error is printed: the pager has been quit, or what it held back written.
    defer { pager?.finish() }
    try await run(env)
  }

  var pagerOptions: PagerOptions? { nil }

  static var shellRefusal: String? { nil }

  static var waitsBriefly: Bool { false }

  func runInShell(_ env: AppEnvironment, pageSize: Int?) async throws -> (any ShellContinuation)? {
    try await run(env)
    return nil
  }
}
