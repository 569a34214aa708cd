import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav import`: favorites in, from a file or a URL.
  struct Import: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Add favorites from a JSON, CSV or fortune file, or from a URL.",
      discussion: """
        The format is told by the content: a 'fav export' JSON file; a JSON array of \
        {"quote", "author"} objects (the iOS app's favorites: quote marks around the quote \
        and a dash before the author are removed); DummyJSON's {"quotes": [...]}; CSV whose \
        header names quote and author columns (source, source_id and saved_at are read too); \
        or a fortune file, whose entries take their author from a last line starting with a \
        dash ("Unknown" otherwise).

        Everything is added in one transaction, or nothing is. Quotes already saved, or \
        repeated in the file, are counted and skipped. A row with an empty quote or author, \
        bytes that are not UTF-8, a quote over \(ImportParser.maxTextLength) characters or \
        an author over \(ImportParser.maxAuthorLength) is rejected and reported by its row \
        number; the rest are still added, and the exit status is 2. A file that cannot be \
        read as a whole changes nothing.

        Examples:
          $ powerquotes fav import favorites.json
          $ powerquotes fav import quotes.csv --dry-run
          $ powerquotes fav import 'https://dummyjson.com/quotes?limit=0'
        """
    )

    @Argument(
      help: ArgumentHelp(
        "A file (- for standard input), or an http or https URL.",
        valueName: "file-or-url"
      )
    )
    var source: String

    @Flag(help: "Report what would be imported without changing anything.")
    var dryRun = false

    @OptionGroup var output: FormatOptions
    @OptionGroup var global: GlobalOptions

    /// Where to read from; checked by `validate()`.
    var location: ImportLocation? { ImportLocation.parse(source) }

    func validate() throws {
      if source.isEmpty {
        throw ValidationError("Give the file or the http or https URL to import.")
      }
      if location == nil {
        let shown = UntrustedText.sanitized(source)
        throw ValidationError(
          "Only http and https URLs can be imported, not '\(shown)'. Download it and give its "
            + "path instead.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      guard let location else { throw ValidationError("Give a file or an http or https URL.") }
      let report = try await env.exchangeController().importFavorites(
        from: location, dryRun: dryRun)
      switch output.format {
      case .text:
        env.console.out(ImportReportView.summary(report))
        let rejections = ImportReportView.rejections(report)
        if !rejections.isEmpty { env.console.err(rejections) }
      case .json:
        env.console.out(JSONView.render(report))
      }
      // The good rows are saved, but a script must not take a partial import for a whole one.
      if !report.rejected.isEmpty { throw ExitCodes.rowsRejected }
    }
  }
}
