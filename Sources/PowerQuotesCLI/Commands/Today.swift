import ArgumentParser
import PowerQuotesCore

/// `powerquotes today`: the quote of the day.
struct Today: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    commandName: "today",
    abstract: "Show the quote of the day: the same all day, another tomorrow.",
    discussion: """
      Drawn from your favorites; when there are none, from the quotes seen before; when there \
      are none either, from the built-in set. Never asks the network. The day is your local \
      date (set TZ to choose another time zone). The day's quote is remembered in the library, \
      so it stays all day whatever you save or remove (a library that cannot be written is \
      drawn from afresh each time).

      Like 'random', it remembers the quote as the one shown last, so 'powerquotes fav add' \
      saves it and 'powerquotes share' shares it.

      Examples:
        $ powerquotes today
        $ powerquotes today --format json
      """
  )

  @OptionGroup var output: FormatOptions
  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  func run(_ env: AppEnvironment) async throws {
    let (controller, storeNote) = try env.quoteControllerSurvivingUnreachableStore()
    if let storeNote { env.console.note(storeNote) }
    let today = try controller.today()
    env.console.out(
      output.format == .json
        ? JSONView.render(today) : env.card(today.quote, work: try controller.work(of: today)))
    env.credit(today.quote)
  }
}
