import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// The work a quote came from (`Migrations/0012_favorite_work.sql`): kept, edited, searched,
/// moved to the trash and back, undone and imported alike by every store; not part of what
/// makes two favorites equal.
@Suite("The work a favorite came from")
struct FavoriteWorkTests {
  /// The ids of the favorites `text` finds.
  private func found(_ text: String, in store: any QuoteStore) throws -> [Int64] {
    var ids: [Int64] = []
    try store.forEachSearchHit(try SearchQuery(text), tag: nil, matches: false) {
      ids.append($0.favorite.id)
    }
    return ids.sorted()
  }

  @Test(
    "Add, edit, find, trash, restore and undo keep the work", arguments: StoreFactory.all)
  func lifecycle(store: StoreFactory) throws {
    let database = try store.make()
    guard
      case .added(let rumi) = try database.addFavorite(Samples.rumi, work: "Masnavi", at: testDate),
      case .added(let umar) = try database.addFavorite(Samples.umar, at: testDate)
    else {
      Issue.record("expected both favorites to be added")
      return
    }
    #expect(rumi.work == "Masnavi")
    #expect(umar.work == "")
    #expect(try database.favorite(id: rumi.id)?.work == "Masnavi")
    #expect(try database.favorites().map(\.work) == ["Masnavi", ""])
    #expect(try found("masnavi", in: database) == [rumi.id])

    // The duplicate rule stays quote and author: another work is the same favorite, unchanged.
    guard
      case .alreadyFavorite(let existing) = try database.addFavorite(
        Samples.rumi, work: "Divan", at: testDate)
    else {
      Issue.record("expected the quote to be a favorite already")
      return
    }
    #expect(existing.work == "Masnavi")

    // An edit of the work alone; one made from a stale work is refused.
    let edited = try database.editFavorite(
      rumi, quote: rumi.quote, note: "", work: "Divan-e Shams", at: testDate)
    #expect(edited.work == "Divan-e Shams")
    #expect(throws: StorageError.favoriteChanged(id: rumi.id)) {
      try database.editFavorite(rumi, quote: rumi.quote, note: "", work: "Other", at: testDate)
    }
    #expect(try found("masnavi", in: database).isEmpty)
    #expect(try found("shams", in: database) == [rumi.id])

