/// The favorites table of the full-screen app, held in memory to be filtered at the speed of
/// typing: each favorite's id, author, the start of its quote and its tags, compactly.
///
/// Read once from the store (``FavoritesController/index()``); a filter by author then touches
/// only the distinct authors and one number a row. At 100,000 favorites it holds about 8 MB:
/// the start of each quote (``quoteStartBytes`` bytes at most) and its tags in one byte array,
/// and three arrays of numbers.
public struct FavoriteIndex: Sendable {
  /// The most bytes of a quote kept: the start the table shows (its quote column is cut to
  /// the window, and with "…" after this many).
  public static let quoteStartBytes = 64

  /// The favorites' ids, in the store's order (by id).
  public private(set) var ids: [Int64] = []
  /// Each row's author, as an index in ``authors``.
  private var authorOfRow: [UInt32] = []
  /// Where each row's quote start ends and its tags end in ``bytes``, one after the other.
  private var ends: [UInt32] = []
  private var bytes: [UInt8] = []
  /// The distinct authors as written (first spelling seen), cleaned for a terminal.
  public private(set) var authors: [String] = []
  /// Each author's search folding (``QuoteKey/searchFolded(_:)``), as UTF-8.
  private var foldedAuthors: [[UInt8]] = []
  private var authorNumbers: [[UInt8]: UInt32] = [:]

  /// An empty table.
  public init() {}

  /// An empty table with room for `count` favorites, so that reading them grows no array (a
  /// growing array briefly holds its old and new storage: the table's peak memory).
  public init(reservingRoomFor count: Int) {
    ids.reserveCapacity(count)
    authorOfRow.reserveCapacity(count)
    ends.reserveCapacity(2 * count)
    // Most quotes are longer than what is kept; tags are few.
    bytes.reserveCapacity(count * (Self.quoteStartBytes + 8))
  }

  /// How many favorites it holds.
  public var count: Int { ids.count }

  /// Adds a favorite read from the store, after those added before.
  public mutating func append(_ row: FavoriteRow) {
    switch row {
    case .raw(let raw):
      append(
        id: raw.id, author: Array(raw.author), quote: raw.quote,
        tags: raw.tags.split(separator: raw.tagSeparator).map { Array($0) })
    case .decoded(let favorite):
      append(
        id: favorite.id, author: Array(favorite.quote.author.utf8),
        quote: Array(favorite.quote.text.utf8)[...], tags: favorite.tags.map { Array($0.utf8) })
    }
  }

  private mutating func append(
    id: Int64, author: [UInt8], quote: ArraySlice<UInt8>, tags: [[UInt8]]
  ) {
    let number: UInt32
    if let known = authorNumbers[author] {
      number = known
    } else {
      number = UInt32(authors.count)
      let text = String(decoding: author, as: UTF8.self)
      authors.append(UntrustedText.sanitized(text))
      foldedAuthors.append(Array(QuoteKey.searchFolded(text).utf8))
      authorNumbers[author] = number
    }
    ids.append(id)
    authorOfRow.append(number)
    // The start of the quote, cut at a character's first byte, "…" after it when cut.
    if quote.count > Self.quoteStartBytes {
      var end = quote.startIndex + Self.quoteStartBytes
      while end > quote.startIndex && quote[end] & 0xC0 == 0x80 { end -= 1 }
      bytes += quote[..<end]
      bytes += "…".utf8
    } else {
      bytes += quote
    }
    ends.append(UInt32(bytes.count))
    // Names one NUL apart: a name may hold a space (a decoded favorite's), never a NUL.
    for (index, tag) in tags.enumerated() {
      if index > 0 { bytes.append(0) }
      bytes += tag
    }
    ends.append(UInt32(bytes.count))
  }

  /// Gives back the memory the table reserved while it was read.
  public mutating func compact() {
    func exact<Element>(_ array: [Element]) -> [Element] {
      array.withUnsafeBufferPointer { Array($0) }
    }
    // Copied only when much is unused: the copy is the moment both are held.
    if ids.capacity > ids.count + ids.count / 4 + 64 {
      ids = exact(ids)
      authorOfRow = exact(authorOfRow)
      ends = exact(ends)
    }
    if bytes.capacity > bytes.count + bytes.count / 4 + 4096 { bytes = exact(bytes) }
    authorNumbers = [:]
  }

  /// Row `row`'s author, cleaned.
  public func author(_ row: Int) -> String { authors[Int(authorOfRow[row])] }

  /// The start of row `row`'s quote, cleaned, on one line.
  public func quoteStart(_ row: Int) -> String {
    let start = row == 0 ? 0 : Int(ends[2 * row - 1])
    return UntrustedText.sanitized(
      String(decoding: bytes[start..<Int(ends[2 * row])], as: UTF8.self))
  }

  /// Row `row`'s tags as ``TagText/hashed(_:)`` shows them.
  public func tags(_ row: Int) -> String {
    let names = bytes[Int(ends[2 * row])..<Int(ends[2 * row + 1])]
    guard !names.isEmpty else { return "" }
    return TagText.hashed(
      names.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
  }

  /// The rows whose author contains `text`, ignoring case, accents and punctuation as
  /// `fav search` does (both folded by ``QuoteKey/searchFolded(_:)``), in order; nil when
  /// `text` holds nothing to search for (every row matches).
  public func rows(matchingAuthor text: String) -> [Int32]? {
    let needle = Array(QuoteKey.searchFolded(text).utf8)
    guard !needle.isEmpty else { return nil }
    let matches = foldedAuthors.map { Self.contains($0, needle) }
    var rows: [Int32] = []
    for (row, author) in authorOfRow.enumerated() where matches[Int(author)] {
      rows.append(Int32(row))
    }
    return rows
  }

  /// Whether `haystack` holds `needle` (not empty), byte for byte, as SQLite's `instr` finds it.
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    let first = needle[0]
    var start = 0
    while start <= haystack.count - needle.count {
      if haystack[start] == first {
        var matched = 1
        while matched < needle.count && haystack[start + matched] == needle[matched] {
          matched += 1
        }
        if matched == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  /// The row of favorite `id`, if the table holds it.
  public func row(ofID id: Int64) -> Int? {
    // Ids ascend: the store lists by id.
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < ids.count && ids[low] == id ? low : nil
  }
}
