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
