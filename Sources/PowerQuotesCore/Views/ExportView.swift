import Foundation

/// Favorites written out as data: JSON, CSV, Markdown, a fortune file or Readwise's CSV.
///
/// Exports are data, not terminal text: quotes and authors are kept exactly as stored. Only
/// what the format itself needs changes: line breaks in Markdown and fortune entries, and a
/// space after a line that `strfile` would take for a separator. The output is made a piece at a
/// time (``header(_:)``, one ``entry(_:format:index:)`` per favorite, ``footer(_:count:)``, as
/// ``stream(_:rows:to:)`` writes them), so a long export streams.
public enum ExportView {
  /// The CSV header.
  ///
  /// `note`, `tags` (the tags one space apart) and `work` come last, so a reader of the first
  /// columns reads them where it always did.
  public static let csvHeader = "quote,author,source,source_id,saved_at,note,tags,work"

  /// What comes before the first favorite.
  public static func header(_ format: ExportFormat) -> String {
    switch format {
    case .json: "["
    case .csv: csvHeader + "\r\n"
    case .readwise: readwiseHeader + "\r\n"
    case .markdown, .fortune: ""
    }
  }

  /// One favorite, the `index`th (from 0) of the export.
  public static func entry(_ favorite: Favorite, format: ExportFormat, index: Int) -> String {
    var bytes: [UInt8] = []
    appendEntry(.decoded(favorite), format: format, index: index, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the entry of `row`'s favorite, the `index`th (from 0) of the export: the one
  /// writer of each format.
  public static func appendEntry(
    _ row: FavoriteRow, format: ExportFormat, index: Int, to out: inout [UInt8]
  ) {
    switch format {
    case .json:
      FavoriteJSON.appendArrayElement(
        row, dates: .milliseconds, after: index == 0 ? "\n" : ",\n", to: &out)
    case .csv: appendCSVRow(row, to: &out)
    case .markdown:
      out.append(contentsOf: ((index == 0 ? "" : "\n") + markdownQuote(row.favorite)).utf8)
    case .fortune: out.append(contentsOf: fortuneEntry(row.favorite).utf8)
    case .readwise: appendReadwiseRow(row.favorite, to: &out)
    }
  }

  /// What comes after the last of `count` favorites.
  public static func footer(_ format: ExportFormat, count: Int) -> String {
    switch format {
    case .json: count == 0 ? "]\n" : "\n]\n"
    case .csv, .markdown, .fortune, .readwise: ""
    }
  }

  /// A time as ISO 8601 in UTC with milliseconds, the precision the database keeps.
  public static func timestamp(_ date: Date) -> String {
    Timestamp.utc(date, separator: "T") + "Z"
  }

  // MARK: - CSV

  /// Appends `row`'s CSV line: its fields cleaned as text entering the library is (for
  /// quotes a database kept from before that), each through ``appendCSVField(_:to:)``.
  ///
  /// From the row's bytes when they are clean UTF-8 that cleaning would not change; from the
  /// favorite the store decodes, cleaned, otherwise.
  static func appendCSVRow(_ row: FavoriteRow, to out: inout [UInt8]) {
    if case .raw(let raw) = row, raw.withColumns({ appendCSVRow(raw, $0, to: &out) }) {
      return
    }
    let favorite = row.favorite
    let quote = favorite.quote
    // Notes and tags are cleaned when they enter the library; a hand-edited database may hold
    // anything, and a file 'cat' shows later must not drive the terminal.
    let cleaned = RawFavorite(
      id: favorite.id, quote: QuoteText.cleaned(quote.text),
      author: QuoteText.cleaned(quote.author),
      source: UntrustedText.sanitized(quote.source.rawValue), sourceID: quote.sourceID,
      savedAt: favorite.savedAt, note: QuoteText.cleaned(favorite.note),
      // A tag may hold a comma or a quote mark: quoted then, as any field.
      tags: [UntrustedText.sanitized(favorite.tags.joined(separator: " "))],
      work: QuoteText.cleaned(favorite.work))
    _ = cleaned.withColumns { appendCSVRow(cleaned, $0, to: &out, checked: true) }
  }

  /// Appends the CSV line of `row`, whose text columns are `columns`, and returns true; false,
  /// appending nothing, when a column is not clean UTF-8 or cleaning would change it and
  /// `checked` is false.
  private static func appendCSVRow(
    _ row: RawFavorite, _ columns: RawFavorite.Columns, to out: inout [UInt8],
    checked: Bool = false
  ) -> Bool {
    guard
      checked
        || (UntrustedText.isCleanUTF8(columns.quote) && !UntrustedText.needsCleaning(columns.quote)
          && UntrustedText.isCleanUTF8(columns.author)
          && !UntrustedText.needsCleaning(columns.author)
          && UntrustedText.isCleanUTF8(columns.note) && !UntrustedText.needsCleaning(columns.note)
          && UntrustedText.isCleanUTF8(columns.work) && !UntrustedText.needsCleaning(columns.work)
          && UntrustedText.simpleLength(columns.source) != nil
          && RowBytes.arePlainTags(columns.tags))
    else { return false }
    appendCSVField(columns.quote, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(columns.author, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(columns.source, to: &out)
    out.append(UInt8(ascii: ","))
    if let sourceID = row.sourceID { RowBytes.appendDecimal(Int64(sourceID), to: &out) }
    out.append(UInt8(ascii: ","))
    // A listing leaves out a favorite whose time the store could not read (see
    // ListedFavorites); an empty field imports as the import's time.
    if columns.savedAt.count == Timestamp.storedCount {
      Timestamp.appendExported(stored: columns.savedAt, to: &out)
    }
    out.append(UInt8(ascii: ","))
    appendCSVField(columns.note, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(columns.tags, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(columns.work, to: &out)
    out.append(contentsOf: [0x0D, 0x0A])
    return true
  }

  /// ``appendCSVField(_:to:)`` of `text`.
  static func csvField(_ text: String) -> String {
    var text = text
    var field: [UInt8] = []
    text.withUTF8 { appendCSVField($0, to: &field) }
    return String(decoding: field, as: UTF8.self)
  }

  /// Appends `bytes` as one CSV field: the one writer of a cell, for every row of every path.
  ///
  /// Quoted as RFC 4180 requires, when it holds a comma, a quote mark or a line break (each
  /// quote mark doubled), and guarded against a spreadsheet's formulas by a leading `'` when it
  /// starts like one (see ``CSVCell``), which `fav import` takes off again.
  static func appendCSVField(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    // All are ASCII, so the bytes tell without decoding scalars: one branch-free pass finds
    // whether anything needs quoting.
    var found: UInt8 = 0
    for byte in bytes {
      found |= (byte == 0x22 ? 1 : 0) | (byte == 0x2C || byte == 0x0D || byte == 0x0A ? 2 : 0)
    }
    let guarded = CSVCell.needsGuard(bytes)
    if found == 0 {
      if guarded { out.append(CSVCell.guardByte) }
      out.append(contentsOf: bytes)
      return
    }
    out.append(UInt8(ascii: "\""))
    if guarded { out.append(CSVCell.guardByte) }
    var plainStart = 0
    if found & 1 != 0 {
      for index in bytes.indices where bytes[index] == 0x22 {
        // Up to and including the quote mark, then the quote mark again.
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...index]))
        out.append(UInt8(ascii: "\""))
        plainStart = index + 1
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
    out.append(UInt8(ascii: "\""))
  }

  // MARK: - Readwise

  /// The header of Readwise's import CSV, as its documentation names the columns.
  public static let readwiseHeader = "Highlight,Title,Author,Note,Location,Date"

  /// Appends `favorite`'s row of Readwise's import CSV.
  ///
  /// The quote as the highlight, the work as the title, the author, the note, no location (the
  /// library keeps none apart from the note), and the saved time as ``timestamp(_:)`` writes
  /// it. Each text cleaned as text entering the library is, each field through
  /// ``appendCSVField(_:to:)``. Tags and the source have no column there.
  static func appendReadwiseRow(_ favorite: Favorite, to out: inout [UInt8]) {
    let fields = [
      QuoteText.cleaned(favorite.quote.text), QuoteText.cleaned(favorite.work),
      QuoteText.cleaned(favorite.quote.author), QuoteText.cleaned(favorite.note), "",
      favorite.savedAt.map(timestamp) ?? "",
    ]
    for (index, field) in fields.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      var field = field
      field.withUTF8 { appendCSVField($0, to: &out) }
    }
    out.append(contentsOf: [0x0D, 0x0A])
  }

  // MARK: - Markdown

  /// A block quote: every line of the quote after `> ` (a blank one as `>`), then the author
  /// (`— Author, Work` when it names its work); then the tags as `#tag` words and the note,
  /// each its own paragraph.
  private static func markdownQuote(_ favorite: Favorite) -> String {
    var text = ""
    for line in lines(QuoteText.cleaned(favorite.quote.text)) {
      text += line.isEmpty ? ">\n" : "> \(line)\n"
    }
    text += ">\n> — \(oneLine(attribution(favorite)))\n"
    if !favorite.tags.isEmpty {
      // A `#` starting a line would be a heading: the tags follow a word.
      text +=
        "\nTags: "
        + favorite.tags.map { "#" + UntrustedText.sanitized($0) }.joined(separator: " ") + "\n"
    }
    if !favorite.note.isEmpty {
      text += "\n"
      for line in lines(QuoteText.cleaned(favorite.note)) {
        text += line.isEmpty ? "\n" : "\(line)  \n"
      }
    }
    return text
  }

  // MARK: - Fortune

  /// The quote's lines, the author (and the work, in double quotes after a comma, when it
  /// names one) on a line of its own after two tabs and `-- `, then `%`.
  private static func fortuneEntry(_ favorite: Favorite) -> String {
    var text = ""
    for line in lines(QuoteText.cleaned(favorite.quote.text)) {
      text += fortuneLine(line) + "\n"
    }
    return text + fortuneLine("\t\t-- " + attribution(favorite))
      + "\n%\n"
  }

  /// `line`, with a space after it when strfile would read it as a separator.
  ///
  /// strfile reads lines 255 bytes at a time and ends an entry at a piece that is exactly `%`:
  /// a line that is `%`, and also one of 256, 511, ... bytes ending in `%`. The space keeps the
  /// entry whole; `fav import` drops it again.
  static func fortuneLine(_ line: some StringProtocol) -> String {
    line.hasSuffix("%") && line.utf8.count % 255 == 1 ? line + " " : String(line)
  }

  /// The author, and `, "Work"` when the favorite names its work, as fortune files name a source.
  ///
  /// What ``ImportParser/fortuneAttribution(_:)`` reads back: an author that would read as one
  /// with a work gets `, ""` (no work) after it. Cleaned as text entering the library is, on
  /// one line.
  private static func attribution(_ favorite: Favorite) -> String {
    let author = oneLine(QuoteText.cleaned(favorite.quote.author))
    let work = oneLine(QuoteText.cleaned(favorite.work))
    if !UntrustedText.isBlank(work) { return author + ", \"" + work + "\"" }
    let read = ImportParser.fortuneAttribution(author)
    return read.author == author && read.work.isEmpty ? author : author + ", \"\""
  }

  // MARK: - Lines

  /// The lines of `text`, split at any line break (LF, CR LF, CR, U+2028, ...).
  private static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }

  /// `text` on one line: line breaks become spaces.
  private static func oneLine(_ text: String) -> String {
    lines(text).joined(separator: " ")
  }
}
