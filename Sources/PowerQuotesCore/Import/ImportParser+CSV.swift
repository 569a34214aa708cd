import Foundation

extension ImportParser {
  /// Where the columns powerquotes reads are in a CSV file, from its header.
  struct CSVHeader: Equatable {
    var quote: Int
    var author: Int
    var source: Int?
    var sourceID: Int?
    var savedAt: Int?
    var note: Int?
    var tags: Int?
    var work: Int? = nil
  }

  /// The header of CSV content, or nil when its first line does not name both the `quote` and
  /// `author` columns.
  ///
  /// Names are matched ignoring case, spaces and underscores, so `Saved At` is `saved_at`.
  /// Reads `input` to the end of its first record.
  static func csvHeader(_ input: inout ByteReader) throws -> CSVHeader? {
    guard let columns = try headerColumns(&input),
      let quote = columns["quote"], let author = columns["author"]
    else { return nil }
    return CSVHeader(
      quote: quote,
      author: author,
      source: columns["source"],
      sourceID: columns["sourceid"],
      savedAt: columns["savedat"],
      note: columns["note"],
      tags: columns["tags"],
      work: columns["work"]
    )
  }

  /// The column of each name in the first record of `input`, names folded to lower case without
  /// spaces and underscores, the first column of a name kept; nil when the first record is not
  /// CSV (a quote left open).
  static func headerColumns(_ input: inout ByteReader) throws -> [String: Int]? {
    let record: CSVReader.Record?
    do {
      record = try CSVReader.reading(&input) { try $0.next() }
    } catch is CSVReader.UnterminatedQuote {
      // A line with a quote left open is not a CSV header, whatever the rest of the file is.
      return nil
    }
    guard let record else { return nil }
    var columns: [String: Int] = [:]
    for (index, field) in record.fields.enumerated() {
      guard let name = String(validating: field, as: UTF8.self) else { continue }
      let key = name.lowercased().filter { !$0.isWhitespace && $0 != "_" }
      if columns[key] == nil { columns[key] = index }
    }
    return columns
  }

  /// CSV rows after the header; blank lines are skipped and not counted.
  static func parseCSV(
    _ input: inout ByteReader, header: CSVHeader, origin: String, sink: QuoteSink? = nil
  ) throws -> Batch {
    var batch = Batch(format: .csv, sink: sink)
    try forEachCSVRow(&input, origin: origin) { fields, position in
      addCSVRow(fields, header: header, position: position, to: &batch)
    }
    return batch
  }

  /// Calls `body` with the fields and position (1 for the first) of each row after the header.
  ///
  /// Blank lines are skipped and not counted. A field that `fav export` guarded against a
  /// spreadsheet's formulas loses its guard (see ``CSVCell``). For every CSV format the import
  /// reads.
  ///
  /// - Throws: ``ImportError/unterminatedCSVQuote(origin:row:)`` where a quoted field never ends,
  ///   and what reading `input` throws.
  static func forEachCSVRow(
    _ input: inout ByteReader, origin: String, _ body: ([[UInt8]], Int) throws -> Void
  ) throws {
    try CSVReader.reading(&input) { reader in
      var position = 0
      do {
        _ = try reader.next()
        while let record = try reader.next() {
          if record.isBlank { continue }
          position += 1
          var fields = record.fields
          for index in fields.indices where fields[index].first == CSVCell.guardByte {
            fields[index] = CSVCell.unguarded(fields[index])
          }
          try body(fields, position)
        }
      } catch is CSVReader.UnterminatedQuote {
        throw ImportError.unterminatedCSVQuote(origin: origin, row: position + 1)
      }
    }
  }

