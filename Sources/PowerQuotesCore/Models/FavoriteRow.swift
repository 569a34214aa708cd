import Foundation

/// One favorite as a store hands it to a listing: its columns' bytes as the database holds them,
/// or the favorite decoded.
///
/// A list, search or export of 100,000 favorites writes rows from the database's bytes
/// (``RawFavorite``) without making a Swift `String` of each column; each writer decodes only
/// the columns that are not clean text.
public enum FavoriteRow: Sendable {
  /// The columns' bytes, copied out of the store's row.
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

/// A favorite's columns as bytes: text columns as their UTF-8 bytes exactly as stored (which may
/// be invalid UTF-8 or hold a NUL in a damaged or hand-edited file).
///
/// A plain value (the bytes are copied out of the store's row into one array, which a store
/// reuses from row to row), so that the store contract lends nothing unsafe. A store makes one
/// only when every column is of its kind and `savedAt` is empty or a stored time of the usual
/// shape (``Timestamp/isStoredTime(_:)``), so ``decoded()`` is the favorite the store would
/// decode.
public struct RawFavorite: Sendable {
  /// The id.
  public var id: Int64
  /// The source's id, if any.
  public var sourceID: Int?
  /// The text columns' bytes one after another: quote, author, source, saved time, note, tags,
  /// work; then room for the next row's.
  private var bytes: [UInt8] = []
  /// Where the quote, author, source, saved time, note, tags and work end in ``bytes``.
  private var ends = (0, 0, 0, 0, 0, 0, 0)
  /// The byte between two tag names: a space as stored; a NUL in a row made from a decoded
  /// favorite, whose names may hold a space inside a character.
  private(set) var tagSeparator = UInt8(ascii: " ")

  /// An empty row, to be filled with
  /// ``fill(id:quote:author:source:sourceID:savedAt:note:tags:work:)``.
  public init() {
    id = 0
  }

  /// Makes this row favorite `id` of these columns, reusing its memory.
  ///
  /// `savedAt` is `yyyy-MM-dd HH:mm:ss.SSS` in UTC as stored, or empty (a table's row); `tags`
  /// the tag names one space apart.
  public mutating func fill(
    id: Int64,
    quote: Span<UInt8>,
    author: Span<UInt8>,
    source: Span<UInt8>,
    sourceID: Int?,
    savedAt: Span<UInt8>,
    note: Span<UInt8>,
    tags: Span<UInt8>,
    work: Span<UInt8>
  ) {
    self.id = id
    self.sourceID = sourceID
    tagSeparator = UInt8(ascii: " ")
    let quoteEnd = quote.count
    let authorEnd = quoteEnd + author.count
    let sourceEnd = authorEnd + source.count
    let savedAtEnd = sourceEnd + savedAt.count
    let noteEnd = savedAtEnd + note.count
    let tagsEnd = noteEnd + tags.count
    let workEnd = tagsEnd + work.count
    ends = (quoteEnd, authorEnd, sourceEnd, savedAtEnd, noteEnd, tagsEnd, workEnd)
    if bytes.count < workEnd {
      bytes = [UInt8](repeating: 0, count: max(workEnd, 2 * bytes.count, 256))
    }
    // Copied in place, the array's length kept (a listing copies every row), and with nothing
    // captured that a closure could change (which Swift would check at run time).
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let target = buffer.baseAddress else { return }
      Self.copy(quote, to: target)
      Self.copy(author, to: target + quoteEnd)
      Self.copy(source, to: target + authorEnd)
      Self.copy(savedAt, to: target + sourceEnd)
      Self.copy(note, to: target + savedAtEnd)
      Self.copy(tags, to: target + noteEnd)
      Self.copy(work, to: target + tagsEnd)
    }
  }

  /// Copies `column` to `target`, which has room for it.
  private static func copy(_ column: Span<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
    column.withUnsafeBufferPointer { column in
      if let source = column.baseAddress { target.update(from: source, count: column.count) }
    }
  }

