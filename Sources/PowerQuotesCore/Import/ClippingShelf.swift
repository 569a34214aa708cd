import Foundation

/// The highlights of a `My Clippings.txt` kept so far, found by their place in their book
/// instead of by a look through them all: a highlight saved again replaces the earlier one,
/// and a note attaches to the highlight at its location, in time that does not grow with the
/// number of highlights of a book (one book of 80,000 highlights, or 5,000 overlapping ones).
///
/// Each book's highlights are filed by the first location they cover, in buckets of
/// ``bucketWidth`` locations; the few longer than ``longLength`` locations are looked through
/// one by one; highlights without a location are filed by page.
///
/// None can be saved before the whole file is read, so a book's highlights are all kept; in
/// memory, only where each is (16 bytes of it, and a flag): its text, page, time and book are
/// set aside in a ``ClippingSpill`` and read back when a later highlight's text is compared
/// with it, and at the end (80,000 highlights in memory took 24 MB; set aside, 1.5 MB).
struct ClippingShelf {
  /// A highlight kept, as ``forEachKept(_:)`` gives it.
  struct Highlight {
    var position: Int
    /// Its book, an index into ``ClippingShelf/books``.
    var book: Int
    var page: String?
    var location: ClosedRange<Int>?
    var savedAt: Date?
    var text: String
    /// The notes typed at it, in file order.
    var notes: [String] = []
  }

  /// What is kept in memory of a highlight.
  private struct Filed {
    /// Its location; `lower > upper` for none.
    var lower: Int32
    var upper: Int32
    /// Where its record starts in ``spill``, in units of ``recordAlignment`` bytes.
    var record: UInt32
    /// The highlight filed before it in the same bucket, or -1.
    var next: Int32

    var location: ClosedRange<Int>? { lower <= upper ? Int(lower)...Int(upper) : nil }
  }

  /// The places of one book's highlights.
  private struct Book {
    /// The last highlight filed in each bucket; ``Filed/next`` leads to the others.
    var buckets: [Int: Int32] = [:]
    /// The longest location filed in ``buckets``.
    var longest = 0
    var long: [Int] = []
    var byPage: [String: [Int]] = [:]
  }

  static let bucketWidth = 256
  static let longLength = 1024
  /// The most highlights a new one's text is compared with (the latest ones whose locations
  /// lie within each other): a highlight with thousands of nested ones stays linear.
  static let textComparisons = 64
  private static let recordAlignment = 8

  /// The title lines met, in order; a highlight's ``Highlight/book`` indexes it.
  private(set) var books: [(title: String, author: String)] = []
  private var bookIndex: [String: Int] = [:]
  private var places: [Book] = []
  /// Every highlight, in file order.
  private var filed: [Filed] = []
  /// Whether each highlight was replaced by a later version of it.
  private var replaced: [Bool] = []
  /// The notes attached, by highlight.
  private var notes: [Int: [String]] = [:]
  private let spill = ClippingSpill()

  /// A shelf for a file of about `size` bytes, when known: room is set aside for as many
  /// highlights as it can hold, so that the list of them is not copied as it grows (pages of
  /// that room that are not used are never touched).
  init(size: Int? = nil) {
    // An entry is a title line, a second line and a separator: more than 32 bytes.
    let most = min((size ?? 0) / 32, Int(Int32.max))
    filed.reserveCapacity(most)
    replaced.reserveCapacity(most)
  }

  /// Files `clipping`, a highlight, replacing an earlier version of it in the same book.
  ///
  /// An earlier version is a kept highlight whose location holds the new one's or lies within
  /// it, one text within the other; without locations, one on the same page with one text
  /// within the other. The latest such one is replaced.
  mutating func add(_ clipping: Clipping) throws {
    let book = bookNumber(clipping)
    let location = clipping.location
    if let earlier = try earlierVersion(
      book: book, location: location, page: clipping.page, text: clipping.text)
    {
      replaced[earlier] = true
    }
    let index = filed.count
    let record = UInt32(spill.count / Self.recordAlignment)
    spill.append(Self.record(of: clipping, book: book))
    filed.append(
      Filed(
        lower: Int32(clamping: location?.lowerBound ?? 1),
        upper: Int32(clamping: location?.upperBound ?? 0), record: record, next: -1))
    replaced.append(false)
    if let location {
      let length = location.upperBound - location.lowerBound
      if length > Self.longLength {
        places[book].long.append(index)
      } else {
        places[book].longest = max(places[book].longest, length)
        let bucket = Self.bucket(location.lowerBound)
        filed[index].next = places[book].buckets[bucket] ?? -1
        places[book].buckets[bucket] = Int32(index)
      }
    } else if let page = clipping.page {
      places[book].byPage[page, default: []].append(index)
    }
  }

