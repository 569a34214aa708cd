import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav stats`: counts of the library.
  @DirectlyParsed
  struct Stats: EnvironmentCommand {
    static let commandName = "stats"
    static let configuration = CommandConfiguration(
      commandName: commandName,
      abstract: "Count favorites: by author (top 10), source, tag and month saved.",
      discussion: """
        Months are those of your local calendar (set TZ to choose another time zone); a \
        month without favorites between two with some shows 0, and a gap of more than a year \
        is one line, as 2027-01..2029-12. On a terminal the top authors and the months are \
        drawn as bars that fit its width; piped, the same lines come without bars. --format \
        json gives the same numbers (the months that have favorites).

        Examples:
          $ powerquotes fav stats
          $ powerquotes fav stats --format json
        """
    )

    @OptionGroup var output: FormatOptions
    @OptionGroup var pager: PagerOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    var pagerOptions: PagerOptions? { pager }

    func run(_ env: AppEnvironment) async throws {
      let stats = try env.statsController().stats()
      switch output.format {
      case .text:
        if stats.total == 0 {
          env.console.note(FavoritePager.empty(author: nil))
          return
        }
        env.console.out(
          StatsView.render(
            stats, width: env.terminal.width, bars: env.terminal.outputIsTerminal,
            painter: env.painter))
      case .json:
        env.console.out(JSONView.render(stats))
      }
    }
  }
}
