import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// Issue 20: a `saved_at` the library cannot read (written by hand with sqlite3 or psql, or by
/// an older version that let a time past 9999 in) never locks the user out of the rest.
@Suite("A favorite whose saved time cannot be read")
struct UnreadableSavedTimeTests {
  /// Values an older version or a hand edit left in `saved_at`: past the year 9999, before the
  /// year 0000, no real day, and no time at all.
  static let badTimes = [
    "10000-01-01 04:00:00.000", "-0001-12-31 10:00:00.000", "2020-02-30 00:00:00.000",
    "garbage",
  ]

  /// A store holding Rumi (1), Lao Tzu (2) and Seneca (3), saved at `testDate`, the second
  /// with `badTime` written behind the store's back.
  private func library(_ store: StoreFactory, badTime: String) throws -> any QuoteStore {
    let database = try store.make()
    for quote in [Samples.rumi, Samples.lao, Samples.seneca] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    try LibrarySQL.run(database, "UPDATE favorite SET saved_at = '\(badTime)' WHERE id = 2")
    return database
  }

  @Test(
    "The store reads the row without a time, and the others as ever; show, tag, edit, rm work",
    arguments: StoreFactory.all, badTimes)
  func storeReadsTheRest(store: StoreFactory, badTime: String) throws {
    let database = try library(store, badTime: badTime)
    // PostgreSQL read it as 1970-01-01 (and exported that); SQLite threw for every row.
    let bad = try #require(try database.favorite(id: 2))
    #expect(bad.savedAt == nil)
    #expect(bad.quote == Samples.lao)
    #expect(try database.favorite(id: 1)?.savedAt == testDate)
    var listed: [(Int64, Date?)] = []
    try database.forEachFavoriteRow(
      matching: nil, tag: nil, after: 0, limit: nil, columns: .all
    ) { listed.append(($0.id, $0.favorite.savedAt)) }
    #expect(listed.map(\.0) == [1, 2, 3])
    #expect(listed.map(\.1) == [testDate, nil, testDate])
    #expect(try database.favorite(atIndex: 1)?.id == 2)

    let tagged = try database.tag(id: 2, with: [FavoriteTag("tao")], at: testDate)
    #expect(tagged.favorite.tags == ["tao"])
    let edited = try database.editFavorite(
      tagged.favorite, quote: Samples.lao, note: "Still here.", at: testDate)
    #expect(edited.note == "Still here.")
    #expect(try database.trashFavorites(ids: [2], at: testDate).map(\.id) == [2])
    #expect(try database.favoriteCount() == 2)
    // The value itself is kept as it was, in the trash: nothing is rewritten behind the user.
    let trashed = try LibrarySQL.rows(database, "SELECT saved_at FROM trashed_favorite")
    #expect(trashed == [[badTime]])
  }

  @Test(
    "Every export format and the JSON list write every other row, then name the one left out",
    arguments: StoreFactory.all)
  func listingsLeaveItOut(store: StoreFactory) throws {
    let database = try library(store, badTime: "10000-01-01 04:00:00.000")
    let controller = FavoritesController(database: database, client: .failing) { testDate }
    for format in ExportFormat.allCases {
      var listed = ListedFavorites()
      var bytes: [UInt8] = []
      let count = try ExportView.stream(
        format, rows: { listed = try controller.forEachRow(author: nil, $0) },
        to: { bytes += $0 })
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(count == 2, "\(format)")
      #expect(listed.count == 2 && listed.leftOut == [2], "\(format)")
      #expect(text.contains("Rumi") && text.contains("Seneca"), "\(format)")
      #expect(!text.contains("Lao") && !text.contains("1970"), "\(format)")
      #expect(throws: FavoritesError.unreadableSavedTimes(ids: [2])) {
        try listed.requireNoneLeftOut()
      }
      // As a terminal gets it: decoded favorites.
      var shown: [Int64] = []
      listed = try controller.forEach(author: nil) { shown.append($0.id) }
      #expect(shown == [1, 3] && listed.leftOut == [2])
    }
    // A table has no time to read and shows it.
    var table: [Int64] = []
    let listed = try controller.forEachRow(author: nil, columns: .table) { table.append($0.id) }
    #expect(table == [1, 2, 3] && listed.leftOut.isEmpty)
    #expect(
      FavoritesError.unreadableSavedTimes(ids: [2]).errorDescription
        == "Favorite 2 was left out, the others written: the database holds no time powerquotes "
        + "can read in its saved_at (UTC from 0000-01-01 to 9999-12-31, as 2026-01-15 "
        + "08:00:00.000). Correct it in the database, or remove it with 'fav rm 2'.")
  }
}
