import ArgumentParser
import PowerQuotesCore
import Synchronization

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

  @Option(name: .customLong("per-page"), help: "Quotes asked for at a time, from 1 to 100.")
  var perPage = 100

  @OptionGroup var global: GlobalOptions

  func validate() throws {
    if !(1...Browse.maxPerPage).contains(perPage) {
      throw ValidationError("--per-page must be from 1 to \(Browse.maxPerPage), not \(perPage).")
    }
  }

  /// From the command line: Ctrl-C stops the sync between two requests, says how far it got and
  /// how to go on, and exits 130. (In the shell, the shell's own Ctrl-C handling does the same.)
  mutating func run() async throws {
    let env = try AppEnvironment.live(global)
    let command = self
    do {
      try await InterruptMonitor().cancellable { try await command.run(env) }
    } catch is CancellationError {
      throw ExitCode(130)
    }
  }

  func run(_ env: AppEnvironment) async throws {
    // The bar is redrawn in place only where a person watches standard error.
    let live = env.terminal.errorIsTerminal
    let drawn = Mutex(false)
    let last = Mutex<SyncProgress?>(nil)
    let width = env.terminal.width
    let console = env.console
    let result: SyncProgress
    do {
      result = try await env.catalogueController().sync(perPage: perPage) { event in
        switch event {
        case .progress(let progress):
          last.withLock { $0 = progress }
          if live {
            console.err("\r" + SyncProgressView.bar(progress, width: width))
            drawn.withLock { $0 = true }
          }
        case .waiting(let seconds):
          let lineBreak = drawn.withLock { drawn in
            defer { drawn = false }
            return drawn ? "\n" : ""
          }
          console.err(lineBreak + "DummyJSON asks to slow down; waiting \(seconds) s.\n")
        }
      }
    } catch {
      // End the bar's line, and say what is kept, before the error is told.
      if drawn.withLock({ $0 }) { console.err("\n") }
      let how = error is CancellationError ? "Stopped by Ctrl-C" : "The sync stopped"
      if let last = last.withLock({ $0 }) {
        console.note(
          "\(how): \(last.done) of \(last.total) quotes are saved. Run 'powerquotes sync' again "
            + "to continue.")
      } else {
        console.note("\(how) before a page was saved. Run 'powerquotes sync' again to start it.")
      }
      throw error
    }
    if drawn.withLock({ $0 }) { console.err("\n") }
    console.note(SyncProgressView.summary(result))
  }
}
