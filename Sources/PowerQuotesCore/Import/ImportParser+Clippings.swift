import Foundation

extension ImportParser {
  /// The line a Kindle writes between two clippings.
  static let clippingSeparator = "=========="

  /// Whether `bytes` look like a Kindle or KOReader `My Clippings.txt`: a line of ten `=`, and a
  /// first entry of a title line, then a line starting with `- ` that holds a `|`.
  static func isClippings(_ bytes: [UInt8]) -> Bool {
    isClippings(head: bytes.prefix(clippingsHeadLength))
  }

  /// ``isClippings(_:)`` of what `input` has not given yet; reads the head of it.
  static func isClippings(_ input: inout ByteReader) throws -> Bool {
    var head: [UInt8] = []
    head.reserveCapacity(clippingsHeadLength)
    while head.count < clippingsHeadLength, let byte = try input.next() { head.append(byte) }
    return isClippings(head: head[...])
  }

  /// How much of a file ``isClippings(_:)`` looks at.
  private static let clippingsHeadLength = 1 << 16

  private static func isClippings(head bytes: ArraySlice<UInt8>) -> Bool {
    // What the lines below need, in bytes: a `|` and ten `=` (taking out byte order marks and
    // white space only takes characters away). A file without them, such as a fortune file
    // or a CSV file detected after this, is not made into Characters and lines: that looked
    // through 64 KiB of text and loaded the code of Unicode text segmentation and string
    // searching (320 KiB of the binary's pages) for nothing.
    var equalsSigns = 0
    var bar = false
    for byte in bytes {
      if byte == UInt8(ascii: "=") {
        equalsSigns += 1
      } else if byte == UInt8(ascii: "|") {
        bar = true
      }
    }
    guard bar, equalsSigns >= clippingSeparator.utf8.count else { return false }
    // The first entries tell; the head of the file is enough to find them.
    let head = String(decoding: bytes, as: UTF8.self)
    let lines = head.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" }
      .map { String($0).replacing("\u{FEFF}", with: "").trimmed }
    guard let title = lines.firstIndex(where: { !$0.isEmpty }), title + 1 < lines.count,
      lines[title + 1].hasPrefix("- "), lines[title + 1].contains("|")
    else { return false }
    return lines.contains(clippingSeparator)
  }

  /// A Kindle or KOReader `My Clippings.txt`: entries separated by lines of ten `=`.
  ///
  /// Each highlight becomes a quote by the book's author (from the title line, `Title (Author)`;
  /// `Last, First` turned round; "Unknown" when there is none), whose note names the book and
  /// the page and location. A note typed on the e-reader attaches to the highlight at its
  /// location; a highlight saved again after it was changed on the e-reader (the same book, an
  /// overlapping location, one text within the other or the same start or end) is one quote
  /// with the later text. Bookmarks, the e-reader's notice that the clipping limit was reached,
  /// and notes with no highlight are skipped. The kind of entry is read in English, German,
  /// French, Spanish, Italian, Portuguese, Dutch, Russian, Japanese and Chinese; an entry of
  /// another kind counts as a highlight.
  ///
  /// Positions are entry numbers, from 1, counting every entry.
  static func parseClippings(_ input: inout ByteReader, sink: QuoteSink? = nil) throws -> Batch {
    var batch = Batch(format: .clippings, sink: sink)
    var highlights: [Clipping] = []
    var notes: [Clipping] = []
    // Kept highlights of each book, as indices into `highlights` (nil once replaced).
    var byBook: [String: [Int]] = [:]
    var position = 0
    try forEachClippingEntry(&input) { entry in
      position += 1
      guard let text = String(validatingUTF8: entry) else {
        batch.reject(position: position, .notUTF8)
        return
      }
      guard let clipping = Clipping(entry: text, position: position) else {
        batch.reject(position: position, .notAClipping)
        return
      }
      switch clipping.kind {
      case .bookmark, .limitReached:
        batch.skipped += 1
      case .note:
        notes.append(clipping)
      case .highlight:
        // Changed in place: a book may have thousands of highlights.
        if let replaced = byBook[clipping.book]?.lastIndex(where: {
          highlights[$0].isEarlierVersion(of: clipping)
        }) {
          byBook[clipping.book]?.remove(at: replaced)
        }
        byBook[clipping.book, default: []].append(highlights.count)
        highlights.append(clipping)
      }
    }
    // Notes attach once every highlight is known: a Kindle may write a note before its
    // highlight.
    var userNotes: [Int: [String]] = [:]
    for note in notes {
      let candidates = byBook[note.book, default: []].filter { highlights[$0].holds(note) }
      let chosen =
        candidates.last(where: { highlights[$0].location?.upperBound == note.location?.lowerBound })
        ?? candidates.last
      guard let chosen else {
        batch.skipped += 1
        continue
      }
      userNotes[chosen, default: []].append(note.text)
    }
    let kept = byBook.values.joined().sorted { highlights[$0].position < highlights[$1].position }
    for index in kept {
      let highlight = highlights[index]
      var note = highlight.place
      for text in userNotes[index, default: []] where !isEmptyTrimmed(text) {
        note += "\n" + text
      }
      batch.add(
        position: highlight.position, text: highlight.text, author: highlight.author,
        source: .imported, note: note)
    }
    return batch
  }

