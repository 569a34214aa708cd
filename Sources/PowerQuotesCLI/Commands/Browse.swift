import ArgumentParser
import PowerQuotesCore

/// `powerquotes browse`: DummyJSON's catalogue, a page at a time.
struct Browse: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Page through DummyJSON's catalogue of quotes.",
    discussion: """
      Shows DummyJSON's ids, so a quote can be saved with 'powerquotes fav add --id N'. \
      Quotes browsed join the offline pool. In the shell, 'more' and 'back' turn the pages.

      Examples:
        $ powerquotes browse
        $ powerquotes browse --page 3 --per-page 20
      """
  )

  /// The most quotes a page may hold.
  static let maxPerPage = 100
  /// The last page that can be asked for: any page of a catalogue of up to
  /// ``QuoteClient/largestNumber`` quotes, and never a skip that overflows.
  static let maxPage = QuoteClient.largestNumber

  @Option(parsing: .unconditional, help: "The page to show, from 1.")
  var page = 1

  @Option(
    name: .customLong("per-page"),
    parsing: .unconditional,
    help: "Quotes a page, from 1 to 100."
  )
  var perPage = Self.defaultPerPage

  /// Quotes a page when `--per-page` is not given.
  static let defaultPerPage = 10

  @OptionGroup var output: FormatOptions
  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  func validate() throws {
    if !(1...Self.maxPage).contains(page) {
      throw ValidationError("--page must be from 1 to \(Self.maxPage), not \(page).")
    }
    if !(1...Self.maxPerPage).contains(perPage) {
      throw ValidationError("--per-page must be from 1 to \(Self.maxPerPage), not \(perPage).")
    }
  }

  func run(_ env: AppEnvironment) async throws {
    let result = try await env.catalogueController().page(page, perPage: perPage)
    switch output.format {
    case .text:
      env.console.out(
        CataloguePageView.render(result, width: env.terminal.width, painter: env.painter)
      )
      let perPage = perPage == Self.defaultPerPage ? "" : " --per-page \(perPage)"
      let next =
        result.number < result.pages
        ? " · " + CommandHint.nextPage("browse --page \(result.number + 1)\(perPage)") : ""
      env.console.note(CataloguePageView.position(result) + next)
    case .json:
      env.console.out(
        JSONView.render(
          BrowseReport(
            page: result.number,
            pages: result.pages,
            total: result.total,
            quotes: result.quotes
          )
        )
      )
    }
  }

  /// In the shell, `more` and `back` turn this command's pages.
  func runInShell(_ env: AppEnvironment, pageSize: Int?) async throws -> (any ShellContinuation)? {
    try await run(env)
    return Pages(shown: self, env: env)
  }

  /// The catalogue pages `more` and `back` turn: the same server, with the same options.
  private struct Pages: ShellContinuation {
    var shown: Browse
    let env: AppEnvironment

    mutating func more() async throws {
      try await turn(by: 1)
    }

    mutating func back() async throws {
      guard shown.page > 1 else {
        env.console.note(CataloguePageView.firstPage)
        return
      }
      try await turn(by: -1)
    }

    private mutating func turn(by pages: Int) async throws {
      var next = shown
      next.page += pages
      try next.validate()
      try await next.run(env)
      shown = next
    }
  }

  private struct BrowseReport: Encodable {
    var page: Int
    var pages: Int
    var total: Int
    var quotes: [Quote]
  }
}
