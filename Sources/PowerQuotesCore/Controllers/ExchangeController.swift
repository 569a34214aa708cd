import Foundation

/// Moves favorites in and out: `fav export` and `fav import`.
public struct ExchangeController: Sendable {
  private let database: any FavoriteStore
  private let downloadClient: DownloadClient
  private let now: @Sendable () -> Date
  private let localTime: LocalTime

  /// Makes a controller over `database`; `downloadClient` fetches URLs given to import; an
  /// e-reader's times without an offset are read in `localTime`.
  public init(
    database: any FavoriteStore,
    downloadClient: DownloadClient,
    now: @escaping @Sendable () -> Date,
    localTime: LocalTime = .system
  ) {
    self.database = database
    self.downloadClient = downloadClient
    self.now = now
    self.localTime = localTime
  }

  /// Reads `location` and saves its quotes in one transaction, all or none; with `dryRun`,
  /// only reports what it would do.
  ///
  /// The format is told from the head of the file, before the database is touched. A JSON file
  /// is then read whole and parsed once, each quote saved as it is read; the other formats are
  /// read once, a chunk at a time, each quote saved as it is read, so neither the file nor its
  /// quotes are ever all in memory. A file found broken part way (invalid JSON, an unterminated
  /// CSV quote, a read error) throws, and the transaction saves nothing.
  ///
  /// - Throws: ``ImportError`` for a file or URL that cannot be read or is not a format
  ///   powerquotes imports, ``DownloadError`` for a URL that cannot be downloaded,
  ///   ``StorageError`` when the database fails (nothing is saved).
  ///
  /// With `format` the content is read as that format instead of being told by its content.
  public func importFavorites(
    from location: ImportLocation, dryRun: Bool, format: ImportFormat? = nil
  ) async throws -> ImportReport {
    var input: ByteReader
    switch location {
    case .file(let path):
      input = try InputFile.reader(path: path, limit: ImportParser.maxFileBytes)
    case .url(let url):
      do {
        input = ByteReader(bytes: [UInt8](try await downloadClient.get(url)))
      } catch DownloadError.tooLarge(let url, let limit) {
        // Too large is the import's limit, whether the bytes came from a file or the web.
        throw ImportError.tooLarge(origin: url, limit: limit)
      }
    }
    let origin = location.description
    let reading = try ImportParser.reading(&input, origin: origin, format: format)
    if case .whole = reading {
      return try importWhole(try input.readAll(), origin: origin, dryRun: dryRun, format: format)
    }
    return try save(rows: Self.rowEstimate(input.sizeHint), dryRun: dryRun) { sink in
      try ImportParser.read(&input, reading, origin: origin, sink: sink, localTime: localTime)
    }
  }

  /// Saves the quotes `parse` hands to its sink in one transaction of the store (about `rows`
  /// of them), and reports it; `fed` runs in the transaction once they are all in.
  private func save(
    rows: Int, dryRun: Bool, fed: () -> Void = {},
    _ parse: (QuoteSink) throws -> ImportParser.Batch
  ) throws -> ImportReport {
    var batch: ImportParser.Batch?
    let counts = try database.importFavorites(count: rows, at: now(), dryRun: dryRun) { insert in
      // The sink lives only as long as this parse.
      try withoutActuallyEscaping(insert) { insert in
        var parsed = try parse(QuoteSink(insert))
        parsed.sink = nil
        batch = parsed
      }
      fed()
    }
    // A store calls the feed once; without it, the rows are checked here for the report.
    let checked = try batch ?? parse(QuoteSink { _ in })
    return report(checked, counts: counts, dryRun: dryRun)
  }

  /// About how many rows a file of `size` bytes holds, for the store to prepare for; a file of
  /// unknown size (a pipe) is taken for a large one.
  static func rowEstimate(_ size: Int?) -> Int {
    // Our CSV export of DummyJSON's quotes is near 100 bytes a row.
    size.map { $0 / 100 } ?? 100_000
  }

  /// The import of a file read whole (JSON), parsed once, each quote going into the
  /// transaction as it is read, so 100,000 quotes are never all in memory.
  ///
  /// Parsing the file through first, to count its rows and find a broken one before the
  /// transaction, took a tenth of a 100,000-row import's time; a broken file throws inside the
  /// transaction instead, which then saves nothing, as for a CSV file broken part way. The bytes
  /// are let go once every quote is in the transaction: indexing them for search, what is left,
  /// needs most memory when SQLite's cache is full (12 MB for 100,000 quotes).
  private func importWhole(
    _ bytes: consuming [UInt8], origin: String, dryRun: Bool, format: ImportFormat?
  ) throws -> ImportReport {
    var bytes = bytes
    return try save(
      rows: Self.rowEstimate(bytes.count), dryRun: dryRun,
      fed: { bytes = [] },
      { sink in
        try ImportParser.parse(
          bytes: bytes, origin: origin, sink: sink, format: format, localTime: localTime)
      })
  }

  private func report(
    _ checked: ImportParser.Batch, counts: (added: Int, alreadyFavorites: Int), dryRun: Bool
  ) -> ImportReport {
    ImportReport(
      format: checked.format,
      dryRun: dryRun,
      added: counts.added,
      alreadyFavorites: counts.alreadyFavorites,
      rejected: checked.rejected,
      skipped: checked.skipped
    )
  }
}
