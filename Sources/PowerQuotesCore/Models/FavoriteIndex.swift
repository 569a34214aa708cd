/// The favorites table of the full-screen app, held in memory to be filtered at the speed of
/// typing: each favorite's id, author, the start of its quote and its tags, compactly.
///
/// Read once from the store (``FavoritesController/index()``); a filter by author then touches
/// only the distinct authors and one number a row. Every text is in a few byte arrays with the
/// offsets where each piece ends, never a Swift string or array per row or per author: at
/// 100,000 favorites it holds about 8 MB (the start of each quote, ``quoteStartBytes`` bytes at
/// most, and three arrays of numbers), and 100,000 different authors add about 5 MB.
public struct FavoriteIndex: Sendable {
  /// The most bytes of a quote kept: the start the table shows (its quote column is cut to
  /// the window, and with "…" after this many).
  public static let quoteStartBytes = 64

  /// The favorites' ids, in the store's order (by id).
  public private(set) var ids: [Int64] = []
  /// Each row's author, as a number in ``authorText``.
  private var authorOfRow: [UInt32] = []
  /// Where each row's quote start ends and its tags end in ``bytes``, one after the other.
  private var ends: [UInt32] = []
  private var bytes: [UInt8] = []
  /// The distinct authors as written (first spelling seen), cleaned for a terminal, one after
  /// another; where each ends.
  private var authorText: [UInt8] = []
  private var authorEnds: [UInt32] = []
  /// Each author's search folding (``QuoteKey/searchFolded(_:)``), as UTF-8; where each ends.
  private var foldedText: [UInt8] = []
  private var foldedEnds: [UInt32] = []
  /// While the table is read: each author's bytes as stored, where they end, and the authors
  /// by the hash of those bytes (``compact()`` lets them go).
  private var storedAuthors: [UInt8] = []
  private var storedEnds: [UInt32] = []
  private var authorsByHash: [Int: UInt32] = [:]

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
      let tags = raw.tags
      let separator = raw.tagSeparator
      append(id: raw.id, author: raw.author, quote: raw.quote) { bytes in
        // Names one NUL apart: a name may hold a space (a decoded favorite's), never a NUL.
        for byte in tags { bytes.append(byte == separator ? 0 : byte) }
      }
    case .decoded(let favorite):
      append(
        id: favorite.id, author: Array(favorite.quote.author.utf8)[...],
        quote: Array(favorite.quote.text.utf8)[...]
      ) { bytes in
        for (index, tag) in favorite.tags.enumerated() {
          if index > 0 { bytes.append(0) }
          bytes += tag.utf8
        }
      }
    }
  }

  private mutating func append(
    id: Int64, author: ArraySlice<UInt8>, quote: ArraySlice<UInt8>,
    tags: (inout [UInt8]) -> Void
  ) {
    ids.append(id)
    authorOfRow.append(number(ofAuthor: author))
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
    tags(&bytes)
    ends.append(UInt32(bytes.count))
  }

  /// The number of the author whose stored bytes are `author`, added when it is new.
  private mutating func number(ofAuthor author: ArraySlice<UInt8>) -> UInt32 {
    var hasher = Hasher()
    author.withUnsafeBytes { hasher.combine(bytes: $0) }
    let hash = hasher.finalize()
    if let known = authorsByHash[hash], Self.slice(storedAuthors, storedEnds, Int(known)) == author
    {
      return known
    }
    let number = UInt32(authorEnds.count)
    let text = String(decoding: author, as: UTF8.self)
    authorText += UntrustedText.sanitized(text).utf8
    authorEnds.append(UInt32(authorText.count))
    foldedText += QuoteKey.searchFolded(text).utf8
    foldedEnds.append(UInt32(foldedText.count))
    storedAuthors += author
    storedEnds.append(UInt32(storedAuthors.count))
    // Two authors of one hash (never seen in practice): the second is simply not found again.
    if authorsByHash[hash] == nil { authorsByHash[hash] = number }
    return number
  }

  /// Piece `index` of `text`, whose pieces end at `ends`.
  private static func slice(_ text: [UInt8], _ ends: [UInt32], _ index: Int) -> ArraySlice<UInt8> {
    text[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
  }

  /// Gives back the memory the table reserved and used while it was read.
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
    storedAuthors = []
    storedEnds = []
    authorsByHash = [:]
  }

  /// Row `row`'s author, cleaned.
  public func author(_ row: Int) -> String {
    String(decoding: Self.slice(authorText, authorEnds, Int(authorOfRow[row])), as: UTF8.self)
  }

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
    let matches = foldedEnds.indices.map {
      Self.contains(Self.slice(foldedText, foldedEnds, $0), needle)
    }
    var rows: [Int32] = []
    for (row, author) in authorOfRow.enumerated() where matches[Int(author)] {
      rows.append(Int32(row))
    }
    return rows
  }

  /// Whether `haystack` holds `needle` (not empty), byte for byte, as SQLite's `instr` finds it.
  private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    let first = needle[0]
    var start = haystack.startIndex
    while start <= haystack.endIndex - needle.count {
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