  /// Attaches `note`, a note typed on the e-reader, to the kept highlight of its book that
  /// holds its location (the latest one ending where the note is, else the latest one), or
  /// with no locations the latest one on its page; false when there is none.
  mutating func attach(_ note: Clipping) -> Bool {
    guard let book = bookIndex[note.book] else { return false }
    var chosen: Int?
    if let point = note.location?.lowerBound {
      var ending: Int?
      for index in candidates(in: book, lower: point - places[book].longest, upper: point)
      where !replaced[index] {
        guard let location = filed[index].location, location.contains(point) else {
          continue
        }
        chosen = max(chosen ?? index, index)
        if location.upperBound == point { ending = max(ending ?? index, index) }
      }
      chosen = ending ?? chosen
    } else if let page = note.page {
      chosen = places[book].byPage[page]?.last { !replaced[$0] }
    }
    guard let chosen else { return false }
    notes[chosen, default: []].append(note.text)
    return true
  }

  /// Calls `body` with each highlight that was not replaced, in file order, with the notes
  /// attached to it; what finds highlights is let go first, so that only this reading of them
  /// back is in memory while `body` saves them.
  ///
  /// - Throws: what reading them back throws, and what `body` throws.
  mutating func forEachKept(_ body: (Highlight) throws -> Void) throws {
    let count = filed.count
    filed = []
    places = []
    bookIndex = [:]
    var offset = 0
    for index in 0..<count {
      let (highlight, size) = try readRecord(at: offset)
      offset += size
      guard !replaced[index] else { continue }
      var kept = highlight
      kept.notes = notes.removeValue(forKey: index) ?? []
      try body(kept)
    }
  }

  private mutating func bookNumber(_ clipping: Clipping) -> Int {
    if let number = bookIndex[clipping.book] { return number }
    let number = books.count
    bookIndex[clipping.book] = number
    books.append((clipping.title, clipping.author))
    places.append(Book())
    return number
  }

  /// The latest kept highlight of `book` that a new one at `location` or on `page`, with
  /// `text`, is a later version of.
  private func earlierVersion(
    book: Int, location: ClosedRange<Int>?, page: String?, text: String
  ) throws -> Int? {
    var compared = 0
    func textsAgree(_ index: Int) throws -> Bool {
      compared += 1
      return Self.oneWithinTheOther(
        try readRecord(at: Int(filed[index].record) * Self.recordAlignment).highlight.text, text)
    }
    if let location {
      let place = places[book]
      let found = candidates(
        in: book, lower: min(location.lowerBound, location.upperBound - place.longest),
        upper: location.upperBound)
      // Only the nested ones are put in order, latest first: highlights that merely overlap may
      // be thousands.
      let nested = found.filter { index in
        guard !replaced[index], let kept = filed[index].location else { return false }
        return kept.lowerBound <= location.lowerBound && location.upperBound <= kept.upperBound
          || location.lowerBound <= kept.lowerBound && kept.upperBound <= location.upperBound
      }
      // Those sharing a first or last location first (a highlight extended at one end), each
      // group latest first. Sharing a location is not enough: a location is about 150 bytes,
      // so two short highlights of one paragraph often share one. The texts must agree.
      func sharesAnEnd(_ index: Int) -> Bool {
        guard let kept = filed[index].location else { return false }
        return kept.lowerBound == location.lowerBound || kept.upperBound == location.upperBound
      }
      let ordered = nested.map { (index: $0, sharesAnEnd: sharesAnEnd($0)) }.sorted {
        $0.sharesAnEnd != $1.sharesAnEnd ? $0.sharesAnEnd : $0.index > $1.index
      }
      for (index, _) in ordered {
        guard compared < Self.textComparisons else { return nil }
        if try textsAgree(index) { return index }
      }
      return nil
    }
    guard let page, let onPage = places[book].byPage[page] else { return nil }
    for index in onPage.reversed() where !replaced[index] {
      guard compared < Self.textComparisons else { return nil }
      if try textsAgree(index) { return index }
    }
    return nil
  }