  /// ``parseClippings(_:sink:)`` of bytes in memory.
  static func parseClippings(_ bytes: [UInt8], sink: QuoteSink? = nil) throws -> Batch {
    var input = ByteReader(bytes: bytes)
    return try parseClippings(&input, sink: sink)
  }

  /// Calls `body` with the bytes of each entry of `input`: what lies between separator lines,
  /// without them; entries with nothing but white space are left out.
  private static func forEachClippingEntry(
    _ input: inout ByteReader, _ body: ([UInt8]) -> Void
  ) throws {
    var entry: [UInt8] = []
    func finish() {
      if entry.contains(where: { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) {
        body(entry)
      }
      entry.removeAll(keepingCapacity: true)
    }
    while true {
      let lineStart = entry.count
      guard try input.readLine(into: &entry) else { break }
      var line = entry[lineStart...]
      while let last = line.last, isSpace(last) { line.removeLast() }
      while line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
      while let first = line.first, isSpace(first) { line.removeFirst() }
      if line.elementsEqual(clippingSeparator.utf8) {
        entry.removeSubrange(lineStart...)
        finish()
      }
    }
    finish()
  }
}

/// One entry of a `My Clippings.txt`.
struct Clipping {
  /// What an entry is, from the words of its second line.
  enum Kind {
    case highlight, note, bookmark
    /// The e-reader's "You have reached the clipping limit for this item" in place of a text.
    case limitReached
  }

  /// The entry's number in the file.
  var position: Int
  /// The title line as written: two entries of one book have the same.
  var book: String
  /// The book's title, without its author.
  var title: String
  /// The book's author, `First Last`.
  var author: String
  var kind: Kind
  /// The page, as written (it may be a roman numeral).
  var page: String?
  /// The location, a range of the e-reader's location numbers.
  var location: ClosedRange<Int>?
  /// The highlighted text, or the note typed.
  var text: String

  /// The clipping in `entry`: a title line, a line starting with `- `, then the text; nil when
  /// the entry is not shaped so.
  init?(entry: String, position: Int) {
    // CR LF is one Character.
    var lines = entry.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }.map(String.init)
    while let first = lines.first, Self.cleanedLine(first).isEmpty { lines.removeFirst() }
    guard lines.count >= 2 else { return nil }
    let meta = Self.cleanedLine(lines[1])
    guard meta.hasPrefix("-") else { return nil }
    self.position = position
    book = Self.cleanedLine(lines[0])
    (title, author) = Self.titleAndAuthor(book)
    kind = Self.kind(meta)
    (page, location) = Self.place(meta)
    text = lines.dropFirst(2).joined(separator: "\n").trimmed
    if kind == .highlight, text.hasPrefix("<You have reached the clipping limit") {
      kind = .limitReached
    }
  }

  /// Where the highlight is, for its note: "Meditations, page 12, location 180-182".
  var place: String {
    var parts = title.isEmpty ? [] : [title]
    if let page { parts.append("page \(page)") }
    if let location {
      parts.append(
        location.lowerBound == location.upperBound
          ? "location \(location.lowerBound)"
          : "location \(location.lowerBound)-\(location.upperBound)")
    }
    return parts.joined(separator: ", ")
  }

  /// Whether `later`, a highlight further on in the file, is this highlight changed on the
  /// e-reader and saved again.
  ///
  /// That is: the same book and overlapping locations, with one text inside the
  /// other or the same first or last location. Without locations, the same page and one text
  /// inside the other.
  func isEarlierVersion(of later: Clipping) -> Bool {
    guard book == later.book else { return false }
    // Places first: they are cheap, and a book may have thousands of highlights.
    if let location, let other = later.location {
      guard location.overlaps(other) else { return false }
      if location.lowerBound == other.lowerBound || location.upperBound == other.upperBound {
        return true
      }
    } else {
      guard location == nil, later.location == nil, page != nil, page == later.page else {
        return false
      }
    }
    // A full stop at the end of the first selection is not where the longer one ends.
    let earlier = Self.withoutEndPunctuation(text)
    let longer = Self.withoutEndPunctuation(later.text)
    return longer.contains(earlier) || earlier.contains(longer)
  }

