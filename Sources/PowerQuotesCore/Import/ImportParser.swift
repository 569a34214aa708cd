import Foundation

/// Reads the quotes in a file `fav import` was given, telling the format apart by content.
///
/// An SQLite database comes first (a Kobo's `KoboReader.sqlite`), then JSON (the content
/// starts with `[` or `{`; KOReader's export is an object with `entries` or `documents`), then
/// CSV whose first line names the `quote` and `author` columns, then Readwise's CSV export
/// (`Highlight` and `Book Title`), then a Kindle's `My Clippings.txt` (a title line, a
/// `- Your Highlight ...` line, and lines of ten `=`), then KOReader's text export (`-- Page:`
/// and `-=-=-=-=-=-` lines), then a fortune file (a line holding only `%`). Every row is
/// checked the same way whatever the format: a quote or author with no visible text, one that
/// is too long, or bytes that are not UTF-8 make a rejected row, never a failed import.
public enum ImportParser {
  /// The longest quote accepted, in characters (Unicode scalars).
  ///
  /// DummyJSON's longest is 285.
  public static let maxTextLength = QuoteText.maxTextLength
  /// The longest author accepted, in characters (Unicode scalars).
  public static let maxAuthorLength = QuoteText.maxAuthorLength
  /// The largest file read from disk, in bytes: room for more than 100,000 exported favorites.
  public static let maxFileBytes = 64 << 20
  /// The largest reply read from a URL, in bytes.
  public static let maxDownloadBytes = 16 << 20
  /// The author given to a fortune entry with no attribution line.
  public static let unknownAuthor = "Unknown"

  /// What a file holds: the quotes to save and the rows rejected, each in file order.
  public struct Batch: Sendable, Equatable {
    /// The format the content was read as.
    public var format: ImportFormat
    /// Rows that passed every check.
    public var quotes: [ImportedQuote] = []
    /// Rows that did not, with the reason.
    public var rejected: [ImportRejection] = []
    /// How many rows passed: the length of ``quotes``, or how many went to the sink.
    public private(set) var quoteCount = 0
    /// Entries left out by design, not for a fault: a Kindle bookmark, or a note typed on the
    /// e-reader with no highlight to attach to.
    public var skipped = 0
    /// Where rows that pass go as they are read, instead of into ``quotes``.
    var sink: QuoteSink?

    /// An empty batch of `format`.
    public init(format: ImportFormat) {
      self.format = format
    }

    /// An empty batch of `format` that hands each quote to `sink` instead of keeping it.
    init(format: ImportFormat, sink: QuoteSink?) {
      self.format = format
      self.sink = sink
    }

    /// The same format, quotes and rejected rows; the sink does not count.
    public static func == (lhs: Batch, rhs: Batch) -> Bool {
      lhs.format == rhs.format && lhs.quotes == rhs.quotes && lhs.rejected == rhs.rejected
        && lhs.quoteCount == rhs.quoteCount && lhs.skipped == rhs.skipped
    }

    /// Checks one row and adds it to ``quotes`` or ``rejected``.
    ///
    /// The note is cleaned as the quote is (one with no visible text is none), and the work too,
    /// onto one line (``QuoteText/enteringWork(_:)``); `tags` are the checked tags (see
    /// ``ImportParser/importedTags(_:)``).
    mutating func add(
      position: Int,
      text: String,
      author: String,
      source: QuoteSource,
      sourceID: Int? = nil,
      savedAt: Date? = nil,
      note: String = "",
      work: String = "",
      tags: [String] = []
    ) {
      let quote = Quote(text: text, author: author, source: source, sourceID: sourceID)
      switch QuoteText.admitted(quote) {
      case .failure(let problem):
        rejected.append(ImportRejection(position: position, reason: .init(problem)))
      case .success(let quote):
        var note = note.isEmpty ? note : QuoteText.entering(note)
        if UntrustedText.isBlank(note) { note = "" }
        guard note.unicodeScalars.count <= QuoteText.maxNoteLength else {
          rejected.append(ImportRejection(position: position, reason: .noteTooLong))
          return
        }
        var work = work
        if !work.isEmpty {
          switch QuoteText.admittedWork(work) {
          case .failure(let problem):
            rejected.append(ImportRejection(position: position, reason: .init(problem)))
            return
          case .success(let admitted): work = admitted
          }
        }
        let imported = ImportedQuote(
          position: position, quote: quote, savedAt: savedAt, note: note,
          work: UntrustedText.isBlank(work) ? "" : work, tags: tags)
        quoteCount += 1
        if let sink { sink.take(imported) } else { quotes.append(imported) }
      }
    }

    /// Adds a rejected row.
    mutating func reject(position: Int, _ reason: ImportRejection.Reason) {
      rejected.append(ImportRejection(position: position, reason: reason))
    }
  }

  /// The quotes in `data`, whose origin (a path or URL) names it in errors; times the file
  /// gives without an offset (an e-reader's clock) are read in `localTime`.
  ///
  /// - Throws: ``ImportError`` when the content is empty, not a format powerquotes reads, or
  ///   broken as a whole (invalid JSON, CSV without its header, an unterminated CSV quote).
  public static func parse(
    _ data: Data, origin: String, localTime: LocalTime = .utc
  ) throws -> Batch {
    try parse(bytes: [UInt8](data), origin: origin, sink: nil, localTime: localTime)
  }