  /// The highlights of `book` filed with a first location from `lower` through `upper`, and
  /// the long ones; in no order.
  private func candidates(in book: Int, lower: Int, upper: Int) -> [Int] {
    let place = places[book]
    var found = place.long
    guard lower <= upper else { return found }
    func collect(_ last: Int32) {
      var index = last
      while index >= 0 {
        let start = Int(filed[Int(index)].lower)
        if start >= lower && start <= upper { found.append(Int(index)) }
        index = filed[Int(index)].next
      }
    }
    let (first, last) = (Self.bucket(lower), Self.bucket(upper))
    if last - first < place.buckets.count {
      for bucket in first...last {
        if let index = place.buckets[bucket] { collect(index) }
      }
    } else {
      // Fewer buckets filed than in the range: look through those.
      for (bucket, index) in place.buckets where bucket >= first && bucket <= last {
        collect(index)
      }
    }
    return found
  }

  // MARK: Records

  /// What is set aside of a highlight: its position, time, book, page and text, after a
  /// header of their sizes; as many bytes as ``recordAlignment`` divides.
  private static func record(of clipping: Clipping, book: Int) -> [UInt8] {
    let page = clipping.page.map { Array($0.utf8) }
    let text = Array(clipping.text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(headerSize + (page?.count ?? 0) + text.count + recordAlignment)
    func put<Value: FixedWidthInteger>(_ value: Value) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    put(Int64(clipping.position))
    put(clipping.savedAt?.timeIntervalSinceReferenceDate.bitPattern ?? 0)
    put(Int32(book))
    put(Int32(clamping: clipping.location?.lowerBound ?? 1))
    put(Int32(clamping: clipping.location?.upperBound ?? 0))
    put(UInt32(clipping.savedAt == nil ? 0 : 1))
    put(page.map { Int32($0.count) } ?? -1)
    put(UInt32(text.count))
    bytes += page ?? []
    bytes += text
    while bytes.count % recordAlignment != 0 { bytes.append(0) }
    return bytes
  }

  private static let headerSize = 40

  /// The highlight whose record starts at `offset`, and the record's size.
  private func readRecord(at offset: Int) throws -> (highlight: Highlight, size: Int) {
    let header = try spill.bytes(at: offset, count: Self.headerSize)
    func get<Value: FixedWidthInteger>(_ at: Int, _: Value.Type) -> Value {
      header.withUnsafeBytes {
        Value(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: Value.self))
      }
    }
    let position = Int(get(0, Int64.self))
    let time = get(8, UInt64.self)
    let book = Int(get(16, Int32.self))
    let (lower, upper) = (Int(get(20, Int32.self)), Int(get(24, Int32.self)))
    let timed = get(28, UInt32.self) != 0
    let pageLength = Int(get(32, Int32.self))
    let textLength = Int(get(36, UInt32.self))
    let body = try spill.bytes(
      at: offset + Self.headerSize, count: max(pageLength, 0) + textLength)
    let page =
      pageLength < 0
      ? nil : String(decoding: body.prefix(pageLength), as: UTF8.self)
    let text = String(decoding: body.suffix(textLength), as: UTF8.self)
    var size = Self.headerSize + max(pageLength, 0) + textLength
    size += (Self.recordAlignment - size % Self.recordAlignment) % Self.recordAlignment
    let highlight = Highlight(
      position: position, book: book, page: page,
      location: lower <= upper ? lower...upper : nil,
      savedAt: timed ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: time)) : nil,
      text: text)
    return (highlight, size)
  }

  private static func bucket(_ location: Int) -> Int {
    location >= 0 ? location / bucketWidth : (location - bucketWidth + 1) / bucketWidth
  }

  /// Whether one text lies within the other, a full stop at the end of the first selection
  /// aside (it is not where the longer one ends).
  private static func oneWithinTheOther(_ earlier: String, _ later: String) -> Bool {
    let earlier = withoutEndPunctuation(earlier)
    let later = withoutEndPunctuation(later)
    return later.contains(earlier) || earlier.contains(later)
  }

  /// `text` without the punctuation and white space at its end.
  private static func withoutEndPunctuation(_ text: String) -> Substring {
    var text = Substring(text)
    while let last = text.last, last.isPunctuation || last.isWhitespace { text.removeLast() }
    return text
  }
}
