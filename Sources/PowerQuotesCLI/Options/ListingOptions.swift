import ArgumentParser
import PowerQuotesCore

/// `--no-pager`: output taller than the terminal is not passed to `$PAGER`.
@DirectlyParsedGroup
struct PagerOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-pager"),
    help: "Print straight to the terminal: no $PAGER for output taller than it.")
  var noPager = false

  /// The pager for the output of a command run in `env`: on a terminal, unless `--no-pager`
  /// or `$PAGER` (empty or `cat`) says none.
  func pager(for env: AppEnvironment) -> TerminalPager? {
    guard !noPager, env.terminal.outputIsTerminal,
      let command = TerminalPager.command(environment: env.environment)
    else { return nil }
    return TerminalPager(command: command, rows: env.terminal.height, environment: env.environment)
  }
}

/// What the listing commands (`fav list`, `search`, `find`, `trash`) share: `--limit N` and
/// `--no-pager`.
@DirectlyParsedGroup
struct ListingOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Show at most this many favorites.", valueName: "n"))
  var limit: Int?

  @OptionGroup var pager: PagerOptions

  func validate() throws {
    if let limit, limit < 1 {
      throw ValidationError("--limit takes a number of favorites, 1 or more.")
    }
  }
}
