import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// `Migrations/0009_tag_forms.sql`: a library an earlier version made may hold a tag in two
/// Unicode forms, even on one favorite; after the upgrade each favorite keeps its tags under
/// the names ``FavoriteTag`` makes now, with no duplicate pair.
@Suite("Upgrading to tags in one Unicode form")
struct TagFormsUpgradeTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"
  /// Each favorite's tags as an earlier version stored them.
  static let stored: [(Int, String)] = [
    (1, decomposed), (1, composed), (2, decomposed), (2, "stoic"), (3, "\u{FB01}re"),
  ]
  /// The trash's tags column as an earlier version stored it.
  static let trashed = "\(composed) \(decomposed) zen"

  /// Each favorite's tags and the trash's, as bytes: Swift's == would call the forms equal.
  static let expected: [[[UInt8]]] = [
    [Array(composed.utf8)], [Array(composed.utf8), Array("stoic".utf8)], [Array("fire".utf8)],
  ]
  static let expectedTrash = Array("\(composed) zen".utf8)

  /// Checks a store after the upgrade.
  private func check(_ store: any QuoteStore) throws {
    #expect(try store.favorites().map { $0.tags.map { Array($0.utf8) } } == Self.expected)
    #expect(try store.tagCounts().map(\.count) == [2, 1, 1])
    var found: [Int64] = []
    try store.forEachSearchHit(
      try SearchQuery("fire"), tag: FavoriteTag(Self.decomposed), matches: false
    ) { found.append($0.favorite.id) }
    #expect(found.isEmpty)
    try store.forEachFavorite(
      matching: nil, tag: FavoriteTag(Self.decomposed), after: 0, limit: nil
    ) { found.append($0.id) }
    #expect(found == [1, 2])
    try store.forEachSearchHit(try SearchQuery("fire"), tag: nil, matches: false) {
      found.append($0.favorite.id)
    }
    #expect(found == [1, 2, 3])
    #expect(
      try store.trashedFavorites().map { Array($0.favorite.tags.joined(separator: " ").utf8) }
        == [Self.expectedTrash])
  }

  @Test("SQLite: both forms on one favorite become one tag; every favorite keeps its tags")
  func sqlite() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("earlier.sqlite")
    let earlier = try EarlierSchema(path: path, before: "0009")
    try earlier.queue.write { db in
      for quote in [Samples.rumi, Samples.umar, Samples.lao] {
        try EarlierSchema.insert(quote, in: db)
      }
      for (id, tag) in Self.stored {
        try db.execute(
          sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (?, ?)", arguments: [id, tag])
      }
      try db.execute(
        sql: """
          INSERT INTO trashed_favorite (id, quote, author, source, saved_at, quote_key,
            author_key, author_folded, tags, trashed_at)
          VALUES (9, 'Gone.', 'Ann', 'manual', '2026-11-01 10:00:00.250', 'gone.', 'ann', 'ann',
            ?, '2026-11-02 10:00:00.250')
          """,
        arguments: [Self.trashed])
    }
    try earlier.queue.close()
    let database = try QuoteDatabase.open(path: path)
    try check(database)
    try database.writer.write { db in
      try db.execute(sql: "INSERT INTO favorite_search(favorite_search) VALUES('integrity-check')")
      #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
    }
  }

  @Test(
    "PostgreSQL: both forms on one favorite become one tag; every favorite keeps its tags",
    .enabled(if: PostgresTestDatabase.shouldRun))
  func postgres() throws {
    let base = try PostgresTestDatabase.serverURL()
    let url = try PostgresTestDatabase.create(on: base)
    defer { PostgresTestDatabase.drop(url, on: base) }
    do {
      let connection = try PostgresConnection(url: url, timeout: 30)
      let before = try #require(embeddedPostgresMigrations.firstIndex { $0.name.hasPrefix("0009") })
      try PostgresSchemaMigrator(migrations: Array(embeddedPostgresMigrations.prefix(before)))
        .migrate(connection)
      for quote in [Samples.rumi, Samples.umar, Samples.lao] {
        let key = quote.key
        try connection.execute(
          """
          INSERT INTO favorite (quote, author, source, saved_at, quote_key, author_key,
            author_folded)
          VALUES ($1, $2, 'manual', '2026-11-01 10:00:00.250', $3, $4, $5)
          """,
          [quote.text, quote.author, key.quote, key.author, QuoteKey.searchFolded(quote.author)])
      }
      for (id, tag) in Self.stored {
        try connection.execute(
          "INSERT INTO favorite_tag (favorite_id, tag) VALUES ($1, $2)", [String(id), tag])
      }
      try connection.execute(
        """
        INSERT INTO trashed_favorite (id, quote, author, source, saved_at, quote_key,
          author_key, author_folded, tags, trashed_at)
        VALUES (9, 'Gone.', 'Ann', 'manual', '2026-11-01 10:00:00.250', 'gone.', 'ann', 'ann',
          $1, '2026-11-02 10:00:00.250')
        """, [Self.trashed])
    }
    let store = try PostgresStore.open(url: url, timeout: 30, whenReleased: nil)
    try check(store)
  }
}
