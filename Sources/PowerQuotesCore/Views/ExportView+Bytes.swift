extension ExportView {
  /// Writes the export of the rows that `rows` calls its body with, as
  /// ``stream(_:of:to:)`` writes the same favorites, into a byte buffer that is handed to
  /// `sink` each time it holds 64 KiB or more (and once at the end), and returns how many rows
  /// there were.
  ///
  /// JSON and CSV rows are written from the database's bytes when they are clean (see
  /// ``appendEntry(_:format:index:to:)``); the buffer is reused, so an export of any length
  /// makes no `String` per row.
  public static func stream(
    _ format: ExportFormat,
    rows: ((FavoriteRow) throws -> Void) throws -> Void,
    to sink: ([UInt8]) throws -> Void
  ) throws -> Int {
    let limit = 1 << 16
    var buffer: [UInt8] = []
    buffer.reserveCapacity(limit + 8192)
    buffer.append(contentsOf: header(format).utf8)
    var count = 0
    // The sink is called only while this runs; it escapes only into the body below.
    try withoutActuallyEscaping(sink) { sink in
      try rows { row in
        appendEntry(row, format: format, index: count, to: &buffer)
        count += 1
        if buffer.count >= limit {
          try sink(buffer)
          buffer.removeAll(keepingCapacity: true)
        }
      }
      buffer.append(contentsOf: footer(format, count: count).utf8)
      try sink(buffer)
    }
    return count
  }

  /// Appends ``entry(_:format:index:)`` of `row`'s favorite: JSON and CSV straight from the
  /// row's bytes when every column is clean, the decoded favorite otherwise.
  public static func appendEntry(
    _ row: FavoriteRow, format: ExportFormat, index: Int, to out: inout [UInt8]
  ) {
    if case .raw(let raw) = row {
      switch format {
      case .json:
        if FavoriteJSON.appendArrayElement(
          raw, dates: .milliseconds, after: index == 0 ? "\n" : ",\n", to: &out)
        {
          return
        }
      case .csv:
        if appendCSVRow(raw, to: &out) { return }
      case .markdown, .fortune:
        break
      }
    }
    out.append(contentsOf: entry(row.favorite, format: format, index: index).utf8)
  }

  /// Appends the CSV row of `row` as ``entry(_:format:index:)`` writes it, and returns true;
  /// false, appending nothing, when a column is not clean UTF-8 or cleaning would change it.
  static func appendCSVRow(_ row: RawFavorite, to out: inout [UInt8]) -> Bool {
    // What the text path cleans must need no cleaning; the tags must be what joining them
    // writes. Each field then goes through the one writer of a cell, as on the text path.
    guard UntrustedText.isCleanUTF8(row.quote), !UntrustedText.needsCleaning(row.quote),
      UntrustedText.isCleanUTF8(row.author), !UntrustedText.needsCleaning(row.author),
      UntrustedText.isCleanUTF8(row.note), !UntrustedText.needsCleaning(row.note),
      UntrustedText.simpleLength(row.source) != nil, RowBytes.arePlainTags(row.tags)
    else { return false }
    appendCSVField(row.quote, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(row.author, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(row.source, to: &out)
    out.append(UInt8(ascii: ","))
    if let sourceID = row.sourceID { RowBytes.appendDecimal(Int64(sourceID), to: &out) }
    out.append(UInt8(ascii: ","))
    Timestamp.appendExported(stored: row.savedAt, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(row.note, to: &out)
    out.append(UInt8(ascii: ","))
    appendCSVField(row.tags, to: &out)
    out.append(contentsOf: [0x0D, 0x0A])
    return true
  }
}