  /// The row of a decoded favorite: its text's UTF-8, its time as stored (empty when it has
  /// none), its tags one NUL apart.
  init(_ favorite: Favorite) {
    let quote = favorite.quote
    self.init(
      id: favorite.id, quote: quote.text, author: quote.author, source: quote.source.rawValue,
      sourceID: quote.sourceID, savedAt: favorite.savedAt, note: favorite.note,
      tags: favorite.tags, work: favorite.work)
  }

  /// The row of these texts, its time as stored (empty when there is none), its tags one NUL
  /// apart.
  init(
    id: Int64, quote: String, author: String, source: String, sourceID: Int?,
    savedAt: Date?, note: String, tags: [String], work: String
  ) {
    self.id = id
    self.sourceID = sourceID
    tagSeparator = 0
    func append(_ text: String) -> Int {
      bytes.append(contentsOf: text.utf8)
      return bytes.count
    }
    let textEnds = (
      append(quote), append(author), append(source),
      append(savedAt.map { Timestamp.utc($0, separator: " ") } ?? ""), append(note)
    )
    for (index, tag) in tags.enumerated() {
      if index > 0 { bytes.append(0) }
      bytes.append(contentsOf: tag.utf8)
    }
    let tagsEnd = bytes.count
    bytes.append(contentsOf: work.utf8)
    ends = (textEnds.0, textEnds.1, textEnds.2, textEnds.3, textEnds.4, tagsEnd, bytes.count)
  }

  /// The text columns, as buffers valid during `body`.
  struct Columns {
    var quote: UnsafeBufferPointer<UInt8>
    var author: UnsafeBufferPointer<UInt8>
    var source: UnsafeBufferPointer<UInt8>
    var savedAt: UnsafeBufferPointer<UInt8>
    var note: UnsafeBufferPointer<UInt8>
    var tags: UnsafeBufferPointer<UInt8>
    var work: UnsafeBufferPointer<UInt8>
  }

  /// Calls `body` with the text columns' bytes: for the writers in Views.
  func withColumns<Result>(_ body: (Columns) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { all in
      func column(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[start..<end])
      }
      return try body(
        Columns(
          quote: column(0, ends.0), author: column(ends.0, ends.1),
          source: column(ends.1, ends.2), savedAt: column(ends.2, ends.3),
          note: column(ends.3, ends.4), tags: column(ends.4, ends.5),
          work: column(ends.5, ends.6)))
    }
  }

  /// The quote's bytes.
  public var quote: ArraySlice<UInt8> { bytes[0..<ends.0] }
  /// The author's bytes.
  public var author: ArraySlice<UInt8> { bytes[ends.0..<ends.1] }
  /// The source's stored name.
  public var source: ArraySlice<UInt8> { bytes[ends.1..<ends.2] }
  /// When it was saved, as stored: `yyyy-MM-dd HH:mm:ss.SSS` in UTC; empty for a table's row.
  public var savedAt: ArraySlice<UInt8> { bytes[ends.2..<ends.3] }
  /// The note; empty when there is none.
  public var note: ArraySlice<UInt8> { bytes[ends.3..<ends.4] }
  /// The tag names, one ``tagSeparator`` apart.
  public var tags: ArraySlice<UInt8> { bytes[ends.4..<ends.5] }
  /// The work; empty when there is none.
  public var work: ArraySlice<UInt8> { bytes[ends.5..<ends.6] }

  /// The favorite, decoded as SQLite's C string of each column is (GRDB's `String(cString:)`):
  /// up to the first NUL, invalid UTF-8 replaced by U+FFFD.
  public func decoded() -> Favorite {
    withColumns { columns in
      Favorite(
        id: id,
        quote: Quote(
          text: Self.string(columns.quote), author: Self.string(columns.author),
          source: QuoteSource(rawValue: Self.string(columns.source)), sourceID: sourceID),
        savedAt: Timestamp.storedDate(columns.savedAt),
        note: Self.string(columns.note),
        tags: tagSeparator == 0
          ? String(decoding: columns.tags, as: UTF8.self).split(separator: "\0").map(String.init)
          : Self.tagList(Self.string(columns.tags)),
        work: Self.string(columns.work)
      )
    }
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
