import Foundation

/// Moves favorites in and out: `fav export` and `fav import`.
public struct ExchangeController: Sendable {
  private let database: any FavoriteStore
  private let downloadClient: DownloadClient
  private let now: @Sendable () -> Date

  /// Makes a controller over `database`; `downloadClient` fetches URLs given to import.
  public init(
    database: any FavoriteStore,
    downloadClient: DownloadClient,
    now: @escaping @Sendable () -> Date
  ) {
    self.database = database
    self.downloadClient = downloadClient
    self.now = now
  }

  /// Reads `location` and saves its quotes in one transaction, all or none; with `dryRun`,
  /// only reports what it would do.
  ///
  /// The file is read and checked whole before the database is touched, so a malformed file
  /// changes nothing; then it is read again, each quote saved as it is read.
  ///
  /// - Throws: ``ImportError`` for a file or URL that cannot be read or is not a format
  ///   powerquotes imports, ``DownloadError`` for a URL that cannot be downloaded,
  ///   ``StorageError`` when the database fails (nothing is saved).
  ///
  /// With `format` the content is read as that format instead of being told by its content.
  public func importFavorites(
    from location: ImportLocation, dryRun: Bool, format: ImportFormat? = nil
  ) async throws -> ImportReport {
    let bytes: [UInt8]
    switch location {
    case .file(let path):
      bytes = try InputFile.bytes(path: path, limit: ImportParser.maxFileBytes)
    case .url(let url):
      do {
        bytes = [UInt8](try await downloadClient.get(url))
      } catch DownloadError.tooLarge(let url, let limit) {
        // Too large is the import's limit, whether the bytes came from a file or the web.
        throw ImportError.tooLarge(origin: url, limit: limit)
      }
    }
    let origin = location.description
    // First the whole file is read through, its format told and its rows counted: a file that
    // cannot be read changes nothing. Then it is read again, each row checked, and each quote
    // goes into the transaction as it is read, so 100,000 quotes are never all in memory.
    let outline = try ImportParser.parse(
      bytes: bytes, origin: origin, sink: .counting(), format: format)
    var batch: ImportParser.Batch?
    let counts = try database.importFavorites(
      count: outline.quoteCount, at: now(), dryRun: dryRun
    ) { insert in
      // The sink lives only as long as this parse.
      try withoutActuallyEscaping(insert) { insert in
        var parsed = try ImportParser.parse(
          bytes: bytes, origin: origin, sink: QuoteSink(insert), format: outline.format)
        parsed.sink = nil
        batch = parsed
      }
    }
    // A store calls the feed once; without it, the rows are checked here for the report.
    let checked =
      try batch
      ?? ImportParser.parse(
        bytes: bytes, origin: origin, sink: QuoteSink { _ in }, format: outline.format)
    return ImportReport(
      format: checked.format,
      dryRun: dryRun,
      added: counts.added,
      alreadyFavorites: counts.alreadyFavorites,
      rejected: checked.rejected,
      skipped: checked.skipped
    )
  }
}
