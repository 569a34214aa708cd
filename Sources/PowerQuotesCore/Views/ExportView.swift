import Foundation

/// Favorites written out as data: JSON, CSV, Markdown or a fortune file.
///
/// Exports are data, not terminal text: quotes and authors are kept exactly as stored. Only
/// what the format itself needs changes: line breaks in Markdown and fortune entries, and a
/// space after a line that `strfile` would take for a separator. The output is made a piece at a
/// time (``header(_:)``, one ``entry(_:format:index:)`` per favorite, ``footer(_:count:)``, as
/// ``stream(_:of:to:)`` writes them), so a long export streams.
public enum ExportView {
  /// The CSV header.
  ///
  /// `note` and `tags` (the tags one space apart) come last, so a reader of the first five
  /// columns reads them where it always did.
  public static let csvHeader = "quote,author,source,source_id,saved_at,note,tags"

  /// What comes before the first favorite.
  public static func header(_ format: ExportFormat) -> String {
    switch format {
    case .json: "["
    case .csv: csvHeader + "\r\n"
    case .markdown, .fortune: ""
    }
  }

  /// One favorite, the `index`th (from 0) of the export.
  public static func entry(_ favorite: Favorite, format: ExportFormat, index: Int) -> String {
    switch format {
    case .json:
      FavoriteJSON.arrayElement(
        favorite, dates: .milliseconds, after: index == 0 ? "\n" : ",\n")
        ?? (index == 0 ? "\n" : ",\n") + encodedJSONElement(favorite)
    case .csv: csvRow(favorite)
    case .markdown: (index == 0 ? "" : "\n") + markdownQuote(favorite)
    case .fortune: fortuneEntry(favorite)
    }
  }

  /// What comes after the last of `count` favorites.
  public static func footer(_ format: ExportFormat, count: Int) -> String {
    switch format {
    case .json: count == 0 ? "]\n" : "\n]\n"
    case .csv, .markdown, .fortune: ""
    }
  }

  /// A time as ISO 8601 in UTC with milliseconds, the precision the database keeps.
  public static func timestamp(_ date: Date) -> String {
    Timestamp.utc(date, separator: "T") + "Z"
  }

  // MARK: - JSON

  /// The favorite as `fav list --format json` shows it, with milliseconds in `savedAt`, indented
  /// to sit inside the array.
  static func jsonElement(_ favorite: Favorite) -> String {
    FavoriteJSON.arrayElement(favorite, dates: .milliseconds) ?? encodedJSONElement(favorite)
  }

  /// ``jsonElement(_:)`` through `JSONEncoder`, for any time.
  static func encodedJSONElement(_ favorite: Favorite) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(timestamp(date))
    }
    // Encoding a favorite cannot fail: it holds only strings, numbers and a date.
    let data = (try? encoder.encode(favorite)) ?? Data("null".utf8)
    let json = JSONView.escapingInvisibleControls(String(decoding: data, as: UTF8.self))
    return json.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
      .joined(separator: "\n")
  }

  // MARK: - CSV

  private static func csvRow(_ favorite: Favorite) -> String {
    let quote = favorite.quote
    // Cleaned as text entering the library is, for quotes a database kept from before that.
    var row = csvField(QuoteText.cleaned(quote.text))
    row += ","
    row += csvField(QuoteText.cleaned(quote.author))
    row += ","
    row += csvField(UntrustedText.sanitized(quote.source.rawValue))
    row += ","
    if let sourceID = quote.sourceID { row += String(sourceID) }
    row += ","
    // A listing leaves out a favorite whose time the store could not read (see
    // FavoritesController.forEachRow); an empty field imports as the import's time.
    if let savedAt = favorite.savedAt { row += timestamp(savedAt) }
    row += ","
    // Notes and tags are cleaned when they enter the library; a hand-edited database may hold
    // anything, and a file 'cat' shows later must not drive the terminal.
    if !favorite.note.isEmpty { row += csvField(QuoteText.cleaned(favorite.note)) }
    row += ","
    // A tag may hold a comma or a quote mark: quoted then, as any field.
    row += csvField(UntrustedText.sanitized(favorite.tags.joined(separator: " ")))
    row += "\r\n"
    return row
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

  // MARK: - Markdown

  /// A block quote: every line of the quote after `> ` (a blank one as `>`), then the author;
  /// then the tags as `#tag` words and the note, each its own paragraph.
  private static func markdownQuote(_ favorite: Favorite) -> String {
    var text = ""
    for line in lines(QuoteText.cleaned(favorite.quote.text)) {
      text += line.isEmpty ? ">\n" : "> \(line)\n"
    }
    text += ">\n> — \(oneLine(QuoteText.cleaned(favorite.quote.author)))\n"
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

  /// The quote's lines, the author on a line of its own after two tabs and `-- `, then `%`.
  private static func fortuneEntry(_ favorite: Favorite) -> String {
    var text = ""
    for line in lines(QuoteText.cleaned(favorite.quote.text)) {
      text += fortuneLine(line) + "\n"
    }
    return text + fortuneLine("\t\t-- " + oneLine(QuoteText.cleaned(favorite.quote.author)))
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
