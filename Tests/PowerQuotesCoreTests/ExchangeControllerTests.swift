import FlyingFox
import Foundation
import GRDB
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@Suite("Import and export on a real database")
struct ExchangeControllerTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  private func controller(
    _ database: any QuoteStore,
    download: DownloadClient = .failing
  ) -> ExchangeController {
    ExchangeController(database: database, downloadClient: download, now: { testDate })
  }

  /// Writes `text` to a file in the test's folder and returns it as a location.
  private func file(_ name: String, _ text: String) throws -> ImportLocation {
    let path = folder.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return .file(path: path)
  }

  private func exported(_ database: any QuoteStore, _ format: ExportFormat) throws -> String {
    ExportView.streamed(try database.favorites(), format: format)
  }

  @Test(
    "Export then import keeps every field exactly; ids are new",
    arguments: StoreFactory.all, [ExportFormat.json, .csv])
  func roundTrip(store: StoreFactory, format: ExportFormat) async throws {
    defer { folder.remove() }
    let source = try await store.makeOffPool()
    let quotes = [
      Samples.socrates, Samples.umar,
      // Inside white space is kept; at the ends, text entering the library is trimmed.
      Quote(text: "“Curly” and\ttabs,\n  lines\n%", author: "Ann, Jr.", source: .manual),
      Quote(text: "From elsewhere", author: "Zed", source: QuoteSource(rawValue: "zenquotes")),
    ]
    for (index, quote) in quotes.enumerated() {
      _ = try source.addFavorite(quote, at: testDate.addingTimeInterval(Double(index) * 1.123))
    }
    _ = try source.removeFavorites(ids: [1])
    let target = try await store.makeOffPool()
    let report = try await controller(target).importFavorites(
      from: try file("export", exported(source, format)), dryRun: false)
    #expect(report.added == 3)
    let before = try source.favorites()
    let after = try target.favorites()
    #expect(after.map(\.id) == [1, 2, 3])
    #expect(after.map(\.quote) == before.map(\.quote))
    #expect(after.map(\.quote.sourceID) == before.map(\.quote.sourceID))
    #expect(after.map(\.savedAt) == before.map(\.savedAt))
  }

  @Test(
    "Duplicates in the file and against saved favorites count as already favorites",
    arguments: StoreFactory.all)
  func duplicates(store: StoreFactory) async throws {
    defer { folder.remove() }
    let database = try await store.makeOffPool()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let location = try file(
      "dups.json",
      #"""
      [{"quote": "“your heart is the size of an ocean.  Go find yourself in its hidden depths.”",
        "author": "- Rumi"},
       {"quote": "New one", "author": "A"}, {"quote": "new ONE", "author": "a."},
       {"quote": "", "author": "B"}]
      """#)
    let report = try await controller(database).importFavorites(from: location, dryRun: false)
    #expect(
      report
        == ImportReport(
          format: .json, dryRun: false, added: 1, alreadyFavorites: 2,
          rejected: [ImportRejection(position: 4, reason: .emptyText)]))
    #expect(report.total == 4)
    #expect(try database.favorites().map(\.quote.text) == [Samples.rumi.text, "New one"])
  }

  @Test(
    "--dry-run counts exactly and changes nothing, not even the next id",
    arguments: StoreFactory.all)
  func dryRun(store: StoreFactory) async throws {
    defer { folder.remove() }
    let database = try await store.makeOffPool()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let location = try file("q.csv", "quote,author\nOne,A\nTwo,B\nOne,A\n")
    let report = try await controller(database).importFavorites(from: location, dryRun: true)
    #expect(report.added == 2)
    #expect(report.alreadyFavorites == 1)
    #expect(report.dryRun)
    #expect(try database.favoriteCount() == 1)
    guard case .added(let next) = try database.addFavorite(Samples.umar, at: testDate) else {
      Issue.record("Umar was not added")
      return
    }
    #expect(next.id == 2)
  }

  @Test("A malformed file changes nothing", arguments: StoreFactory.all)
  func malformedChangesNothing(store: StoreFactory) async throws {
    defer { folder.remove() }
    let database = try await store.makeOffPool()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let files = [
      try file("broken.json", #"[{"quote": "A", "author": "B"}, {"quote": "#),
      try file("noheader.csv", "Know thyself.,Socrates\n"),
      try file("open.csv", "quote,author\nA,B\n\"C,D\n"),
      .file(path: folder.file("missing.json")),
    ]
    for location in files {
      await #expect(throws: ImportError.self) {
        try await controller(database).importFavorites(from: location, dryRun: false)
      }
    }
    #expect(try database.favorites().map(\.quote) == [Samples.rumi])
    let error = await #expect(throws: ImportError.self) {
      try await controller(database).importFavorites(from: .file(path: folder.path), dryRun: false)
    }
    #expect(error == .cannotRead(path: folder.path, reason: "it is a folder"))
  }

  @Test("One transaction: when the database fails part way, nothing is saved")
  func allOrNothing() async throws {
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let database = try QuoteDatabase.open(path: path)
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    // A trigger stands in for a disk error on the third row.
    let queue = try DatabaseQueue(path: path)
    try await queue.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER boom BEFORE INSERT ON favorite WHEN new.quote = 'Three'
          BEGIN SELECT RAISE(ABORT, 'disk on fire'); END
          """)
    }
    try queue.close()
    let location = try file("q.csv", "quote,author\nOne,A\nTwo,B\nThree,C\nFour,D\n")
    let error = await #expect(throws: StorageError.self) {
      try await controller(database).importFavorites(from: location, dryRun: false)
    }
    #expect(error == .sqlite(path: path, message: "disk on fire"))
    #expect(try database.favorites().map(\.quote) == [Samples.rumi])
  }

  @Test("A URL is fetched over HTTP: DummyJSON's envelope with ids; 404 is one error")
  func url() async throws {
    defer { folder.remove() }
    let envelope = #"""
      {"quotes":[{"id":1,"quote":"Your heart is the size of an ocean. Go find yourself in its hidden depths.","author":"Rumi"},{"id":2,"quote":"Be mindful.","author":"Umar"}],"total":2,"skip":0,"limit":2}
      """#
    let routes: @Sendable (HTTPServer) async -> Void = { server in
      await server.appendRoute("GET /quotes") { _ in .json(envelope) }
      await server.appendRoute("GET /big") { _ in
        .json("[" + String(repeating: " ", count: 100) + "]")
      }
    }
    try await FixtureServer.with(routes) { server in
      let database = try QuoteDatabase.inMemory()
      _ = try database.addFavorite(Samples.rumi, at: testDate)
      let exchange = controller(database, download: .live(timeoutSeconds: 10))
      let location = try #require(
        ImportLocation.parse(server.baseURL.absoluteString + "/quotes?limit=0"))
      let report = try await exchange.importFavorites(from: location, dryRun: false)
      #expect(report.format == .dummyJSON)
      #expect(report.added == 1)
      #expect(report.alreadyFavorites == 1)
      let saved = try database.favorites().last?.quote
      #expect(saved == Quote(text: "Be mindful.", author: "Umar", source: .dummyJSON, sourceID: 2))

      let missing = server.baseURL.absoluteString + "/nothing.json"
      let error = await #expect(throws: DownloadError.self) {
        try await exchange.importFavorites(
          from: try #require(ImportLocation.parse(missing)), dryRun: false)
      }
      #expect(error == .httpStatus(url: missing, status: 404))
      #expect(
        error?.errorDescription?.hasPrefix("\(missing) answered with HTTP status 404") == true)

      let small = controller(database, download: .live(timeoutSeconds: 10, maxBodyBytes: 50))
      let big = server.baseURL.absoluteString + "/big"
      let tooLarge = await #expect(throws: ImportError.tooLarge(origin: big, limit: 50)) {
        try await small.importFavorites(
          from: try #require(ImportLocation.parse(big)), dryRun: false)
      }
      #expect(
        tooLarge?.errorDescription
          == "\(big) is larger than 50 bytes, too large to import. Split it into smaller files.")
      #expect(
        ImportError.tooLarge(origin: "f", limit: ImportParser.maxFileBytes).errorDescription
          == "f is larger than 64 MiB, too large to import. Split it into smaller files.")
      #expect(try database.favoriteCount() == 2)
    }
  }

  @Test("Every sentence calls - standard input, as it calls a path by its name")
  func standardInputNamed() {
    let errors: [ImportError] = [
      .cannotRead(path: "-", reason: "it is a folder"),
      .tooLarge(origin: "-", limit: ImportParser.maxFileBytes), .empty(origin: "-"),
      .unknownFormat(origin: "-"), .brokenJSON(origin: "-", detail: "x"),
      .unexpectedJSON(origin: "-"), .missingCSVHeader(origin: "-"),
      .missingReadwiseHeader(origin: "-"), .unterminatedCSVQuote(origin: "-", row: 2),
      .databaseAsText(origin: "-", format: .clippings), .markdownExport(origin: "-"),
    ]
    for error in errors {
      let sentence = error.errorDescription ?? ""
      #expect(sentence.contains("tandard input"), "\(error)")
      #expect(!sentence.contains("-:") && !sentence.hasPrefix("- "), "\(error)")
    }
    #expect(
      ImportError.tooLarge(origin: "-", limit: ImportParser.maxFileBytes).errorDescription
        == "Standard input is larger than 64 MiB, too large to import. Split it into smaller "
        + "files.")
    #expect(
      ImportError.cannotRead(path: "-", reason: "it is a folder").errorDescription
        == "Could not read standard input: it is a folder.")
    #expect(
      ImportError.cannotRead(path: "q.csv", reason: "No such file or directory").errorDescription
        == "Could not read q.csv: No such file or directory. Check the path, or give an http or "
        + "https URL.")
  }

  @Test("Import locations: http and https URLs, other schemes refused, anything else a path")
  func locations() throws {
    #expect(ImportLocation.parse("favorites.json") == .file(path: "favorites.json"))
    #expect(ImportLocation.parse("a:b/c.csv") == .file(path: "a:b/c.csv"))
    let url = try #require(URL(string: "HTTPS://dummyjson.com/quotes?limit=0"))
    #expect(ImportLocation.parse("HTTPS://dummyjson.com/quotes?limit=0") == .url(url))
    #expect(ImportLocation.parse("ftp://example.com/q.csv") == nil)
    #expect(ImportLocation.parse("http://") == nil)
  }
}
