extension ExportView {
  /// Writes the export of the rows that `rows` calls its body with into a byte buffer that is handed to
  /// `sink` each time it holds 64 KiB or more (and once at the end), and returns how many rows
  /// there were.
  ///
  /// Each row goes through ``appendEntry(_:format:index:to:)``; the buffer is reused, so an
  /// export of any length makes no `String` per JSON or CSV row.
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

  /// The note after an export into a file: "Exported 3 favorites to rumi.csv." for example.
  public static func exported(count: Int, to path: String) -> String {
    let what = count == 1 ? "1 favorite" : "\(count) favorites"
    return "Exported \(what) to \(UntrustedText.sanitized(path))."
  }
}