    // The trash keeps it, and so does the way back.
    _ = try database.trashFavorites(ids: [rumi.id], at: testDate)
    #expect(try database.trashedFavorites().map(\.favorite.work) == ["Divan-e Shams"])
    #expect(try found("shams", in: database).isEmpty)
    #expect(
      try database.restoreFavorites(ids: [rumi.id], at: testDate).map(\.work) == [
        "Divan-e Shams"
      ])
    #expect(try found("shams", in: database) == [rumi.id])

    // Undo: the restore, the remove, then the edit, back to the first work.
    _ = try database.undoLastChange()
    #expect(try database.trashedFavorites().map(\.favorite.work) == ["Divan-e Shams"])
    _ = try database.undoLastChange()
    #expect(try database.favorite(id: rumi.id)?.work == "Divan-e Shams")
    _ = try database.undoLastChange()
    #expect(try database.favorite(id: rumi.id)?.work == "Masnavi")
    #expect(try found("masnavi", in: database) == [rumi.id])
    #expect(try LibrarySQL.integrityProblems(database) == [])
  }

  @Test(
    "An import keeps each quote's work, and fills in a work a favorite lacks",
    arguments: StoreFactory.all)
  func importKeepsWork(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    _ = try database.addFavorite(Samples.umar, work: "Sayings", at: testDate)
    let lao = Quote(text: Samples.lao.text, author: Samples.lao.author, source: .imported)
    let counts = try database.importFavorites(
      [
        ImportedQuote(position: 1, quote: Samples.rumi, work: "Masnavi"),
        ImportedQuote(position: 2, quote: Samples.umar, work: "Not this one"),
        ImportedQuote(position: 3, quote: lao, work: "Tao Te Ching"),
        ImportedQuote(position: 4, quote: lao, work: "Not this one either"),
      ], at: testDate, dryRun: false)
    #expect(counts.added == 1)
    #expect(counts.alreadyFavorites == 3)
    #expect(try database.favorites().map(\.work) == ["Masnavi", "Sayings", "Tao Te Ching"])
    #expect(try found("tao", in: database) == [3])
    #expect(try found("masnavi", in: database) == [1])
    #expect(try LibrarySQL.integrityProblems(database) == [])
    // The import is one change: its undo takes the new favorite and the filled-in work back.
    _ = try database.undoLastChange()
    #expect(try database.favorites().map(\.work) == ["", "Sayings"])
    #expect(try LibrarySQL.integrityProblems(database) == [])
  }

  @Test("SQLite: a library of the schema before the work keeps everything, and gains search")
  func sqliteUpgrade() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("earlier.sqlite")
    let earlier = try EarlierSchema(path: path, before: "0012")
    try earlier.queue.write { db in
      try EarlierSchema.insert(Samples.rumi, note: "A note", in: db)
      try EarlierSchema.insert(Samples.umar, in: db)
      try db.execute(
        sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (1, 'ocean')")
      // An edit the earlier version logged for undo, before the upgrade.
      try EarlierSchema.recording("edit", in: db) {
        try db.execute(sql: "UPDATE favorite SET note = 'Changed' WHERE id = 1")
      }
    }
    try earlier.queue.close()
    let database = try QuoteDatabase.open(path: path)
    #expect(try database.favorites().map(\.work) == ["", ""])
    #expect(try database.favorites().map(\.note) == ["Changed", ""])
    #expect(try found("ocean", in: database) == [1])
    #expect(try found("changed", in: database) == [1])
    // The step logged before the upgrade still undoes.
    _ = try database.undoLastChange()
    #expect(try database.favorite(id: 1)?.note == "A note")
    _ = try database.editFavorite(
      try #require(try database.favorite(id: 2)), quote: Samples.umar, note: "",
      work: "Sayings", at: testDate)
    #expect(try found("sayings", in: database) == [2])
    #expect(try LibrarySQL.integrityProblems(database) == [])
  }

  @Test(
    "PostgreSQL: a library of the schema before the work keeps everything, and gains search",
    .enabled(if: PostgresTestDatabase.shouldRun))
  func postgresUpgrade() throws {
    let base = try PostgresTestDatabase.serverURL()
    let url = try PostgresTestDatabase.create(on: base)
    defer { PostgresTestDatabase.drop(url, on: base) }
    do {
      let connection = try PostgresConnection(url: url, timeout: 30)
      let before = try #require(embeddedPostgresMigrations.firstIndex { $0.name.hasPrefix("0012") })
      try PostgresSchemaMigrator(migrations: Array(embeddedPostgresMigrations.prefix(before)))
        .migrate(connection)
      for quote in [Samples.rumi, Samples.umar] {
        let key = quote.key
        try connection.execute(
          """
          INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
            author_folded, note)
          VALUES ($1, $2, 'manual', '2026-11-01 10:00:00.250', $3, $4, $5, 'A note')
          """,
          [quote.text, quote.author, key.quote, key.author, QuoteKey.searchFolded(quote.author)])
      }
    }
    let store = try PostgresStore.open(url: url, timeout: 30, whenReleased: nil)
    #expect(try store.favorites().map(\.work) == ["", ""])
    #expect(try found("note", in: store) == [1, 2])
    _ = try store.editFavorite(
      try #require(try store.favorite(id: 2)), quote: Samples.umar, note: "A note",
      work: "Sayings", at: testDate)
    #expect(try found("sayings", in: store) == [2])
    _ = try store.undoLastChange()
    #expect(try store.favorite(id: 2)?.work == "")
    #expect(try LibrarySQL.integrityProblems(store) == [])
  }

  /// The export of every favorite of `store` in `format`, as the store streams its rows.
  private func exported(_ store: any QuoteStore, _ format: ExportFormat) throws -> String {
    var bytes: [UInt8] = []
    _ = try ExportView.stream(
      format,
      rows: { body in
        try store.forEachFavoriteRow(
          matching: nil, tag: nil, after: 0, limit: nil, columns: .all, body)
      },
      to: { bytes += $0 })
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A new store of `factory`'s kind holding what `text` imports.
  private func imported(_ text: String, into factory: StoreFactory) throws -> any QuoteStore {
    let batch = try ImportParser.parse(Data(text.utf8), origin: "test")
    #expect(batch.rejected.isEmpty)
    let store = try factory.make()
    _ = try store.importFavorites(batch.quotes, at: testDate, dryRun: false)
    return store
  }

  /// A library with a work, a note with lines and commas, tags, and a favorite without a work.
  private func library(_ factory: StoreFactory) throws -> any QuoteStore {
    let store = try factory.make()
    guard
      case .added(let rumi) = try store.addFavorite(
        Samples.rumi, work: "Masnavi, \"Book\" One", at: testDate)
    else { throw StorageError.noSuchFavorite(id: 1) }
    _ = try store.editFavorite(
      rumi, quote: rumi.quote, note: "Read aloud,\ntwice.", at: testDate)
    _ = try store.tag(id: rumi.id, with: [FavoriteTag("ocean")], at: testDate)
    _ = try store.addFavorite(Samples.umar, at: testDate)
    return store
  }

  @Test(
    "JSON and CSV: export, import and export again give the same bytes, the work included",
    arguments: StoreFactory.all)
  func ownRoundTrip(store: StoreFactory) throws {
    let source = try library(store)
    for format in [ExportFormat.json, .csv] {
      let first = try exported(source, format)
      #expect(first.contains("Masnavi"))
      let again = try imported(first, into: store)
      #expect(try exported(again, format) == first, "\(format)")
      #expect(try again.favorites().map(\.work) == ["Masnavi, \"Book\" One", ""])
    }
  }

  @Test("A CSV file of an earlier version, without the work column, still imports")
  func earlierCSV() throws {
    let csv =
      "quote,author,source,source_id,saved_at,note,tags\r\n"
      + "Know thyself.,Socrates,manual,,2027-01-15T08:00:00.000Z,A note,greek\r\n"
    let store = try imported(csv, into: .sqlite)
    let favorites = try store.favorites()
    #expect(favorites.map(\.quote.text) == ["Know thyself."])
    #expect(favorites.map(\.note) == ["A note"])
    #expect(favorites.map(\.work) == [""])
  }

  @Test(
    "Readwise: our export of its import CSV reads back to the same favorites",
    arguments: StoreFactory.all)
  func readwiseRoundTrip(store: StoreFactory) throws {
    let source = try library(store)
    let csv = try exported(source, .readwise)
    #expect(csv.hasPrefix("Highlight,Title,Author,Note,Location,Date\r\n"))
    #expect(
      csv.contains(
        "\"Masnavi, \"\"Book\"\" One\",Rumi,\"Read aloud,\ntwice.\",,2027-01-15T08:00:00.000Z\r\n"))
    let batch = try ImportParser.parse(Data(csv.utf8), origin: "readwise.csv")
    #expect(batch.format == .readwise)
    let back = try imported(csv, into: store)
    // Readwise's CSV has no tags or source: the rest comes back as it was.
    func kept(_ favorite: Favorite) -> [String] {
      [
        favorite.quote.text, favorite.quote.author, favorite.work, favorite.note,
        favorite.savedAt.map(ExportView.timestamp) ?? "",
      ]
    }
    #expect(try back.favorites().map(kept) == source.favorites().map(kept))
    // And its export is the same file.
    #expect(try exported(back, .readwise) == csv)
  }

  @Test(
    "A listing, a count and a pick by --work; stats count the works", arguments: StoreFactory.all)
  func filterAndStats(store: StoreFactory) throws {
    let database = try store.make()
    _ = try database.addFavorite(Samples.rumi, work: "Masnavi, Book One", at: testDate)
    _ = try database.addFavorite(Samples.umar, at: testDate)
    _ = try database.addFavorite(Samples.lao, work: "Tao Te Ching", at: testDate)
    _ = try database.addFavorite(Samples.seneca, work: "Masnavi, Book One", at: testDate)
    func listed(_ work: String) throws -> [Int64] {
      var ids: [Int64] = []
      try database.forEachFavorite(
        matching: nil, tag: nil, work: work, after: 0, limit: nil
      ) { ids.append($0.id) }
      return ids
    }
    #expect(try listed("masnavi") == [1, 4])
    #expect(try listed("BOOK one") == [1, 4])
    #expect(try listed("one book").isEmpty)
    #expect(try listed("tao") == [3])
    #expect(try listed("...").isEmpty)
    #expect(try database.favoriteListSize(matching: nil, tag: nil, work: "masnavi") == (2, 4))
    let filter = FavoriteFilter(work: "masnavi")
    #expect(try database.favoriteCount(matching: filter) == 2)
    #expect(try database.favoriteID(atIndex: 1, matching: filter) == 4)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "lao", work: "tao")) == 1)
    #expect(try database.favoriteCount(matching: FavoriteFilter(author: "rumi", work: "tao")) == 0)

    let stats = try database.favoriteStats(localTime: .utc)
    #expect(stats.works == 2)
    #expect(
      stats.topWorks == [
        FavoriteStats.Count("Masnavi, Book One", 2), FavoriteStats.Count("Tao Te Ching", 1),
      ])
  }

  @Test("A work from outside is cleaned onto one line, without escape sequences")
  func hostileWork() throws {
    #expect(
      QuoteText.enteringWork("  \u{1B}[31mThe\tBook\u{1B}[0m\r\nof  Tea \u{202E}")
        == "The Book of  Tea")
    let favorite = Favorite(
      id: 1, quote: Samples.rumi, savedAt: testDate, work: "Evil\u{1B}]0;title\u{07}\u{1B}[2J")
    let card = QuoteCardView.render(
      favorite.quote, work: favorite.work, width: 80, painter: TextPainter(enabled: false))
    #expect(!card.unicodeScalars.contains("\u{1B}"))
    #expect(card.contains("— Rumi, Evil"))
    let detail = FavoriteDetailView.render(
      favorite, width: 80, painter: TextPainter(enabled: false), localTime: .utc)
    #expect(!detail.unicodeScalars.contains("\u{1B}"))
    for format in ExportFormat.allCases where format != .json {
      let text = ExportView.entry(favorite, format: format, index: 0)
      #expect(!text.unicodeScalars.contains("\u{1B}"), "\(format)")
      #expect(!text.unicodeScalars.contains("\u{07}"), "\(format)")
    }
  }
}
