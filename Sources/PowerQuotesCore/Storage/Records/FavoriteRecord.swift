import Foundation
import GRDB

/// A row of the `favorite` table: a favorite and the keys the schema decides duplicates and
/// author searches by (see `Migrations/0001_initial.sql`), its note and its tags (kept by the
/// triggers of `Migrations/0005_notes_tags_search.sql` from `favorite_tag`).
struct FavoriteRecord: FetchableRecord, PersistableRecord {
  static let databaseTableName = "favorite"

  /// The table's columns.
  enum Columns {
    static let id = Column("id")
    static let quote = QuoteColumns.text
    static let author = QuoteColumns.author
    static let source = QuoteColumns.source
    static let sourceID = QuoteColumns.sourceID
    static let savedAt = Column("saved_at")
    static let quoteKey = Column("quote_key")
    static let authorKey = Column("author_key")
    static let authorFolded = Column("author_folded")
    static let note = Column("note")
    static let tags = Column("tags")
    static let keyHash = Column("key_hash")
    static let work = Column("work")
  }

  /// The favorite's id; nil before it is inserted.
  var id: Int64?
  /// The quote.
  var quote: Quote
  /// When it was saved, if the row holds a time the library keeps.
  ///
  /// Nil as in ``Favorite/savedAt``; a record made to be inserted always has one.
  var savedAt: Date?
  /// The note; empty when there is none.
  var note = ""
  /// The `tags` column: tag names one space apart, in name order.
  var tags = ""
  /// The work the quote came from; empty when there is none.
  var work = ""

  init(id: Int64? = nil, quote: Quote, savedAt: Date, work: String = "") {
    self.id = id
    self.quote = quote
    self.savedAt = savedAt
    self.work = work
  }

  init(row: Row) throws {
    id = try row.decode(forColumn: Columns.id.name)
    quote = try Quote(row: row)
    savedAt = StoredTime.savedTime(row, Columns.savedAt)
    note = try row.decode(String?.self, forColumn: Columns.note.name) ?? ""
    tags = try row.decode(String?.self, forColumn: Columns.tags.name) ?? ""
    work = try row.decode(String?.self, forColumn: Columns.work.name) ?? ""
  }

  func encode(to container: inout PersistenceContainer) {
    container[Columns.id] = id
    for (column, value) in zip(Self.insertedColumns, insertedValues) {
      container[column] = value
    }
  }

  /// The favorite it holds (an inserted record has an id).
  var favorite: Favorite {
    Favorite(
      id: id ?? 0, quote: quote, savedAt: savedAt, note: note, tags: Self.tagList(tags),
      work: work)
  }

  /// The tags of a `tags` column.
  static func tagList(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: " ").map(String.init)
  }

  // MARK: - Fast paths

  /// The columns an INSERT writes, in the order of ``insertedValues``: everything but the id,
  /// the note and the tags.
  static let insertedColumns = [
    Columns.quote, Columns.author, Columns.source, Columns.sourceID, Columns.savedAt,
    Columns.quoteKey, Columns.authorKey, Columns.authorFolded, Columns.keyHash, Columns.work,
  ]

  /// The INSERT of one favorite, with an argument per ``insertedColumns``, prepared once for a
  /// whole import.
  static let insertSQL =
    "INSERT INTO favorite (\(insertedColumns.map(\.name).joined(separator: ", "))) VALUES ("
    + Array(repeating: "?", count: insertedColumns.count).joined(separator: ", ") + ")"

  /// The values of ``insertedColumns``, keys and folded author computed from the quote.
  var insertedValues: [(any DatabaseValueConvertible)?] {
    let key = quote.key
    return [
      quote.text, quote.author, quote.source.rawValue, quote.sourceID, savedAt.map(StoredTime.text),
      key.quote, key.author, QuoteKey.searchFolded(quote.author), key.keyHash, work,
    ]
  }

  /// The columns ``listed(_:)`` reads, in its order.
  static let listedColumns = [
    Columns.id, Columns.quote, Columns.author, Columns.source, Columns.sourceID, Columns.savedAt,
    Columns.note, Columns.tags, Columns.work,
  ]

  /// The favorite in a row of ``listedColumns``, read by position: a list streams 100,000 of
  /// them, and a column found by name costs more than the rest of the row.
  static func listed(_ row: Row) throws -> Favorite {
    Favorite(
      id: try row.decode(atIndex: 0),
      quote: Quote(
        text: try row.decode(atIndex: 1), author: try row.decode(atIndex: 2),
        source: QuoteSource(rawValue: try row.decode(atIndex: 3)),
        sourceID: try row.decode(atIndex: 4)),
      savedAt: StoredTime.savedTime(row, at: 5),
      note: try row.decode(atIndex: 6),
      tags: tagList(try row.decode(atIndex: 7)),
      work: try row.decode(atIndex: 8)
    )
  }
}
