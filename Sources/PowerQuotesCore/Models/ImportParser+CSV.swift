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
  }

  /// The header of CSV content, or nil when its first line does not name both the `quote` and
  /// `author` columns.
  ///
  /// Names are matched ignoring case, spaces and underscores, so `Saved At` is `saved_at`.
  static func csvHeader(_ bytes: [UInt8], origin: String) throws -> CSVHeader? {
    var reader = CSVReader(bytes: bytes)
    // A line with a quote left open is not a CSV header, whatever the rest of the file is.
    guard let record = try? reader.next() else { return nil }
    var columns: [String: Int] = [:]
    for (index, field) in record.fields.enumerated() {
      guard let name = String(validating: field, as: UTF8.self) else { continue }
      let key = name.lowercased().filter { !$0.isWhitespace && $0 != "_" }
      if columns[key] == nil { columns[key] = index }
    }
    guard let quote = columns["quote"], let author = columns["author"] else { return nil }
    return CSVHeader(
      quote: quote,
      author: author,
      source: columns["source"],
      sourceID: columns["sourceid"],
      savedAt: columns["savedat"],
      note: columns["note"],
      tags: columns["tags"]
    )
  }

  /// CSV rows after the header; blank lines are skipped and not counted.
  static func parseCSV(
    _ bytes: [UInt8], header: CSVHeader, origin: String, sink: QuoteSink? = nil
  ) throws -> Batch {
    var batch = Batch(format: .csv, sink: sink)
    try forEachCSVRow(bytes, origin: origin) { fields, position in
      addCSVRow(fields, header: header, position: position, to: &batch)
    }
    return batch
  }

  /// Calls `body` with the fields and position (1 for the first) of each row after the header.
  ///
  /// Blank lines are skipped and not counted. For every CSV format the import reads.
  ///
  /// - Throws: ``ImportError/unterminatedCSVQuote(origin:row:)`` where a quoted field never ends.
  static func forEachCSVRow(
    _ bytes: [UInt8], origin: String, _ body: ([[UInt8]], Int) throws -> Void
  ) throws {
    var reader = CSVReader(bytes: bytes)
    _ = try reader.next()
    var position = 0
    while true {
      let record: CSVReader.Record?
      do {
        record = try reader.next()
      } catch {
        throw ImportError.unterminatedCSVQuote(origin: origin, row: position + 1)
      }
      guard let record else { break }
      if record.isBlank { continue }
      position += 1
      try body(record.fields, position)
    }
  }

  private static func addCSVRow(
    _ fields: [[UInt8]],
    header: CSVHeader,
    position: Int,
    to batch: inout Batch
  ) {
    // Each field is decoded on its own, so one bad row never spoils the file.
    var values: [String?] = []
    for column in [
      header.quote, header.author, header.source, header.sourceID, header.savedAt, header.note,
      header.tags,
    ] {
      guard let column, column < fields.count else {
        values.append(nil)
        continue
      }
      guard let value = String(validating: fields[column], as: UTF8.self) else {
        batch.reject(position: position, .notUTF8)
        return
      }
      values.append(value)
    }
    let (quote, author, sourceName) = (values[0], values[1], values[2])
    let (sourceIDText, savedAtText) = (values[3], values[4])
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
      guard let date = date(iso8601: savedAtText) else {
        batch.reject(
          position: position, .invalidField(name: "saved_at", expected: "an ISO 8601 date"))
        return
      }
      savedAt = date
    }
    var tags: [String] = []
    if let tagsText = values[6] {
      switch importedTags(spaceSeparated: tagsText) {
      case .failure(let reason):
        batch.reject(position: position, reason)
        return
      case .success(let value): tags = value
      }
    }
    let source =
      sourceName.flatMap { $0.trimmed.isEmpty ? nil : QuoteSource(rawValue: $0.trimmed) }
      ?? .imported
    batch.add(
      position: position, text: quote ?? "", author: author ?? "", source: source,
      sourceID: sourceID, savedAt: savedAt, note: values[5] ?? "", tags: tags)
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

  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The next record, or nil at the end.
  mutating func next() throws -> Record? {
    guard index < bytes.count else { return nil }
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var quotedAny = false
    let quote = UInt8(ascii: "\"")
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == quote && field.isEmpty {
        quotedAny = true
        try readQuoted(into: &field)
      } else if byte == UInt8(ascii: ",") {
        fields.append(field)
        field = []
      } else if byte == 0x0A || byte == 0x0D {
        if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
        return finish(fields: &fields, field: field, quotedAny: quotedAny)
      } else {
        field.append(byte)
      }
    }
    return finish(fields: &fields, field: field, quotedAny: quotedAny)
  }

  private mutating func finish(
    fields: inout [[UInt8]], field: [UInt8], quotedAny: Bool
  ) -> Record {
    fields.append(field)
    return Record(fields: fields, isBlank: fields.count == 1 && field.isEmpty && !quotedAny)
  }

  /// Reads a quoted field's content up to its closing quote.
  private mutating func readQuoted(into field: inout [UInt8]) throws {
    let quote = UInt8(ascii: "\"")
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte != quote {
        field.append(byte)
      } else if index < bytes.count, bytes[index] == quote {
        field.append(quote)
        index += 1
      } else {
        return
      }
    }
    throw UnterminatedQuote()
  }
}
