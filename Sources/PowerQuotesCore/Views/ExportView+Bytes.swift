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
    // writes, needing no quotes.
    guard UntrustedText.isCleanUTF8(row.quote), !UntrustedText.needsCleaning(row.quote),
      UntrustedText.isCleanUTF8(row.author), !UntrustedText.needsCleaning(row.author),
      UntrustedText.isCleanUTF8(row.note), !UntrustedText.needsCleaning(row.note),
      UntrustedText.simpleLength(row.source) != nil, RowBytes.arePlainTags(row.tags),
      !row.tags.contains(UInt8(ascii: "\"")), !row.tags.contains(UInt8(ascii: ","))
    else { return false }
    let start = out.count
    guard appendCSVField(row.quote, to: &out) else { return false }
    out.append(UInt8(ascii: ","))
    guard appendCSVField(row.author, to: &out) else {
      out.removeSubrange(start...)
      return false
    }
    out.append(UInt8(ascii: ","))
    guard appendCSVField(row.source, to: &out) else {
      out.removeSubrange(start...)
      return false
    }
    out.append(UInt8(ascii: ","))
    if let sourceID = row.sourceID { RowBytes.appendDecimal(Int64(sourceID), to: &out) }
    out.append(UInt8(ascii: ","))
    Timestamp.appendExported(stored: row.savedAt, to: &out)
    out.append(UInt8(ascii: ","))
    guard appendCSVField(row.note, to: &out) else {
      out.removeSubrange(start...)
      return false
    }
    out.append(UInt8(ascii: ","))
    out.append(contentsOf: row.tags)
    out.append(contentsOf: [0x0D, 0x0A])
    return true
  }

  /// Appends ``csvField(_:)`` of clean UTF-8 `bytes` and returns true; false, appending
  /// nothing, when a quote mark stands before a non-ASCII character (with which it may form one
  /// grapheme cluster, which the text path leaves undoubled).
  private static func appendCSVField(
    _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]
  ) -> Bool {
    var found: UInt8 = 0
    for byte in bytes {
      found |= (byte == 0x22 ? 1 : 0) | (byte == 0x2C || byte == 0x0D || byte == 0x0A ? 2 : 0)
    }
    if found == 0 {
      out.append(contentsOf: bytes)
      return true
    }
    if found & 1 != 0 {
      for index in bytes.indices where bytes[index] == 0x22 {
        if index + 1 < bytes.count && bytes[index + 1] >= 0x80 { return false }
      }
    }
    out.append(UInt8(ascii: "\""))
    var plainStart = 0
    for index in bytes.indices where bytes[index] == 0x22 {
      // Up to and including the quote mark, then the quote mark again.
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...index]))
      out.append(UInt8(ascii: "\""))
      plainStart = index + 1
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
    out.append(UInt8(ascii: "\""))
    return true
  }
}
