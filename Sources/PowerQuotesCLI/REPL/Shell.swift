import ArgumentParser
import CReadline
import Foundation
import PowerQuotesCore

/// `powerquotes shell`: the REPL.
struct Shell: EnvironmentCommand {
  /// The command's name, which completion inside the shell does not offer.
  static let commandName = "shell"

  static let configuration = CommandConfiguration(
    commandName: commandName,
    abstract: "Shuffle, save, search, share and delete quotes in one session.",
    discussion: """
      On a terminal: line editing and history (GNU readline, ~/.inputrc), Tab completion of \
      commands, flags, authors and tags, and Ctrl-C to abandon a line or a request. History is \
      kept in $XDG_STATE_HOME/powerquotes/history (else ~/.local/state/powerquotes/history).

      Elsewhere it reads a script, one command per line; blank lines and lines starting with # \
      are skipped. An error names its line. The exit status is that of the first line that \
      failed, 0 if none did.

      With no arguments on a terminal, 'powerquotes' opens the full-screen app instead.

      Examples:
        $ powerquotes shell
        $ printf 'random --offline\\nsave\\nfav list\\n' | powerquotes shell
      """
  )

  @Flag(help: "In a script, stop at the first line that fails.")
  var stopOnError = false

  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  static let shellRefusal: String? = "This is the shell already. Type 'help' for commands."

  func run(_ env: AppEnvironment) async throws {
    let settings = RunSettings(global, environment: env.environment)
    let session: ShellSession
    // Readline is loaded here, on the shell's first line (see CReadline); without it, the
    // shell reads plain lines, as from a script.
    if env.terminal.inputIsTerminal && env.terminal.outputIsTerminal && pq_rl_available() != 0 {
      let interrupts = InterruptMonitor()
      session = ShellSession(
        env: env, reader: Self.lineEditor(env, interrupts: interrupts), interrupts: interrupts,
        stopOnError: stopOnError, settings: settings, connectsBriefly: true)
    } else {
      session = ShellSession(
        env: env, reader: .plain, stopOnError: stopOnError, settings: settings,
        connectsBriefly: true)
    }
    let status = await session.run()
    if status != 0 { throw ExitCode(status) }
  }

  /// Readline, with the shell's history file and Tab over the commands and the library.
  private static func lineEditor(_ env: AppEnvironment, interrupts: InterruptMonitor)
    -> LineReader
  {
    let history = ShellHistory(path: ShellHistory.location(environment: env.environment))
    let completer = ShellCompleter(
      tree: .powerquotes,
      authors: { (try? env.favoritesController().authors()) ?? [] },
      tags: { (try? env.libraryController().tagCounts().map(\.tag.name)) ?? [] }
    )
    ReadlineEditor.start(completer: completer.listed, history: history)
    return ReadlineEditor.lineReader(interrupts: interrupts, history: history)
  }
}
