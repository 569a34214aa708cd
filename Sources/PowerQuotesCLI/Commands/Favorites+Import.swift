import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav import`: favorites in, from a file or a URL.
  struct Import: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract:
        "Add favorites from a JSON, CSV, Readwise, e-reader or fortune file, or a URL.",
      discussion: """
        The format is told by the content, or chosen with --from: a 'fav export' JSON file \
        (its note and tags are read too); a JSON array of {"quote", "author"} objects (the \
        iOS app's favorites: quote marks around the quote and a dash before the author are \
        removed); DummyJSON's {"quotes": [...]}; CSV whose header names quote and author \
        columns (source, source_id, saved_at, note and tags are read too, tags one space \
        apart); a Readwise CSV export; a Kindle's or KOReader's My Clippings.txt (in any \
        of a Kindle's languages); KOReader's JSON or text export; a Kobo's \
        KoboReader.sqlite (opened where it is, read-only, at any size; never written); or a \
        fortune file, whose entries take their author from a last line starting with a dash \
        ("Unknown" otherwise), and their work from its end in double quotes after a comma.

        From an e-reader, each highlight becomes a favorite by the book's author, with the \
        book's title as its work, a note naming the page and location then the note typed \
        at that place, and the highlight's own time (the device's clock, read in TZ unless \
        the file gives an offset); a highlight changed and saved again is one favorite, with \
        the later text; bookmarks, limit notices, highlights without text and notes with no \
        highlight are skipped. From Readwise, the highlight, the book's author, a note \
        naming the book and location then the highlight's note, and its tags.

        Everything is added in one transaction, or nothing is. Quotes already saved, or \
        repeated in the file, are counted and skipped; their tags are added to the saved \
        favorite, and their note when it has none. A row with an empty quote or author, \
        bytes that are not UTF-8, a quote over \(ImportParser.maxTextLength) characters, an \
        author over \(ImportParser.maxAuthorLength), a note over \(QuoteText.maxNoteLength) \
        or a tag that is not one word is rejected and reported by its row number; the rest \
        are still added, and the exit status is 2. A file that cannot be read as a whole \
        changes nothing.

        Examples:
          $ powerquotes fav import favorites.json
          $ powerquotes fav import quotes.csv --dry-run
          $ powerquotes fav import '/media/Kindle/documents/My Clippings.txt'
          $ powerquotes fav import /media/KOBOeReader/.kobo/KoboReader.sqlite
          $ powerquotes fav import readwise-data.csv --from readwise
          $ powerquotes fav import 'https://dummyjson.com/quotes?limit=0'
        """
    )

    @Argument(
      help: ArgumentHelp(
        "A file (- for standard input), or an http or https URL.",
        valueName: "file-or-url"
      ),
      completion: .file()
    )
    var source: String

    @Flag(help: "Report what would be imported without changing anything.")
    var dryRun = false

    @Option(
      help: ArgumentHelp(
        "Read the file as this format instead of telling it by its content: "
          + ImportFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        // The formats are listed in the help's words, where they can wrap: as the value's
        // name they were one word too long for the man page's line.
        valueName: "format"
      )
    )
    var from: ImportFormat?

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

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

    /// In the shell, standard input is where the shell reads its lines: `-` would take them.
    func runInShell(_ env: AppEnvironment, pageSize: Int?) async throws
      -> (any ShellContinuation)?
    {
      if case .file("-") = location {
        // One sentence, with the status of a usage error, and no usage text (which would name
        // the command line's `powerquotes`).
        env.console.failed(
          "Error: The shell reads its commands from standard input, so 'fav import -' cannot read a "
            + "file from it here; give the file's path.")
        throw ExitCode.validationFailure
      }
      try await run(env)
      return nil
    }

    func run(_ env: AppEnvironment) async throws {
      guard let location else { throw ValidationError("Give a file or an http or https URL.") }
      if dryRun, let file = env.database.fileToCreate {
        env.console.note(ImportReportView.noDatabaseYet(file))
      }
      let report = try await env.exchangeController(dryRun: dryRun).importFavorites(
        from: location, dryRun: dryRun, format: from)
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

extension ImportFormat: ExpressibleByArgument {}
