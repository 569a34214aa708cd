import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// The library on PostgreSQL where it could differ from SQLite.
///
/// `fav find` is the server's text search, ranked by `ts_rank_cd` rather than bm25, diacritics go
/// through `unaccent`, and several machines tag at once. The shared behaviour is tested over
/// every store in LibraryTests.swift.
@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipReason))
struct PostgresLibraryTests {
  /// Favorites whose words repeat and whose lengths differ, so that bm25's parts all count.
  static let library: [Quote] = [
    Quote(text: "Courage is grace under pressure.", author: "Ernest Hemingway", source: .manual),
    Quote(text: "Courage, courage, and again courage.", author: "Georges Danton", source: .manual),
    Quote(
      text: "It takes courage to grow up and become who you really are; courage is rare.",
      author: "E. E. Cummings", source: .manual),
    Quote(text: "Naïveté is a well-known kind of courage.", author: "Zoë Ñandú", source: .manual),
    Quote(text: "The life of Łódź in Æsop's words: 3.14 ways.", author: "Anon", source: .manual),
    Quote(
      text: "Life shrinks or expands in proportion to one's courage.", author: "Anaïs Nin",
      source: .manual),
    Quote(text: "Be the change you wish to see.", author: "Gandhi", source: .manual),
    Quote(text: "The unexamined life is not worth living.", author: "Socrates", source: .manual),
    Quote(
      text: "Life is what happens while you are busy making other plans; life goes on.",
      author: "John Lennon", source: .manual),
    Samples.rumi, Samples.umar, Samples.lao, Samples.seneca, Samples.socrates,
  ]

  /// The same favorites, tags and notes in `database`.
  private func fill(_ database: any QuoteStore) throws {
    for quote in Self.library { _ = try database.addFavorite(quote, at: testDate) }
    _ = try database.tag(
      id: 2, with: [FavoriteTag("courage"), FavoriteTag("revolution")], at: testDate)
    _ = try database.tag(id: 8, with: [FavoriteTag("life")], at: testDate)
  }

  /// Each hit as its id and highlighted pieces.
  private func hits(
    _ database: any QuoteStore, _ text: String, tag: FavoriteTag? = nil
  ) throws -> [String] {
    var hits: [String] = []
    try database.forEachSearchHit(try SearchQuery(text), tag: tag, matches: true) { hit in
      hits.append(
        "\(hit.favorite.id) \(hit.quoteMatches?.map(String.init) ?? []) "
          + "\(hit.authorMatches?.map(String.init) ?? [])")
    }
    return hits
  }

