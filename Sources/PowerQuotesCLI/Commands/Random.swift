import ArgumentParser
import PowerQuotesCore

/// `powerquotes random`: the random quote screen.
struct Random: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show a random quote in a \"Dear Self,\" card.",
    discussion: """
      Asks DummyJSON for a quote. When DummyJSON cannot be reached (or is rate limiting or \
      failing), shows a quote seen before or a built-in one instead, with a note on stderr. \
      The quote is remembered, so 'powerquotes fav add' and 'powerquotes share' can use it.

      Examples:
        $ powerquotes random
        $ powerquotes random --offline
        $ powerquotes random --id 12 --save
      """
  )

  @Flag(help: "Use only quotes seen before and the built-in set; no network.")
  var offline = false

  @Flag(help: "Use only DummyJSON: fail instead of showing a saved quote.")
  var online = false

  @Option(help: "Show DummyJSON's quote with this id.")
  var id: Int?

  @Flag(help: "Also save the quote as a favorite.")
  var save = false

  @OptionGroup var output: FormatOptions
  @OptionGroup var global: GlobalOptions

  func validate() throws {
    if offline && online {
      throw ValidationError("--offline and --online cannot be used together.")
    }
    if offline && id != nil {
      throw ValidationError("--id asks DummyJSON for a quote, so it cannot be used with --offline.")
    }
    if let id, id < 1 {
      throw ValidationError("--id must be a positive number, not \(id).")
    }
  }

  func run(_ env: AppEnvironment) async throws {
    let controller = try env.quoteController()
    let quote: Quote
    if let id {
      quote = try await controller.quote(id: id)
    } else {
      let shown = try await controller.random(
        mode: offline ? .offline : online ? .online : .automatic)
      if let reason = shown.fallbackReason {
        env.console.note("DummyJSON is unreachable (\(reason.reason)); showing a saved quote.")
      }
      quote = shown.quote
    }

    switch output.format {
    case .text:
      env.console.out(
        QuoteCardView.render(quote, width: env.terminal.width, painter: env.painter)
      )
    case .json:
      env.console.out(JSONView.render(quote))
    }

    if save {
      switch try env.favoritesController().add(quote) {
      case .added(let favorite): env.console.note("Favorite added! (id \(favorite.id))")
      case .alreadyFavorite: env.console.note(Messages.alreadyFavorite)
      }
    }
  }
}

/// Sentences shared by several commands.
enum Messages {
  /// The iOS app's alert for a duplicate favorite.
  static let alreadyFavorite = "Already a Favorite: This quote is already in your favorites."
}

extension AppEnvironment {
  /// Styles for this environment's terminal.
  var painter: TextPainter { TextPainter(enabled: terminal.usesColor) }
}
