import Foundation

/// The highlights of a `My Clippings.txt` kept so far, found by their place in their book
/// instead of by a look through them all: a highlight saved again replaces the earlier one,
/// and a note attaches to the highlight at its location, in time that does not grow with the
/// number of highlights of a book (one book of 80,000 highlights, or 5,000 overlapping ones).
///
/// Each book's highlights are filed by the first location they cover, in buckets of
/// ``bucketWidth`` locations; the few longer than ``longLength`` locations are looked through
/// one by one; highlights without a location are filed by page.
struct ClippingShelf {
  /// A highlight kept.
  struct Highlight {
    var position: Int
    /// Its book, an index into ``ClippingShelf/books``.
    var book: Int
    var page: String?
    var location: ClosedRange<Int>?
    var savedAt: Date?
    var text: String
    /// Replaced by a later version of it.
    var replaced = false
    /// The notes typed at it, in file order.
    var notes: [String] = []
  }

  /// The places of one book's highlights.
  private struct Book {
    var buckets: [Int: [Int]] = [:]
    /// The longest location filed in ``buckets``.
    var longest = 0
    var long: [Int] = []
    var byPage: [String: [Int]] = [:]
  }

  static let bucketWidth = 32
  static let longLength = 1024
  /// The most highlights a new one's text is compared with (the latest ones whose locations
  /// lie within each other): a highlight with thousands of nested ones stays linear.
  static let textComparisons = 64

  /// The title lines met, in order; a highlight's ``Highlight/book`` indexes it.
  private(set) var books: [(title: String, author: String)] = []
  private var bookIndex: [String: Int] = [:]
  private var places: [Book] = []
  /// Every highlight, in file order (replaced ones marked).
  private(set) var highlights: [Highlight] = []

  /// Files `clipping`, a highlight, replacing an earlier version of it in the same book.
  ///
  /// An earlier version is a kept highlight whose location holds the new one's or lies within
  /// it, with the same first or last location or one text within the other; without
  /// locations, one on the same page with one text within the other. The latest such one is
  /// replaced.
  mutating func add(_ clipping: Clipping) {
    let book = bookNumber(clipping)
    let new = Highlight(
      position: clipping.position, book: book, page: clipping.page,
      location: clipping.location, savedAt: clipping.savedAt, text: clipping.text)
    if let earlier = earlierVersion(of: new) { highlights[earlier].replaced = true }
    let index = highlights.count
    highlights.append(new)
    if let location = new.location {
      let length = location.upperBound - location.lowerBound
      if length > Self.longLength {
        places[book].long.append(index)
      } else {
        places[book].longest = max(places[book].longest, length)
        places[book].buckets[Self.bucket(location.lowerBound), default: []].append(index)
      }
    } else if let page = new.page {
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
      where !highlights[index].replaced {
        guard let location = highlights[index].location, location.contains(point) else {
          continue
        }
        chosen = max(chosen ?? index, index)
        if location.upperBound == point { ending = max(ending ?? index, index) }
      }
      chosen = ending ?? chosen
    } else if let page = note.page {
      chosen = places[book].byPage[page]?.last { !highlights[$0].replaced }
    }
    guard let chosen else { return false }
    highlights[chosen].notes.append(note.text)
    return true
  }

  private mutating func bookNumber(_ clipping: Clipping) -> Int {
    if let number = bookIndex[clipping.book] { return number }
    let number = books.count
    bookIndex[clipping.book] = number
    books.append((clipping.title, clipping.author))
    places.append(Book())
    return number
  }

  /// The latest kept highlight that `new` is a later version of.
  private func earlierVersion(of new: Highlight) -> Int? {
    var compared = 0
    func textsAgree(_ index: Int) -> Bool {
      compared += 1
      return Self.oneWithinTheOther(highlights[index].text, new.text)
    }
    if let location = new.location {
      let book = places[new.book]
      let found = candidates(
        in: new.book, lower: min(location.lowerBound, location.upperBound - book.longest),
        upper: location.upperBound)
      // Only the nested ones are put in order, latest first: highlights that merely overlap may
      // be thousands.
      let nested = found.filter { index in
        guard !highlights[index].replaced, let kept = highlights[index].location else {
          return false
        }
        return kept.lowerBound <= location.lowerBound && location.upperBound <= kept.upperBound
          || location.lowerBound <= kept.lowerBound && kept.upperBound <= location.upperBound
      }
      for index in nested.sorted(by: >) {
        guard let kept = highlights[index].location else { continue }
        if kept.lowerBound == location.lowerBound || kept.upperBound == location.upperBound {
          return index
        }
        if compared < Self.textComparisons, textsAgree(index) { return index }
      }
      return nil
    }
    guard let page = new.page, let onPage = places[new.book].byPage[page] else { return nil }
    for index in onPage.reversed() where !highlights[index].replaced {
      guard compared < Self.textComparisons else { return nil }
      if textsAgree(index) { return index }
    }
    return nil
  }

  /// The highlights of `book` filed with a first location from `lower` through `upper`, and
  /// the long ones; in no order.
  private func candidates(in book: Int, lower: Int, upper: Int) -> [Int] {
    let place = places[book]
    var found = place.long
    guard lower <= upper else { return found }
    let (first, last) = (Self.bucket(lower), Self.bucket(upper))
    if last - first < place.buckets.count {
      for bucket in first...last {
        for index in place.buckets[bucket] ?? [] {
          let start = highlights[index].location?.lowerBound ?? lower
          if start >= lower && start <= upper { found.append(index) }
        }
      }
    } else {
      // Fewer buckets filed than in the range: look through those.
      for (bucket, indices) in place.buckets where bucket >= first && bucket <= last {
        for index in indices {
          let start = highlights[index].location?.lowerBound ?? lower
          if start >= lower && start <= upper { found.append(index) }
        }
      }
    }
    return found
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