  @Test(
    "find answers as SQLite's FTS5 does: the same favorites, marked alike, best first",
    arguments: [
      "courage", "life", "COURAGE life", #""courage is""#, "cour*", "li* courage",
      #""is a well"*"#, "well-known", #""well known""#, "naivete", "ZOE", "3.14", "one's",
      "the life", "is", "revolution", "khattab", "thousand mile*",
    ])
  func sameAsSQLite(text: String) throws {
    let sqlite = try StoreFactory.sqlite.make()
    let postgres = try StoreFactory.postgres.make()
    try fill(sqlite)
    try fill(postgres)
    // The order of hits of about equal worth may differ (README): compared by id.
    #expect(try hits(postgres, text).sorted() == hits(sqlite, text).sorted())
    let courage = try FavoriteTag("courage")
    #expect(
      try hits(postgres, text, tag: courage).sorted() == hits(sqlite, text, tag: courage).sorted())
    // The rows a writer reads are the hits', in the hits' order.
    var rows: [Int64] = []
    try postgres.forEachSearchRow(try SearchQuery(text), tag: nil, columns: .table) {
      rows.append($0.id)
    }
    #expect(try rows == hits(postgres, text).map { Int64($0.prefix { $0 != " " }) ?? 0 })
  }

  @Test(
    "find puts first the favorite bm25 puts first, where one says its terms most",
    arguments: ["courage", "life", #""courage is""#, "life courage"])
  func bestFirst(text: String) throws {
    func best(_ store: any QuoteStore) throws -> Int64? {
      try fill(store)
      var first: Int64?
      try store.forEachSearchHit(try SearchQuery(text), tag: nil, matches: false) {
        first = first ?? $0.favorite.id
      }
      return first
    }
    #expect(try best(StoreFactory.postgres.make()) == best(StoreFactory.sqlite.make()))
  }

  @Test("Diacritics go through unaccent on both sides: a letter without a decomposition too")
  func unaccent() throws {
    let database = try StoreFactory.postgres.make()
    try fill(database)
    for text in ["łódź", "LODZ", "Æsop", "aesop", "naïveté", "NAIVETE", "ñandú"] {
      var ids: [Int64] = []
      try database.forEachSearchHit(try SearchQuery(text), tag: nil, matches: false) {
        ids.append($0.favorite.id)
      }
      #expect(ids.count == 1, "\(text)")
    }
  }

  @Test("Two machines tagging one favorite at once keep both tags, in its tags column too")
  func concurrentTags() async throws {
    try await PostgresTestServer.withFreshDatabase { url in
      let first = try PostgresStore.open(url: url, timeout: 30)
      let second = try PostgresStore.open(url: url, timeout: 30)
      _ = try first.addFavorite(Samples.rumi, at: testDate)
      let tags = (0..<40).map { FavoriteTag(stored: "t\($0)") }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (number, store) in [first, second].enumerated() {
          let mine = tags.enumerated().filter { $0.offset % 2 == number }.map(\.element)
          group.addTask {
            try await PostgresTestServer.onThread {
              for tag in mine { _ = try store.tag(id: 1, with: [tag], at: testDate) }
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try first.favorite(id: 1)?.tags == tags.map(\.name).sorted())
      #expect(try second.tagCounts().count == tags.count)
      _ = try second.untag(id: 1, tags: tags, at: testDate)
      #expect(try first.favorite(id: 1)?.tags == [])
    }
  }

  @Test("A listing longer than a page, from any id and to any limit, is SQLite's")
  func listingsAcrossPages() throws {
    let quotes = (1...(PostgresStore.pageSize * 2 + 7)).map {
      ImportedQuote(
        position: $0,
        quote: Quote(text: "Words number \($0).", author: "A\($0 % 3)", source: .manual))
    }
    let postgres = try StoreFactory.postgres.make()
    let sqlite = try StoreFactory.sqlite.make()
    for store in [postgres, sqlite] {
      _ = try store.importFavorites(quotes, at: testDate, dryRun: false)
    }
    _ = try postgres.trashFavorites(ids: [5000, 5001], at: testDate)
    _ = try sqlite.trashFavorites(ids: [5000, 5001], at: testDate)
    func ids(_ store: any QuoteStore, after: Int64, limit: Int?, author: String? = nil) throws
      -> [Int64]
    {
      var ids: [Int64] = []
      try store.forEachFavoriteRow(
        matching: author, tag: nil, after: after, limit: limit, columns: .table
      ) { ids.append($0.id) }
      return ids
    }
    for (after, limit, author) in [
      (Int64(0), nil, nil), (0, 5000, nil), (0, 5001, nil), (4998, 4, nil), (9000, nil, "A1"),
      (0, 10_006, nil), (10_000, 3, nil),
    ] as [(Int64, Int?, String?)] {
      let expected = try ids(sqlite, after: after, limit: limit, author: author)
      #expect(try ids(postgres, after: after, limit: limit, author: author) == expected)
      #expect(!expected.isEmpty)
    }
  }

  @Test("The count the server keeps follows every add, removal, import and undo, from two machines")
  func theKeptCountFollowsEveryChange() async throws {
    let folder = try TemporaryFolder()
    let (first, connect) = try StoreFactory.postgres.makeShared(in: folder)
    let store = try #require(first as? PostgresStore)
    func kept() throws -> Int { try store.favoriteListSize(matching: nil).count }
    func counted() throws -> Int {
      Int(try store.execute("SELECT count(*) FROM favorite").values.first?[0] ?? "") ?? -1
    }
    try fill(store)
    #expect(try kept() == Self.library.count && counted() == Self.library.count)
    _ = try store.addFavorite(Samples.rumi, at: testDate)
    _ = try store.trashFavorites(ids: [1, 2, 3], at: testDate)
    #expect(try kept() == counted() && kept() == Self.library.count - 3)
    _ = try store.restoreFavorites(ids: [2], at: testDate)
    let imported = (1...40).map {
      ImportedQuote(
        position: $0, quote: Quote(text: "Line \($0 % 30).", author: "A", source: .manual))
    }
    #expect(try store.importFavorites(imported, at: testDate, dryRun: false).added == 30)
    #expect(try kept() == counted() && kept() == Self.library.count - 2 + 30)
    _ = try store.undoLastChange()
    #expect(try kept() == counted() && kept() == Self.library.count - 2)
    _ = try store.emptyTrash(ids: [1, 3])
    // Two machines adding at once: each waits for the other's change, and both count.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for machine in 0..<2 {
        group.addTask {
          let other = try connect()
          for n in 0..<20 {
            _ = try other.addFavorite(
              Quote(text: "Machine \(machine), quote \(n).", author: "M", source: .manual),
              at: testDate)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try kept() == counted() && kept() == Self.library.count - 2 + 40)
  }
}