  /// Whether `note` was typed at this highlight: its location within the highlight's, or, with
  /// no locations, the same page.
  func holds(_ note: Clipping) -> Bool {
    if let location, let noted = note.location {
      return location.contains(noted.lowerBound)
    }
    return location == nil && note.location == nil && page != nil && page == note.page
  }

  /// `text` without the punctuation and white space at its end.
  private static func withoutEndPunctuation(_ text: String) -> Substring {
    var text = Substring(text)
    while let last = text.last, last.isPunctuation || last.isWhitespace { text.removeLast() }
    return text
  }

  /// `line` without byte order marks and white space at its ends.
  private static func cleanedLine(_ line: String) -> String {
    line.replacing("\u{FEFF}", with: "").trimmed
  }

  /// The title and the author of a title line such as `Meditations (Aurelius, Marcus)`.
  ///
  /// The author is in the last parentheses; a title with no author gets "Unknown".
  static func titleAndAuthor(_ line: String) -> (title: String, author: String) {
    guard line.hasSuffix(")") else { return (line, ImportParser.unknownAuthor) }
    var depth = 0
    var open: String.Index?
    for index in line.indices.reversed() {
      if line[index] == ")" { depth += 1 }
      if line[index] == "(" {
        depth -= 1
        if depth == 0 {
          open = index
          break
        }
      }
    }
    guard let open else { return (line, ImportParser.unknownAuthor) }
    let title = String(line[..<open]).trimmed
    let inside = line[line.index(after: open)..<line.index(before: line.endIndex)]
    let authors = inside.split(separator: ";").map { name in
      // `Last, First`, as libraries and Calibre write it, turned round; a name with more
      // commas is left as it is.
      let parts = name.split(separator: ",")
      guard parts.count == 2 else { return String(name).trimmed }
      return "\(String(parts[1]).trimmed) \(String(parts[0]).trimmed)".trimmed
    }.filter { !$0.isEmpty }
    let author = authors.joined(separator: ", ")
    guard !author.isEmpty, author.lowercased() != "unknown" else {
      return (title.isEmpty ? line : title, ImportParser.unknownAuthor)
    }
    return (title, author)
  }

  /// The kind of entry a second line names, such as `- Your Highlight on page 12 | ...`.
  static func kind(_ meta: String) -> Kind {
    let words = meta.lowercased()
    let bookmark = [
      "bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "bladwijzer", "закладка",
      "ブックマーク", "书签",
    ]
    let note = ["note", "notiz", "nota", "notitie", "заметка", "メモ", "笔记"]
    if bookmark.contains(where: { words.contains($0) }) { return .bookmark }
    let highlight = [
      "highlight", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque",
      "markering", "выделение", "ハイライト", "标注",
    ]
    if highlight.contains(where: { words.contains($0) }) { return .highlight }
    if note.contains(where: { words.contains($0) }) { return .note }
    return .highlight
  }

  /// The page and the location a second line names, such as `page 12 | Location 180-182`.
  static func place(_ meta: String) -> (page: String?, location: ClosedRange<Int>?) {
    let words = meta.lowercased()
    let pageWords = ["page", "seite", "página", "pagina", "странице", "pagina"]
    let locationWords = [
      "location", "loc.", "position", "emplacement", "posición", "posizione", "posição",
      "locatie", "место", "位置",
    ]
    var page: String?
    var location: ClosedRange<Int>?
    for word in pageWords {
      guard page == nil, let range = words.range(of: word) else { continue }
      let rest = words[range.upperBound...].drop { $0 == " " || $0 == ":" }
      let value = rest.prefix { $0.isNumber || "ivxlcdm".contains($0) }
      if !value.isEmpty, value.allSatisfy({ $0.isASCII }) { page = String(value) }
    }
    for word in locationWords {
      guard location == nil, let range = words.range(of: word) else { continue }
      let rest = words[range.upperBound...].drop { " :#no.".contains($0) }
      location = Self.locationRange(rest.prefix { $0.isASCII && ($0.isNumber || $0 == "-") })
    }
    return (page, location)
  }

  /// `180-182`, `180`, or the old Kindles' `1800-05` (1800 to 1805), as a range.
  private static func locationRange(_ text: Substring) -> ClosedRange<Int>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, first.count <= 9, let start = Int(first) else { return nil }
    guard parts.count == 2, parts[1].count <= 9, var end = Int(parts[1]) else {
      return start...start
    }
    if end < start, parts[1].count < first.count {
      // Only the last digits were written.
      end = Int(first.dropLast(parts[1].count) + parts[1]) ?? end
    }
    return end >= start ? start...end : start...start
  }
}
