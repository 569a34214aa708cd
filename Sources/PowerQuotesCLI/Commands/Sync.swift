import ArgumentParser
import PowerQuotesCore

/// `powerquotes sync`: DummyJSON's whole catalogue into the offline pool.
struct Sync: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Download DummyJSON's whole catalogue, so 'random --offline' draws from all of it.",
    discussion: """
      Fetches the catalogue page by page into the offline pool, with a progress bar on a \
      terminal and one summary line otherwise. Stopped by Ctrl-C or a network error, it \
      continues where it stopped when run again. When DummyJSON asks to slow down (429), it \
      waits as long as asked.

      Examples:
        $ powerquotes sync
        $ powerquotes random --offline
      """
  )

  @Option(
    name: .customLong("per-page"),
    parsing: .unconditional,
    help: "Quotes asked for at a time, from 1 to 100."
  )
  var perPage = 100

  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  func validate() throws {
    if !(1...Browse.maxPerPage).contains(perPage) {
      throw ValidationError("--per-page must be from 1 to \(Browse.maxPerPage), not \(perPage).")
    }
  }

  /// From the command line: Ctrl-C stops the sync between two requests, says how far it got and
  /// how to go on, and exits 130. (In the shell, the shell's own Ctrl-C handling does the same.)
  mutating func runFromCommandLine() async throws {
    let env = AppEnvironment.live(global)
    let command = self
    do {
      try await InterruptMonitor().cancellable { try await command.run(env) }
    } catch is CancellationError {
      throw ExitCode(130)
    }
  }

  func run(_ env: AppEnvironment) async throws {
    // The bar is redrawn in place only where a person watches standard error.
    let display = SyncProgressDisplay(live: env.terminal.errorIsTerminal, width: env.terminal.width)
    let console = env.console
    do {
      let result = try await env.catalogueController().sync(perPage: perPage) { event in
        console.err(display.text(for: event))
      }
      console.err(display.finished(result))
    } catch {
      // End the bar's line, and say what is kept, before the error is told.
      console.err(display.stopped(cancelled: error is CancellationError))
      throw error
    }
  }
}
