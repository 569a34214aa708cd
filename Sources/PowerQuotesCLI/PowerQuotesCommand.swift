import ArgumentParser
import CStdio
import Foundation
import PowerQuotesCore

/// `powerquotes`: random quotes from DummyJSON or ZenQuotes, and favorites kept in SQLite.
@main
struct PowerQuotesCommand: AsyncParsableCommand {
  /// The root's configuration.
  ///
  /// Its discussion lists the global options (``GlobalOptions/summary(columns:)``), which
  /// ArgumentParser renders by reflection, as it renders help: a fifth of a start that shows no
  /// help (`--version`, or a line ArgumentParser parses). So while
  /// ``GlobalOptions/summaryIsDeferred``, as for `main`'s start, the discussion has the list's
  /// heading only, and ``CommandMessage`` renders a message that shows it again in full.
  static var configuration: CommandConfiguration {
    GlobalOptions.summaryIsDeferred ? deferringGlobalOptions : withGlobalOptions
  }

  private static let withGlobalOptions = makeConfiguration(globalOptions: GlobalOptions.summary())
  private static let deferringGlobalOptions = makeConfiguration(
    globalOptions: GlobalOptions.summaryHeading)

  private static func makeConfiguration(globalOptions: String) -> CommandConfiguration {
    CommandConfiguration(
      commandName: "powerquotes",
      abstract: "Random quotes from DummyJSON or ZenQuotes, and your favorites, in a terminal.",
      discussion: """
        Works offline: quotes seen before are kept, and a built-in set of public-domain quotes \
        is always there.

        Examples:
          $ powerquotes random
          $ powerquotes random --source zenquotes
          $ powerquotes today
          $ powerquotes fav add
          $ powerquotes fav search rumi
          $ powerquotes share --style markdown
          $ powerquotes shell

        \(globalOptions)

        Exit codes: 0 ok, 1 failure, 2 import with rejected rows, 3 already a favorite, 4 no quote \
        fits random's filters, 64 usage error, 130 interrupted.
        """,
      version: "0.1.0",
      subcommands: [
        Random.self, Today.self, Favorites.self, Share.self, Browse.self, Sync.self, Shell.self,
        App.self,
      ]
    )
  }

  /// Runs the command line: ``runCommandLine()``, started on the main thread.
  ///
  /// Synchronous, unlike AsyncParsableCommand's `main`, whose task Swift runs on its thread
  /// pool: on Linux that starts four threads (the pool's first worker, Dispatch's manager and
  /// pool monitor, one for the main queue) before a quote is shown. Here the command starts as
  /// an immediate task and runs on the main thread until it first waits: one that never does
  /// (`random --offline`, what a shell's start-up file runs, or a listing) starts no thread and
  /// ends the process there; an HTTP request waits on the main thread too (see `HTTPFetcher`),
  /// so `random --online` starts only the thread that loads libcurl. One that waits otherwise
  /// (`sync`, the shell) goes on on the pool, while the main thread serves Dispatch's main
  /// queue as an async `main` does. A command that succeeds ends the process without the
  /// loaded libraries' exit handlers (see `pq_exit_success`).
  static func main() {
    Task.immediate {
      await GlobalOptions.$summaryIsDeferred.withValue(true) { await runCommandLine() }
      pq_exit_success()
    }
    dispatchMain()
  }

  /// Parses the command line, runs the command, and turns errors into one sentence on stderr.
  private static func runCommandLine() async {
    pq_check_standard_output_at_exit()
    // With no command on a terminal, the full-screen app (with the options given, such as
    // --database or --color never); elsewhere, help.
    var arguments = Array(CommandLine.arguments.dropFirst())
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      && (arguments.isEmpty || (arguments[0].hasPrefix("-") && (try? App.parse(arguments)) != nil))
    {
      arguments = [App.configuration.commandName ?? "app"] + arguments
    }
    do {
      // A `random` that asks a server has been loading libcurl since before main (CStart).
      if let line = DirectLine(words: arguments) {
        try await line.run()
        return
      }
      // ArgumentParser's `help WORDS` shows the root's help, and succeeds, for words that name
      // no command.
      if arguments.first == "help" {
        if arguments.dropFirst().elementsEqual([GlobalOptions.helpTopic]) {
          Console.live.print(GlobalOptions.summary())
          return
        }
        if let mistyped = CommandTree.powerquotes.mistypedCommand(in: arguments[1...]) {
          throw unknownCommand(mistyped)
        }
      }
      var command = try parse(words: arguments)
      if var command = command as? any EnvironmentCommand {
        try await command.runFromCommandLine()
      } else if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      // Printed here rather than by ArgumentParser's exit(withError:), which prints the words
      // of the line as they were typed.
      let message = CommandMessage(error, words: arguments)
      message.print(to: .live)
      exit(withError: ExitCode(message.status))
    }
  }
}
