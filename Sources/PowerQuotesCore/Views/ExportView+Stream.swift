extension ExportView {
  /// Writes the export of the favorites that `favorites` calls its body with to `sink`, a
  /// piece at a time (nothing is kept), and returns how many there were.
  public static func stream(
    _ format: ExportFormat,
    of favorites: ((Favorite) throws -> Void) throws -> Void,
    to sink: (String) throws -> Void
  ) throws -> Int {
    // The sink is called only while this runs; it escapes only into the body below.
    try withoutActuallyEscaping(sink) { sink in
      try sink(header(format))
      var count = 0
      try favorites { favorite in
        try sink(entry(favorite, format: format, index: count))
        count += 1
      }
      try sink(footer(format, count: count))
      return count
    }
  }

  /// The note after an export into a file: "Exported 3 favorites to rumi.csv." for example.
  public static func exported(count: Int, to path: String) -> String {
    let what = count == 1 ? "1 favorite" : "\(count) favorites"
    return "Exported \(what) to \(UntrustedText.sanitized(path))."
  }
}