  /// ``parse(_:origin:)`` reading the content as `format` instead of telling it by content
  /// (`fav import --from`).
  public static func parse(
    _ data: Data, origin: String, as format: ImportFormat, localTime: LocalTime = .utc
  ) throws -> Batch {
    try parse(bytes: [UInt8](data), origin: origin, sink: nil, format: format, localTime: localTime)
  }

  /// ``parse(_:origin:)`` of bytes already in an array, which is not copied (unless it starts
  /// with a byte order mark).
  public static func parse(bytes: [UInt8], origin: String) throws -> Batch {
    try parse(bytes: bytes, origin: origin, sink: nil)
  }

  /// ``parse(bytes:origin:)``, handing each quote to `sink` as it is read (nil keeps them in
  /// the batch).
  ///
  /// A JSON file that ``JSONScanner`` leaves to `JSONDecoder` part way is read again from the
  /// start, so the sink may see a position twice: it takes each position once.
  ///
  /// With `format` (what an earlier parse of the same bytes found, or what the user chose) the
  /// content is read as that format, without telling it by content.
  static func parse(
    bytes: [UInt8], origin: String, sink: QuoteSink?, format: ImportFormat? = nil,
    localTime: LocalTime = .utc
  ) throws -> Batch {
    var input = ByteReader(bytes: bytes)
    let reading = try reading(&input, origin: origin, format: format)
    return try read(&input, reading, origin: origin, sink: sink, localTime: localTime)
  }

  /// How the rows of a file are read, as its head tells: JSON is parsed whole; the other
  /// formats are read a row at a time.
  enum Reading {
    /// JSON, or content that starts like it, read whole; with the format chosen for it, if any.
    case whole(format: ImportFormat?)
    case csv(CSVHeader)
    case readwise(ReadwiseHeader)
    case clippings
    case koreaderText
    /// An SQLite database (a Kobo's `KoboReader.sqlite`): opened in place when it is a file.
    case kobo
    case fortune
  }

