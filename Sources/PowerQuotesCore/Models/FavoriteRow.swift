/// One favorite as a store hands it to a listing: its columns' bytes as the database holds them,
/// or the favorite decoded.
///
/// A list, search or export of 100,000 favorites writes rows straight from the database's bytes
/// (``RawFavorite``) when they are clean, without making a Swift `String` of each column; the
/// writers fall back to ``favorite`` and the `String` views for any row that is not.
public enum FavoriteRow {
  /// The columns' bytes, valid only while the store's body runs.
  case raw(RawFavorite)
  /// The favorite, decoded by the store (a store without raw rows, or a row the store could
  /// not hand over raw).
  case decoded(Favorite)

  /// The favorite, decoded as the store would decode it.
  public var favorite: Favorite {
    switch self {
    case .raw(let raw): raw.decoded()
    case .decoded(let favorite): favorite
    }
  }

  /// The favorite's id.
  public var id: Int64 {
    switch self {
    case .raw(let raw): raw.id
    case .decoded(let favorite): favorite.id
    }
  }
}

/// Which of a favorite's columns a listing reads.
public enum FavoriteColumns: Sendable {
  /// Every column: what JSON and exports write.
  case all
  /// The id, quote, author and tags: what the favorites table shows. The other columns of such a
  /// row are empty (``FavoriteRow/favorite`` has no source, note or saved time: its `savedAt` is
  /// nil, and no listing leaves it out for that).
  case table
}

/// A favorite's columns as bytes borrowed from the database: text columns as their UTF-8 bytes
/// exactly as stored (which may be invalid UTF-8 or hold a NUL in a damaged or hand-edited file).
///
/// The buffers are valid only during the call that hands the row over. A store makes one only
/// when every column is of its kind and `savedAt` is a stored time of the usual shape
/// (``Timestamp/isStoredTime(_:)``), so ``decoded()`` is the favorite the store would decode.
public struct RawFavorite {
  /// The id.
  public var id: Int64
  /// The quote's text.
  public var quote: UnsafeBufferPointer<UInt8>
  /// The author.
  public var author: UnsafeBufferPointer<UInt8>
  /// The source's stored name.
  public var source: UnsafeBufferPointer<UInt8>
  /// The source's id, if any.
  public var sourceID: Int?
  /// When it was saved, as stored: `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
  public var savedAt: UnsafeBufferPointer<UInt8>
  /// The note; empty when there is none.
  public var note: UnsafeBufferPointer<UInt8>
  /// The tag names, one space apart.
  public var tags: UnsafeBufferPointer<UInt8>

  /// Makes a row of borrowed bytes.
  public init(
    id: Int64,
    quote: UnsafeBufferPointer<UInt8>,
    author: UnsafeBufferPointer<UInt8>,
    source: UnsafeBufferPointer<UInt8>,
    sourceID: Int?,
    savedAt: UnsafeBufferPointer<UInt8>,
    note: UnsafeBufferPointer<UInt8>,
    tags: UnsafeBufferPointer<UInt8>
  ) {
    self.id = id
    self.quote = quote
    self.author = author
    self.source = source
    self.sourceID = sourceID
    self.savedAt = savedAt
    self.note = note
    self.tags = tags
  }

  /// The favorite, decoded as SQLite's C string of each column is (GRDB's `String(cString:)`):
  /// up to the first NUL, invalid UTF-8 replaced by U+FFFD.
  public func decoded() -> Favorite {
    Favorite(
      id: id,
      quote: Quote(
        text: Self.string(quote), author: Self.string(author),
        source: QuoteSource(rawValue: Self.string(source)), sourceID: sourceID),
      savedAt: Timestamp.storedDate(savedAt),
      note: Self.string(note),
      tags: Self.tagList(Self.string(tags))
    )
  }

  /// The tags of a `tags` column: names one space apart.
  static func tagList(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: " ").map(String.init)
  }

  /// The text of a column's bytes as a C string reads it.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let end = bytes.firstIndex(of: 0) ?? bytes.count
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
  }
}