  private static func addCSVRow(
    _ fields: [[UInt8]],
    header: CSVHeader,
    position: Int,
    to batch: inout Batch
  ) {
    // Each field is decoded on its own, so one bad row never spoils the file.
    var notUTF8 = false
    func value(_ column: Int?) -> String? {
      guard let column, column < fields.count, !notUTF8 else { return nil }
      guard let value = String(validatingUTF8: fields[column]) else {
        notUTF8 = true
        return nil
      }
      return value
    }
    let (quote, author) = (value(header.quote), value(header.author))
    let sourceName = value(header.source)
    let (sourceIDText, savedAtText) = (value(header.sourceID), value(header.savedAt))
    let (note, tagsText, work) = (value(header.note), value(header.tags), value(header.work))
    guard !notUTF8 else {
      batch.reject(position: position, .notUTF8)
      return
    }
    var sourceID: Int?
    if let sourceIDText, !sourceIDText.trimmed.isEmpty {
      guard let id = Int(sourceIDText.trimmed), id > 0 else {
        batch.reject(
          position: position,
          .invalidField(name: "source_id", expected: "a positive whole number"))
        return
      }
      sourceID = id
    }
    var savedAt: Date?
    if let savedAtText, !savedAtText.trimmed.isEmpty {
      switch time(savedAtText, field: "saved_at") {
      case .success(let date): savedAt = date
      case .failure(let reason):
        batch.reject(position: position, reason)
        return
      }
    }
    var tags: [String] = []
    if let tagsText {
      switch importedTags(spaceSeparated: tagsText) {
      case .failure(let reason):
        batch.reject(position: position, reason)
        return
      case .success(let value): tags = value
      }
    }
    var source = QuoteSource.imported
    if let sourceName {
      switch importedSource(sourceName) {
      case .success(let named): source = named
      case .failure(let reason):
        batch.reject(position: position, reason)
        return
      }
    }
    batch.add(
      position: position, text: quote ?? "", author: author ?? "", source: source,
      sourceID: sourceID, savedAt: savedAt, note: note ?? "", work: work ?? "", tags: tags)
  }
}

/// Splits RFC 4180 CSV bytes into records of fields, one record at a time.
///
/// Fields may be quoted with `"`, a doubled `""` standing for one; quoted fields may hold
/// commas and line breaks. Records end at CR LF, LF or CR. Bytes are not decoded here.
struct CSVReader {
  /// One record: its fields' bytes.
  struct Record {
    var fields: [[UInt8]]
    /// An empty line: one unquoted, empty field.
    var isBlank: Bool
  }

  /// The content ended inside a quoted field.
  struct UnterminatedQuote: Error {}

  private var input: ByteReader

  /// A reader of `bytes` in memory.
  init(bytes: [UInt8]) {
    input = ByteReader(bytes: bytes)
  }

  /// Calls `body` with a reader of what `input` has not given yet; `input` goes on from where
  /// the reader stopped.
  static func reading<Result>(
    _ input: inout ByteReader, _ body: (inout CSVReader) throws -> Result
  ) throws -> Result {
    var reader = CSVReader(bytes: [])
    swap(&reader.input, &input)
    defer { swap(&reader.input, &input) }
    return try body(&reader)
  }

  /// The next record, or nil at the end.
  ///
  /// - Throws: ``UnterminatedQuote``, or what reading the input throws.
  mutating func next() throws -> Record? {
    guard try input.hasMore() else { return nil }
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var quotedAny = false
    let quote = UInt8(ascii: "\"")
    while let byte = try input.next() {
      if byte == quote && field.isEmpty {
        quotedAny = true
        try readQuoted(into: &field)
      } else if byte == UInt8(ascii: ",") {
        fields.append(field)
        field = []
      } else if byte == 0x0A || byte == 0x0D {
        if byte == 0x0D, try input.peek() == 0x0A { _ = try input.next() }
        return finish(fields: &fields, field: field, quotedAny: quotedAny)
      } else {
        field.append(byte)
        // A quote is part of the field from here on.
        try input.append(into: &field, upTo: UInt8(ascii: ","), 0x0A, 0x0D)
      }
    }
    return finish(fields: &fields, field: field, quotedAny: quotedAny)
  }

  private func finish(
    fields: inout [[UInt8]], field: [UInt8], quotedAny: Bool
  ) -> Record {
    fields.append(field)
    return Record(fields: fields, isBlank: fields.count == 1 && field.isEmpty && !quotedAny)
  }

  /// Reads a quoted field's content up to its closing quote.
  private mutating func readQuoted(into field: inout [UInt8]) throws {
    let quote = UInt8(ascii: "\"")
    while let byte = try input.next() {
      if byte != quote {
        field.append(byte)
        try input.append(into: &field, upTo: quote, quote, quote)
      } else if try input.peek() == quote {
        field.append(quote)
        _ = try input.next()
      } else {
        return
      }
    }
    throw UnterminatedQuote()
  }
}
