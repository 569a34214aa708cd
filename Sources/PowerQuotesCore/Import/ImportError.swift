import Foundation

/// Why a file or a downloaded reply could not be imported at all; nothing was changed.
///
/// Each case reads as one sentence. A single bad row is not an error: it is an
/// ``ImportRejection`` in the report.
public enum ImportError: LocalizedError, Equatable, Sendable {
  /// The file could not be opened or read.
  case cannotRead(path: String, reason: String)
  /// The file or reply is larger than `limit` bytes.
  case tooLarge(origin: String, limit: Int)
  /// The file or reply has no content.
  case empty(origin: String)
  /// Neither JSON, CSV with a header, nor a fortune file.
  case unknownFormat(origin: String)
  /// It starts like JSON but does not parse.
  case brokenJSON(origin: String, detail: String)
  /// Valid JSON, but neither an array of quotes nor DummyJSON's `{"quotes": [...]}`.
  case unexpectedJSON(origin: String)
  /// CSV whose first line does not name the `quote` and `author` columns.
  case missingCSVHeader(origin: String)
  /// Content read as a Readwise export whose first line does not name the `Highlight` and
  /// `Book Title` columns.
  case missingReadwiseHeader(origin: String)
  /// CSV that ends inside a quoted field opened on data row `row`.
  case unterminatedCSVQuote(origin: String, row: Int)
  /// Content that starts as text in `encoding` (UTF-16 or UTF-32) but is not valid in it.
  case invalidEncoding(origin: String, encoding: String)
  /// An SQLite database that is not a Kobo's `KoboReader.sqlite` (`reason` says why), or, with
  /// `--from kobo`, content that is no SQLite database.
  case notKoboDatabase(origin: String, reason: String)
  /// An SQLite database read with `--from` a text format.
  case databaseAsText(origin: String, format: ImportFormat)
  /// Markdown block quotes, as `fav export --format markdown` writes them: made for reading.
  case markdownExport(origin: String)
  /// JSON that is not KOReader's export, read with `--from koreader`.
  case notKOReaderJSON(origin: String)
  /// Content read with `--from koreader-text` with no `-- Page:` line and `-=-=-=-=-=-`.
  case notKOReaderText(origin: String)

  public var errorDescription: String? {
    switch self {
    case .cannotRead(let path, let reason):
      "Could not read \(Self.name(path, startingSentence: false)): \(reason)."
        + (path == ImportLocation.standardInput
          ? "" : " Check the path, or give an http or https URL.")
    case .tooLarge(let origin, let limit):
      "\(shown(origin)) is larger than "
        + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes")
        + ", too large to import. Split it into smaller files."
    case .empty(let origin):
      "\(shown(origin)) is empty: there is nothing to import. Give a JSON, CSV or fortune file."
    case .unknownFormat(let origin):
      "\(shown(origin)) is not a file powerquotes can import. Give JSON, CSV with a "
        + "quote,author header, a Readwise CSV export, a Kindle's My Clippings.txt, KOReader's "
        + "JSON or text export, a Kobo's KoboReader.sqlite, or a fortune file with '%' lines "
        + "between entries."
    case .brokenJSON(let origin, let detail):
      "\(shown(origin)) is not valid JSON (\(detail)); nothing was imported. Fix the file, "
        + "or export it again."
    case .unexpectedJSON(let origin):
      "\(shown(origin)) is JSON but not a list of quotes. Give an array of {\"quote\", "
        + "\"author\"} objects, a 'fav export' file, or DummyJSON's {\"quotes\": [...]}."
    case .missingCSVHeader(let origin):
      "\(shown(origin)) looks like CSV but its first line does not name the quote and author "
        + "columns. Add a header line such as quote,author."
    case .missingReadwiseHeader(let origin):
      "\(shown(origin)) is not a Readwise CSV export: its first line does not name the "
        + "Highlight and Book Title columns. Export it from Readwise again, or leave out --from."
    case .unterminatedCSVQuote(let origin, let row):
      "\(shown(origin)) ends inside a quoted CSV field that opens on row \(row); nothing was "
        + "imported. Close the quote with a \" character."
    case .notKoboDatabase(let origin, let reason):
      "\(shown(origin)) is not a Kobo's KoboReader.sqlite: \(UntrustedText.sanitized(reason)). "
        + "Copy it again from the e-reader's .kobo folder."
    case .databaseAsText(let origin, let format):
      "\(shown(origin)) is an SQLite database, not a file of the format --from \(format.rawValue) "
        + "names. Leave out --from: a Kobo's KoboReader.sqlite is told by its content."
    case .markdownExport(let origin):
      "\(shown(origin)) looks like a Markdown export, which is made for reading and is not read "
        + "back. Import a JSON or CSV export instead (fav export --format json)."
    case .notKOReaderJSON(let origin):
      "\(shown(origin)) is not KOReader's JSON export: it has no \"entries\" or \"documents\". "
        + "Export it again from KOReader, or leave out --from."
    case .notKOReaderText(let origin):
      "\(shown(origin)) is not KOReader's text export: it has no '-- Page:' line and no "
        + "'-=-=-=-=-=-' line. Export it again from KOReader, or leave out --from."
    case .invalidEncoding(let origin, let encoding):
      "\(shown(origin)) starts as \(encoding) text but is not valid \(encoding); nothing was "
        + "imported. Save it again as UTF-8."
    }
  }

  private func shown(_ origin: String) -> String { Self.name(origin, startingSentence: true) }

  /// What the sentences call `origin` (a path or URL as given, `-` for standard input): the one
  /// place an import's input is named, cleaned for the terminal.
  static func name(_ origin: String, startingSentence: Bool) -> String {
    guard origin == ImportLocation.standardInput else { return UntrustedText.sanitized(origin) }
    return startingSentence ? "Standard input" : "standard input"
  }
}
