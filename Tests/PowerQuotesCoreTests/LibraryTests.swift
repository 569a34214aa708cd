import Foundation
import GRDB
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite("Search queries and tags")
struct SearchQueryAndTagTests {
  @Test(
    "What the user typed becomes quoted FTS5 strings; phrases and prefixes are kept",
    arguments: [
      ("courage", #""courage""#),
      ("LION  naïveté", #""LION" "naïveté""#),
      (#""the unexamined life""#, #""the unexamined life""#),
      ("stoi*", #""stoi"*"#),
      ("stoi**", #""stoi"*"#),
      (#""the unexam"*"#, #""the unexam"*"#),
      (#""unbalanced"#, #""unbalanced""#),
      (#"say "hello"#, #""say" "hello""#),
      ("NEAR(a b)", #""NEAR(a" "b)""#),
      ("a OR b NOT c", #""a" "OR" "b" "NOT" "c""#),
      ("author:rumi", #""author:rumi""#),
      ("-life +death ^start", #""-life" "+death" "^start""#),
      ("* life", #""life""#),
      (#"{quote note}: x"#, #""{quote" "note}:" "x""#),
      ("nul\u{0}x \"a\u{0}b\"", #""nul" "x" "a b""#),
    ])
  func translates(typed: String, fts5: String) throws {
    #expect(try SearchQuery(typed).fts5 == fts5)
  }

  @Test(
    "A query without a word is refused with a sentence",
    arguments: [
      ("", SearchQueryError.empty),
      ("   \t", .empty),
      ("*", .noWords("*")),
      (#""" * -"#, .noWords(#""" * -"#)),
      ("( ) ***", .noWords("( ) ***")),
    ])
  func refusesNoWords(typed: String, error: SearchQueryError) {
    #expect(throws: error) { try SearchQuery(typed) }
    #expect(!error.description.isEmpty)
  }

  @Test("A term typed again, in any case or with accents, is searched once")
  func repeatsCountOnce() throws {
    #expect(try SearchQuery("love love LOVE lóve").fts5 == #""love""#)
    let thousand = Array(repeating: "love", count: 5000).joined(separator: " ")
    #expect(try SearchQuery(thousand).fts5 == #""love""#)
    // A prefix and a phrase are other terms.
    #expect(try SearchQuery(#"love* love "love" love*"#).fts5 == #""love"* "love""#)
    #expect(try SearchQuery(#""heart ocean" heart ocean"#).terms.count == 3)
    // What a search that finds nothing says names each term once, as it was searched.
    #expect(try SearchQuery(thousand).shown == "love")
    #expect(
      try SearchQuery(#"love "heart ocean" stoi* LOVE"#).shown == #"love "heart ocean" stoi*"#)
    #expect(FavoritePager.noMatch(try SearchQuery("luck luck")) == "No favorites match 'luck'.")
    #expect(!FavoritePager.noMatch(try SearchQuery("luck \u{1B}[31mred")).contains("\u{1B}"))
  }

  @Test("More than maxWords different words are refused with a sentence that counts them")
  func tooManyWords() throws {
    let words = (0..<2000).map { "w\($0)x" }
    let most = words.prefix(SearchQuery.maxWords)
    #expect(try SearchQuery(most.joined(separator: " ")).terms.count == SearchQuery.maxWords)
    for count in [SearchQuery.maxWords + 1, 2000] {
      let error = SearchQueryError.tooManyWords(count)
      #expect(throws: error) { try SearchQuery(words.prefix(count).joined(separator: " ")) }
      #expect(error.description.contains("\(count) different words"))
    }
    // A phrase counts its words.
    let phrase = "\"" + words.prefix(SearchQuery.maxWords + 1).joined(separator: " ") + "\""
    #expect(throws: SearchQueryError.tooManyWords(SearchQuery.maxWords + 1)) {
      try SearchQuery(phrase)
    }
  }

  @Test("Tags are folded to lower case words")
  func tagsFold() throws {
    #expect(try FavoriteTag("Stoic").name == "stoic")
    #expect(try FavoriteTag("ÉTÉ").name == "été")
    #expect(try FavoriteTag("c++").name == "c++")
    #expect(
      try FavoriteTag(String(repeating: "a", count: FavoriteTag.maxLength)).name.count
        == FavoriteTag.maxLength)
  }

  @Test("Tags are normalized as quote keys are: one tag whatever the Unicode form typed")
  func tagsNormalize() throws {
    let composed = Array("caf\u{E9}".utf8)
    // Swift's == would call the two forms equal; the database compares bytes.
    for typed in ["caf\u{E9}", "cafe\u{301}", "CAFE\u{301}", "ＣＡＦÉ"] {
      #expect(Array(try FavoriteTag(typed).name.utf8) == composed, "\(typed.debugDescription)")
    }
    #expect(try FavoriteTag("\u{FB01}re").name == "fire")
    // Format characters and variation selectors inside a character are kept.
    for kept in [
      "👨\u{200D}👩\u{200D}👧", "\u{2764}\u{FE0F}", "می\u{200C}خواهم",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    ] {
      #expect(Array(try FavoriteTag(kept).name.unicodeScalars) == Array(kept.unicodeScalars))
    }
  }

  @Test(
    "A bad tag is refused with a sentence naming it",
    arguments: [
      ("", TagError.empty),
      ("two words", .hasSpace("two words")),
      ("tab\there", .hasSpace("tab\there")),
      ("line\nbreak", .hasSpace("line\nbreak")),
      ("nbsp\u{A0}", .hasSpace("nbsp\u{A0}")),
      ("bell\u{7}", .hasControl("bell\u{7}")),
      ("esc\u{1B}[31m", .hasControl("esc\u{1B}[31m")),
      ("rtl\u{202E}", .hasControl("rtl\u{202E}")),
      ("a\u{2066}b", .hasControl("a\u{2066}b")), ("\u{200D}", .hasControl("\u{200D}")),
      ("\u{FEFF}x", .hasControl("\u{FEFF}x")), ("x\u{2060}y", .hasControl("x\u{2060}y")),
      ("\u{AD}x", .hasControl("\u{AD}x")),
      (
        String(repeating: "a", count: FavoriteTag.maxLength + 1),
        .tooLong(String(repeating: "a", count: FavoriteTag.maxLength + 1))
      ),
    ])
  func refusesBadTags(text: String, error: TagError) {
    #expect(throws: error) { try FavoriteTag(text) }
    // The sentence never carries the control character itself.
    #expect(!error.description.contains("\u{1B}"))
    #expect(!error.description.contains("\u{7}"))
  }
}

@Suite("Tags and full-text search in every store")
struct LibraryDatabaseTests {
  /// A store of `store`'s kind holding the five sample favorites, ids 1...5.
  private func library(_ store: StoreFactory) throws -> any QuoteStore {
    let database = try store.make()
    for quote in [Samples.rumi, Samples.umar, Samples.lao, Samples.seneca, Samples.socrates] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    return database
  }

  private func found(
    _ database: any QuoteStore, _ text: String, tag: FavoriteTag? = nil
  ) throws -> [Int64] {
    var ids: [Int64] = []
    try database.forEachSearchHit(try SearchQuery(text), tag: tag, matches: false) {
      ids.append($0.favorite.id)
    }
    return ids
  }

  @Test("Tagging folds, keeps the tags in name order, and is counted", arguments: StoreFactory.all)
  func tagging(store: StoreFactory) throws {
    let database = try library(store)
    let (favorite, added) = try database.tag(
      id: 1, with: [FavoriteTag("Ocean"), FavoriteTag("love"), FavoriteTag("ocean")], at: testDate)
    #expect(added.map(\.name) == ["love", "ocean"])
    #expect(favorite.tags == ["love", "ocean"])
    let (again, none) = try database.tag(id: 1, with: [FavoriteTag("LOVE")], at: testDate)
    #expect(none.isEmpty)
    #expect(again.tags == ["love", "ocean"])
    _ = try database.tag(id: 3, with: [FavoriteTag("love")], at: testDate)
    #expect(
      try database.tagCounts()
        == [
          TagCount(tag: FavoriteTag("love"), count: 2),
          TagCount(tag: FavoriteTag("ocean"), count: 1),
        ])
    #expect(try database.favorite(id: 1)?.tags == ["love", "ocean"])
    #expect(try database.favorites().map(\.tags) == [["love", "ocean"], [], ["love"], [], []])

    let (untagged, removed) = try database.untag(
      id: 1, tags: [FavoriteTag("ocean"), FavoriteTag("absent")], at: testDate)
    #expect(removed.map(\.name) == ["ocean"])
    #expect(untagged.tags == ["love"])
    _ = try database.untag(id: 1, tags: [FavoriteTag("love")], at: testDate)
    #expect(try database.favorite(id: 1)?.tags == [])
    #expect(try database.tagCounts() == [TagCount(tag: FavoriteTag("love"), count: 1)])
  }

  @Test(
    "A tag typed composed or decomposed is one tag, and --tag finds it either way",
    arguments: StoreFactory.all)
  func normalizedTags(store: StoreFactory) throws {
    let database = try library(store)
    _ = try database.tag(id: 1, with: [FavoriteTag("cafe\u{301}")], at: testDate)
    let (favorite, added) = try database.tag(
      id: 1, with: [FavoriteTag("caf\u{E9}"), FavoriteTag("👨\u{200D}👩\u{200D}👧")],
      at: testDate)
    #expect(added.map(\.name) == ["👨\u{200D}👩\u{200D}👧"])
    #expect(favorite.tags.map { Array($0.utf8) }.contains(Array("caf\u{E9}".utf8)))
    #expect(try database.tagCounts().count == 2)
    #expect(try found(database, "heart", tag: FavoriteTag("CAFE\u{301}")) == [1])
    #expect(try found(database, "heart", tag: FavoriteTag("caf\u{E9}")) == [1])
  }

  @Test(
    "Tagging or untagging an unknown id is noSuchFavorite and changes nothing",
    arguments: StoreFactory.all)
  func unknownID(store: StoreFactory) throws {
    let database = try library(store)
    #expect(throws: StorageError.noSuchFavorite(id: 99)) {
      try database.tag(id: 99, with: [FavoriteTag("x")], at: testDate)
    }
    #expect(throws: StorageError.noSuchFavorite(id: 99)) {
      try database.untag(id: 99, tags: [FavoriteTag("x")], at: testDate)
    }
    #expect(try database.tagCounts().isEmpty)
  }

  @Test("The schema refuses a tag the app would not make")
  func schemaChecksTags() throws {
    let database = try QuoteDatabase.inMemory()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    for bad in ["", "Upper", "two words", String(repeating: "a", count: 65)] {
      #expect(throws: DatabaseError.self) {
        try database.writer.write { db in
          try db.execute(
            sql: "INSERT INTO favorite_tag (favorite_id, tag) VALUES (1, ?)", arguments: [bad])
        }
      }
    }
  }

  @Test(
    "Removing a favorite removes its tags and its words from the index",
    arguments: StoreFactory.all)
  func removal(store: StoreFactory) throws {
    let database = try library(store)
    _ = try database.tag(id: 1, with: [FavoriteTag("ocean")], at: testDate)
    #expect(try found(database, "heart") == [1])
    _ = try database.removeFavorites(ids: [1])
    #expect(try found(database, "heart").isEmpty)
    #expect(try found(database, "ocean").isEmpty)
    #expect(try database.tagCounts().isEmpty)
  }

  @Test(
    "find: case and diacritics do not count; phrases, prefixes, authors and tags match",
    arguments: StoreFactory.all)
  func finding(store: StoreFactory) throws {
    let database = try library(store)
    #expect(try found(database, "HEART") == [1])
    #expect(try found(database, "khattab") == [2])
    #expect(try found(database, "KHATTĀB mindful") == [2])
    #expect(try found(database, #""thousand miles""#) == [3])
    #expect(try found(database, #""miles thousand""#).isEmpty)
    #expect(try found(database, "oppor*") == [4])
    #expect(try found(database, #""journey of a thou"*"#) == [3])
    #expect(try found(database, "thy*") == [5])
    #expect(try found(database, "socrates") == [5])
    #expect(try found(database, "stoic").isEmpty)
    _ = try database.tag(id: 4, with: [FavoriteTag("stoic")], at: testDate)
    #expect(try found(database, "stoic") == [4])
    #expect(try found(database, "luck", tag: FavoriteTag("stoic")) == [4])
    #expect(try found(database, "heart", tag: FavoriteTag("stoic")).isEmpty)
    _ = try database.untag(id: 4, tags: [FavoriteTag("stoic")], at: testDate)
    #expect(try found(database, "stoic").isEmpty)
  }

  @Test(
    "find ranks best first (bm25; ts_rank_cd on PostgreSQL): a word said most, first",
    arguments: StoreFactory.all)
  func ranking(store: StoreFactory) throws {
    let database = try library(store)
    _ = try database.addFavorite(
      Quote(text: "Step by step, step after step.", author: "Anon", source: .manual), at: testDate)
    #expect(try found(database, "step") == [6, 3])
  }

  @Test(
    "Words typed again find and rank as typed once: 2,000 words, the same answer on every store",
    arguments: StoreFactory.all)
  func repeatedWords(store: StoreFactory) throws {
    let database = try library(store)
    _ = try database.addFavorite(
      Quote(text: "Step by step, step after step.", author: "Anon", source: .manual), at: testDate)
    #expect(try found(database, "step step step") == [6, 3])
    // PostgreSQL refused more than 1,664 terms ("target lists can have at most 1664 entries").
    let long = Array(repeating: "step STEP Step stép step", count: 400).joined(separator: " ")
    #expect(try found(database, long) == [6, 3])
    let two = Array(repeating: "journey step", count: 1000).joined(separator: " ")
    #expect(try found(database, two) == [3])
  }

  @Test(
    "Text FTS5 cannot parse searches as words or is refused as a query: never an SQL error",
    arguments: StoreFactory.all,
    [
      #""unbalanced"#, "NEAR(", "NEAR(a b, 2)", "a AND", "OR", "NOT x", "(", ")", "a:b",
      "^x", "-x", "x +", "{a}: b", "'", #"\"#, "\u{0}x", "%", "_", "naïve*té", "a*b",
      "🦁 lion", "日本語", "donʼt*", "½*", "ŉ*", #"a\'b*"#, "''*",
      "x*" + String(repeating: "y", count: 3000) + "*",
    ])
  func strangeText(store: StoreFactory, text: String) throws {
    let database = try library(store)
    do {
      _ = try found(database, text)
    } catch is SearchQueryError {
      // No word in it: a usage error, and the database was never asked.
      #expect(text.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic })
    }
  }

  @Test(
    "With matches, a hit cuts its quote and author into plain and matching pieces",
    arguments: StoreFactory.all)
  func matchPieces(store: StoreFactory) throws {
    let database = try library(store)
    var hits: [SearchHit] = []
    try database.forEachSearchHit(try SearchQuery("heart ocea*"), tag: nil, matches: true) {
      hits.append($0)
    }
    let hit = try #require(hits.first)
    #expect(
      hit.quoteMatches
        == [
          "Your ", "heart", " is the size of an ", "ocean",
          ". Go find yourself in its hidden depths.",
        ]
    )
    #expect(hit.authorMatches == ["Rumi"])
    #expect(SearchHit.pieces("a\u{1}b\u{2}", original: "ab") == ["a", "b", ""])
    // A mark that was in the text itself: no highlight rather than a wrong one.
    #expect(SearchHit.pieces("a\u{1}b\u{2}\u{1}", original: "ab\u{1}") == nil)
  }

  @Test("list, its shape and export keep only favorites with --tag", arguments: StoreFactory.all)
  func tagFilter(store: StoreFactory) throws {
    let database = try library(store)
    _ = try database.tag(id: 2, with: [FavoriteTag("speech")], at: testDate)
    _ = try database.tag(id: 5, with: [FavoriteTag("speech")], at: testDate)
    func ids(_ author: String?, _ tag: String, after: Int64 = 0) throws -> [Int64] {
      var ids: [Int64] = []
      try database.forEachFavorite(
        matching: author, tag: FavoriteTag(tag), after: after, limit: nil
      ) { ids.append($0.id) }
      return ids
    }
    #expect(try ids(nil, "speech") == [2, 5])
    #expect(try ids("socr", "speech") == [5])
    #expect(try ids(nil, "speech", after: 2) == [5])
    #expect(try ids(nil, "nothing").isEmpty)
    let size = try database.favoriteListSize(matching: nil, tag: FavoriteTag("speech"))
    #expect(size.count == 2 && size.largestID == 5)
    var authors: [String] = []
    try database.forEachFavoriteAuthor(matching: nil, tag: FavoriteTag("speech")) { author in
      authors.append(author.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
      return true
    }
    #expect(authors.sorted() == ["Socrates", "Umar ibn Al-Khattāb (R.A)"])
    #expect(try database.favoriteListSize(matching: nil, tag: FavoriteTag("nothing")).count == 0)
  }
}

@Suite("Upgrading to notes, tags and search")
struct SearchUpgradeTests {
  @Test("A database made before 0005 upgrades in place, everything kept, and find covers it")
  func upgradesBefore0005() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    let before = try #require(embeddedMigrations.firstIndex { $0.name.hasPrefix("0005") })
    let quotes = [Samples.rumi, Samples.umar, Samples.lao, Samples.seneca]
    do {
      let queue = try DatabaseQueue(path: path)
      try SchemaMigrator(migrations: Array(embeddedMigrations.prefix(before)))
        .migrate(queue, path: path)
      try queue.write { db in
        for (number, quote) in quotes.enumerated() {
          let key = quote.key
          try db.execute(
            sql: """
              INSERT INTO favorite
                (quote, author, source, source_id, saved_at, quote_key, author_key, author_folded)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              quote.text, quote.author, quote.source.rawValue, quote.sourceID,
              "2026-11-0\(number + 1) 10:00:00.250", key.quote, key.author,
              QuoteKey.searchFolded(quote.author),
            ])
        }
        try db.execute(sql: "DELETE FROM favorite WHERE id = 2")
        try db.execute(
          sql: """
            INSERT INTO pool_quote
              (quote, author, source, source_id, first_seen_at, quote_key, author_key)
            VALUES ('Pooled words.', 'Pooler', 'zenquotes', NULL, '2026-11-01 09:00:00.000',
              'pooled words.', 'pooler')
            """)
        try db.execute(
          sql: """
            INSERT INTO last_shown (singleton, quote, author, source, source_id, shown_at)
            VALUES (1, 'Shown words.', 'Shower', 'dummyjson', 42, '2026-11-02 09:00:00.000')
            """)
      }
      #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == before)
    }
    let database = try QuoteDatabase.open(path: path)
    let favorites = try database.favorites()
    #expect(favorites.map(\.id) == [1, 3, 4])
    #expect(favorites.map(\.quote) == [Samples.rumi, Samples.lao, Samples.seneca])
    #expect(
      favorites.map { $0.savedAt.map(ExportView.timestamp) } == [
        "2026-11-01T10:00:00.250Z", "2026-11-03T10:00:00.250Z", "2026-11-04T10:00:00.250Z",
      ])
    #expect(favorites.allSatisfy { $0.note.isEmpty && $0.tags.isEmpty })
    #expect(try database.poolCount() == 1)
    #expect(try database.poolQuote(at: 0)?.text == "Pooled words.")
    #expect(
      try database.lastShown()
        == Quote(text: "Shown words.", author: "Shower", source: .dummyJSON, sourceID: 42))
    var found: [Int64] = []
    try database.forEachSearchHit(try SearchQuery("HEART")) { found.append($0.favorite.id) }
    try database.forEachSearchHit(try SearchQuery("seneca")) { found.append($0.favorite.id) }
    try database.forEachSearchHit(try SearchQuery("thousand mile*")) {
      found.append($0.favorite.id)
    }
    try database.forEachSearchHit(try SearchQuery("mindful")) { found.append($0.favorite.id) }
    #expect(found == [1, 4, 3])
    // And the new columns work on the old rows.
    _ = try database.tag(id: 3, with: [FavoriteTag("journey")], at: testDate)
    #expect(try database.favorite(id: 3)?.tags == ["journey"])
    #expect(try database.favorite(id: 3)?.savedAt == favorites[1].savedAt)
  }
}
