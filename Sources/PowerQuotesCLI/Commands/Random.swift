import ArgumentParser
import Foundation
import PowerQuotesCore

/// `powerquotes random`: the random quote screen.
@DirectlyParsed
struct Random: EnvironmentCommand {
  /// The command's name, for `main` to recognize without building ``configuration``.
  static let commandName = "random"

  static let configuration = CommandConfiguration(
    commandName: commandName,
    abstract: "Show a random quote in a \"Dear Self,\" card.",
    // Its twelve options in full would take three lines of an 80-column help.
    usage: "powerquotes \(commandName) [<options>]",
    discussion: """
      Asks DummyJSON, or ZenQuotes with --source zenquotes; when the service cannot be \
      reached (or is rate limiting or failing), shows a quote seen before or a built-in one, \
      with a note on stderr. $POWERQUOTES_SOURCE sets the default source; a flag wins over it. \
      With ZenQuotes' quotes, "Quotes by zenquotes.io" is printed on stderr, once per run or shell session.

      A service is waited for 2 s at most ($POWERQUOTES_RANDOM_TIMEOUT or --timeout change \
      it). Lengths count characters as they show, without the author. When no quote fits the \
      filters, a sentence on stderr says so and the exit status is 4.

      Examples:
        $ powerquotes random --source zenquotes
        $ powerquotes random --favorites --tag stoic --short
        $ powerquotes random --id 12 --save
      """
  )

  /// A quote in a shell's start-up file never holds the shell up long.
  static let waitsBriefly = true

  @Option(help: "Where the quote comes from: dummyjson, zenquotes or offline.")
  var source: SourceChoice?

  @Flag(help: "Use only quotes seen before and the built-in set; no network.")
  var offline = false

  @Flag(help: "Use only the online source: fail instead of showing an offline quote.")
  var online = false

  @Option(parsing: .unconditional, help: "Show DummyJSON's quote with this id.")
  var id: Int?

  @Flag(help: "Also save the quote as a favorite.")
  var save = false

  @Flag(help: "Draw from your favorites instead.")
  var favorites = false

  @Option(
    help: ArgumentHelp("With --favorites: only favorites whose author contains this text."),
    completion: LibraryCompletion.authors)
  var author: String?

  @Option(
    help: ArgumentHelp("With --favorites: only favorites with this tag.", valueName: "tag"),
    completion: LibraryCompletion.tags)
  var tag: String?

  @Option(
    help: ArgumentHelp(
      "With --favorites: only favorites from this work.",
      valueName: "title"))
  var work: String?
  @OptionGroup var lengths: LengthOptions

  @OptionGroup var output: FormatOptions
  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  func validate() throws {
    try validateFavorites()
    if id != nil, let flag = lengths.flagName {
      throw ValidationError("--id asks for one quote, so it cannot be used with \(flag).")
    }
    if offline && online {
      throw ValidationError("--offline and --online cannot be used together.")
    }
    if offline && id != nil {
      throw ValidationError("--id asks DummyJSON for a quote, so it cannot be used with --offline.")
    }
    if let id, id < 1 {
      throw ValidationError("--id must be a positive number, not \(id).")
    }
    switch source {
    case .offline? where online:
      throw ValidationError("--source offline and --online cannot be used together.")
    case .offline? where id != nil:
      throw ValidationError(
        "--id asks DummyJSON for a quote, so it cannot be used with --source offline.")
    case .zenquotes? where id != nil:
      throw ValidationError(
        "--id is a DummyJSON id, so it cannot be used with --source zenquotes.")
    case let source? where offline && source != .offline:
      throw ValidationError(
        "--offline means --source offline, so it cannot be used with --source \(source.rawValue)."
      )
    default:
      break
    }
  }

  /// The plan for these flags, with `environment` giving `$POWERQUOTES_SOURCE`.
  ///
  /// Flags on the command line win over the variable: `--id` always asks DummyJSON, `--offline`
  /// never asks anyone, and `--online` with `POWERQUOTES_SOURCE=offline` asks DummyJSON.
  func plan(environment: [String: String]) throws -> RandomPlan {
    if favorites {
      return .favorites(
        FavoriteFilter(
          author: author, tag: tag.flatMap { try? FavoriteTag($0) }, length: lengths.length,
          work: work))
    }
    return try Self.plan(
      id: id, offline: offline, online: online, source: source, environment: environment)
  }

  /// The plan for a quote that is not a favorite, with these flags (see
  /// ``plan(environment:)``).
  static func plan(
    id: Int?, offline: Bool, online: Bool, source: SourceChoice?,
    environment: [String: String]
  ) throws -> RandomPlan {
    if let id { return .quote(id: id) }
    if offline { return .offline }
    switch try source ?? SourceChoice.resolveDefault(environment: environment) {
    case .offline where !online: return .offline
    case .offline, .dummyjson: return .service(.dummyJSON, fallback: !online)
    case .zenquotes: return .service(.zenQuotes, fallback: !online)
    }
  }

  func run(_ env: AppEnvironment) async throws {
    // $POWERQUOTES_SOURCE is checked first: a bad value stops the command before anything runs.
    let plan = try plan(environment: env.environment)
    // The network library loads on another core while the database opens.
    env.prepareNetwork(for: plan)
    let (controller, storeNote) = try env.quoteControllerSurvivingUnreachableStore()
    if let storeNote { env.console.note(storeNote) }
    let shown: ShownQuote
    do {
      shown = try await controller.show(plan, length: lengths.length)
    } catch let error as RandomError {
      env.console.failed(error.errorDescription ?? "\(error)")
      throw ExitCodes.nothingMatches
    }
    if let note = shown.fallbackNote { env.console.note(note) }
    env.console.out(
      output.format == .json
        ? JSONView.render(shown.quote) : env.card(shown.quote, work: shown.work))
    env.credit(shown.quote)
    if save {
      env.console.note(AddFavoriteView.sentence(try env.favoritesController().add(shown.quote)))
    }
  }
}

extension AppEnvironment {
  /// Styles for this environment's terminal.
  var painter: TextPainter { TextPainter(enabled: terminal.usesColor) }

  /// The "Dear Self," card of `quote` (from `work`, when it names one), fitted to this
  /// environment's terminal.
  func card(_ quote: Quote, work: String = "") -> String {
    QuoteCardView.render(quote, work: work, width: terminal.width, painter: painter)
  }

  /// Prints the credit a quote's source asks for, once per run or shell session: ZenQuotes'
  /// free tier requires "Quotes by zenquotes.io" wherever its quotes are shown.
  func credit(_ quote: Quote) {
    if quote.source == .zenQuotes && onceNotes.isFirst(ZenQuotesClient.attribution) {
      console.note(ZenQuotesClient.attribution)
    }
  }
}