  /// How to read the rest of `input`, telling the format by the content unless `format` is
  /// given.
  ///
  /// Reads only as far as it needs to tell (a whole file only for JSON, and for content
  /// that turns out to be no format powerquotes reads). Afterwards `input` is at the first byte
  /// after a byte order mark, for ``read(_:_:origin:sink:)``.
  ///
  /// - Throws: ``ImportError`` when the content is empty, not a format powerquotes reads, or
  ///   lacks the header its format needs; and what reading `input` throws.
  static func reading(
    _ input: inout ByteReader, origin: String, format: ImportFormat?
  ) throws -> Reading {
    input.startLookingAhead()
    defer { input.stopLookingAhead() }
    var head: [UInt8] = []
    while head.count < 4, let byte = try input.next() { head.append(byte) }
    input.rewind()
    if let (encoding, mark) = WideUnicode.detect(head) {
      // Read whole and made UTF-8, the only encoding the formats are read in.
      let bytes = try input.readAll()
      guard let utf8 = encoding.utf8(bytes[mark...]) else {
        throw ImportError.invalidEncoding(origin: origin, encoding: encoding.rawValue)
      }
      input = ByteReader(bytes: utf8)
      input.startLookingAhead()
    }
    var start = 0
    if try input.next() == 0xEF, try input.next() == 0xBB, try input.next() == 0xBF { start = 3 }
    func restart() throws {
      input.rewind()
      try input.skip(start)
    }
    // What `probe` finds from the start; the input is back at the start after it.
    func probing<Found>(_ probe: (inout ByteReader) throws -> Found) throws -> Found {
      let found = try probe(&input)
      try restart()
      return found
    }
    try restart()
    var magic: [UInt8] = []
    while magic.count < sqliteMagic.count, let byte = try input.next() { magic.append(byte) }
    try restart()
    if format == .kobo || (format == nil && start == 0 && magic == sqliteMagic) { return .kobo }
    if let format, start == 0 && magic == sqliteMagic {
      throw ImportError.databaseAsText(origin: origin, format: format)
    }
    if format == .fortune { return .fortune }
    var first: UInt8?
    while first == nil, let byte = try input.next() {
      if !isSpace(byte) { first = byte }
    }
    guard let first else { throw ImportError.empty(origin: origin) }
    try restart()
    switch format {
    case .json?, .dummyJSON?, .koreader?:
      return .whole(format: format)
    case .koreaderText?:
      guard try probing(isKOReaderText) else { throw ImportError.notKOReaderText(origin: origin) }
      return .koreaderText
    case .kobo?:
      return .kobo
    case .csv?:
      guard let header = try probing(csvHeader) else {
        throw ImportError.missingCSVHeader(origin: origin)
      }
      return .csv(header)
    case .readwise?:
      guard let header = try probing(readwiseHeader) else {
        throw ImportError.missingReadwiseHeader(origin: origin)
      }
      return .readwise(header)
    case .clippings?:
      return .clippings
    case .fortune?:
      return .fortune
    case nil:
      break
    }
    // Told by content: the same probes, in this order.
    if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
      return .whole(format: nil)
    }
    if let header = try probing(csvHeader) { return .csv(header) }
    if let header = try probing(readwiseHeader) { return .readwise(header) }
    if try probing(isClippings) { return .clippings }
    if try probing(isKOReaderText) { return .koreaderText }
    if try probing(hasPercentLine) { return .fortune }
    // `fav export --format markdown` quotes each favorite as a block quote.
    if first == UInt8(ascii: ">") { throw ImportError.markdownExport(origin: origin) }
    // The whole file was read looking for a `%` line.
    let firstLine = input.head.dropFirst(start).prefix { $0 != 0x0A && $0 != 0x0D }
    if firstLine.contains(UInt8(ascii: ",")) {
      throw ImportError.missingCSVHeader(origin: origin)
    }
    throw ImportError.unknownFormat(origin: origin)
  }

  /// The rows of `input` read as `reading` (from ``reading(_:origin:format:)``) says, each
  /// quote handed to `sink` as it is read (nil keeps them in the batch); an e-reader's times
  /// without an offset are read in `localTime`.
  ///
  /// - Throws: ``ImportError`` when the content is broken as a whole (invalid JSON, an
  ///   unterminated CSV quote), and what reading `input` throws; rows given to `sink` before
  ///   then are not taken back.
  static func read(
    _ input: inout ByteReader, _ reading: Reading, origin: String, sink: QuoteSink?,
    localTime: LocalTime = .utc
  ) throws -> Batch {
    switch reading {
    case .whole(let format):
      let bytes = try input.readAll()
      if format == .koreader { return try parseKOReaderJSON(bytes, origin: origin, sink: sink) }
      if format != nil { return try parseJSON(bytes, origin: origin, sink: sink) }
      do {
        return try parseJSON(bytes, origin: origin, sink: sink)
      } catch ImportError.brokenJSON where isClippings(bytes) {
        // A book whose title starts with a bracket.
        return try parseClippings(bytes, sink: sink, localTime: localTime)
      } catch ImportError.brokenJSON where hasPercentLine(bytes) {
        // A fortune whose first entry happens to start with a bracket.
        return try parseFortune(bytes, sink: sink)
      }
    case .csv(let header):
      return try parseCSV(&input, header: header, origin: origin, sink: sink)
    case .readwise(let header):
      return try parseReadwise(&input, header: header, origin: origin, sink: sink)
    case .clippings:
      return try parseClippings(&input, sink: sink, localTime: localTime)
    case .koreaderText:
      return try parseKOReaderText(&input, sink: sink, localTime: localTime)
    case .kobo:
      return try parseKobo(&input, origin: origin, sink: sink, localTime: localTime)
    case .fortune:
      return try parseFortune(&input, sink: sink)
    }
  }

  /// Why a quote cannot be saved, or nil when it can.
  ///
  /// Text that is empty once control characters and escape sequences are removed counts as
  /// empty, and so does a quote made only of quote marks (its key would be empty).
  static func problem(text: String, author: String) -> ImportRejection.Reason? {
    QuoteText.problem(text: QuoteText.cleaned(text), author: QuoteText.cleaned(author))
      .map(ImportRejection.Reason.init)
  }

  /// The longest source name a file may give, in Unicode scalars: room for a site or a book
  /// service's name (`dummyjson`, `readwise`, `kindle`).
  static let maxSourceLength = 100

  /// The source a file names for a quote, cleaned as the quote's own text is (no control
  /// character or escape sequence, no white space at the ends): `imported` when that leaves
  /// nothing, and a rejection when it is longer than ``maxSourceLength``.
  static func importedSource(_ name: String) -> Result<QuoteSource, ImportRejection.Reason> {
    let cleaned = UntrustedText.sanitized(name).trimmed
    if cleaned.isEmpty { return .success(.imported) }
    guard cleaned.unicodeScalars.count <= maxSourceLength else {
      return .failure(
        .invalidField(name: "source", expected: "a name of at most \(maxSourceLength) characters"))
    }
    return .success(QuoteSource(rawValue: cleaned))
  }

  /// Whether `text` is empty once white space and line breaks are trimmed from its ends.
  static func isEmptyTrimmed(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(String.isWhitespaceOrNewline)
  }

  /// The time a file's `field` (such as `saved_at`) holds, read by
  /// ``Timestamp/parse(iso8601:)``, the one reading of times that enter the library; else the
  /// rejection that names the field, its text and why it is no time the library keeps.
  static func time(_ text: String, field: String) -> Result<Date, ImportRejection.Reason> {
    // What `fav export` writes, read digit by digit.
    if let date = Timestamp.date(exported: text) { return .success(date) }
    let trimmed = text.trimmed
    return Timestamp.parse(iso8601: trimmed).mapError {
      .invalidTime(field: field, text: trimmed, problem: $0)
    }
  }

  /// Space, tab, CR or LF.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
