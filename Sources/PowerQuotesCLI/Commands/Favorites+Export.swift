import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav export`: favorites out, as data.
  @DirectlyParsed
  struct Export: EnvironmentCommand {
    static let commandName = "export"
    static let configuration = CommandConfiguration(
      commandName: commandName,
      abstract: "Write favorites as JSON, CSV, Markdown, a fortune file or Readwise's CSV.",
      discussion: """
        JSON (the default) keeps everything and 'fav import' reads it back exactly. CSV has \
        the header quote,author,source,source_id,saved_at,note,tags,work (tags one space \
        apart). Markdown is one block quote per favorite, with its tags and note; fortune is \
        %-separated entries for strfile and fortune. Markdown signs a quote '— Author, Work' \
        when it names its work, fortune '-- Author, "Work"' (which 'fav import' reads back \
        as the author and the work). readwise is Readwise's import CSV (Highlight, Title, Author, Note, \
        Location, Date: the work as the title; no tags), which Readwise and 'fav import' \
        read. JSON keeps the text \
        exactly as stored (control characters escaped); CSV, Markdown and fortune files have \
        control characters and escape sequences removed, so a file you 'cat' later is safe. \
        --output FILE writes the file in place, as a \
        shell's > would: a link is followed and an existing file keeps its permissions; \
        --output - is standard output.

        Examples:
          $ powerquotes fav export --output favorites.json
          $ powerquotes fav export --format csv --author rumi > rumi.csv
          $ powerquotes fav export --format markdown --tag stoic --output stoic.md
          $ powerquotes fav export --format fortune --output quotes && strfile quotes
          $ powerquotes fav export --format readwise --output readwise.csv
        """
    )

    @Option(help: "The layout: json, csv, markdown, fortune or readwise.")
    var format: ExportFormat = .json

    @Option(
      name: [.short, .long],
      help: ArgumentHelp(
        "Write to this file instead of standard output (- is standard output).",
        valueName: "file"),
      completion: .file()
    )
    var output: String?

    @Option(
      help: "Only favorites whose author contains this text, as 'fav search' finds them.",
      completion: LibraryCompletion.authors)
    var author: String?

    @OptionGroup var tagOption: TagOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      if let author, author.allSatisfy(\.isWhitespace) {
        throw ValidationError("--author is empty: give part of an author's name.")
      }
      if output?.isEmpty == true {
        throw ValidationError("--output is empty: give the path of the file to write.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let controller = try env.favoritesController()
      // An unreadable saved time leaves its favorite out, named after the rest: never a stop.
      var listed = ListedFavorites()
      let rows = {
        listed = try controller.forEachRow(author: author, tag: tagOption.parsed, $0)
      }
      if let output = OutputPath.file(output) {
        let file = try OutputFile(path: output, protecting: try env.database.filePath())
        let count = try ExportView.stream(format, rows: rows) { try file.write($0) }
        try file.close()
        env.console.note(ExportView.exported(count: count, to: output))
      } else if env.terminal.outputIsTerminal {
        // On a terminal the export is read, not saved (into a pipe it is data, exactly as
        // stored): no stored escape sequence may reach it. Each piece holds whole entries,
        // written cleaned: what is left to change is CR LF, which a terminal shows as LF.
        _ = try ExportView.stream(format, rows: rows) { bytes in
          env.console.out(
            UntrustedText.sanitizedKeepingLines(String(decoding: bytes, as: UTF8.self)))
        }
      } else {
        _ = try ExportView.stream(format, rows: rows) { env.console.outBytes($0) }
      }
      try listed.requireNoneLeftOut()
    }
  }
}

extension ExportFormat: ExpressibleByArgument {}
