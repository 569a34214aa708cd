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
    // The first entries tell; the head of the file is enough to find them. Its lines are
    // read as bytes, as ``Clipping`` reads an entry's: a line ends at LF or CR LF, and lines
    // with nothing in them are passed over.
    var lines: [[UInt8]] = []
    for piece in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let line = piece.last == 0x0D ? piece.dropLast() : piece
      if !line.isEmpty { lines.append(Clipping.cleanedLine(line)) }
    }
    guard let title = lines.firstIndex(where: { !$0.isEmpty }), title + 1 < lines.count,
      let dash = Clipping.dashLength(lines[title + 1]),
      lines[title + 1].dropFirst(dash).first == 0x20, lines[title + 1].contains(0x7C)
    else { return false }
    return lines.contains { $0.elementsEqual(clippingSeparator.utf8) }
  }

  /// A Kindle or KOReader `My Clippings.txt`: entries separated by lines of ten `=`.
  ///
  /// Each highlight becomes a quote by the book's author (from the title line, `Title (Author)`;
  /// `Last, First` turned round; "Unknown" when there is none), whose work is the book's title,
  /// whose note names the page and location, and whose saved time is the entry's `Added on`
  /// (read in `localTime` unless the line gives an offset; the import's time when it cannot be
  /// read). A note typed on the e-reader attaches to the highlight at its location; a
  /// highlight saved again after it was changed on the e-reader is one quote with the later
  /// text (see ``ClippingShelf/add(_:)``). Bookmarks, the e-reader's notice that the clipping
  /// limit was reached, highlights with no text (an image) and notes with no highlight are
  /// skipped. The second lines are read in every language of ``KindleLanguage/all``; an entry
  /// of another kind counts as a highlight.
  ///
  /// Positions are entry numbers, from 1, counting every entry.
  static func parseClippings(
    _ input: inout ByteReader, sink: QuoteSink? = nil, localTime: LocalTime = .utc
  ) throws -> Batch {
    var batch = Batch(format: .clippings, sink: sink)
    var shelf = ClippingShelf(size: input.sizeHint)
    var notes: [Clipping] = []
    var position = 0
    var previous: Clipping?
    try forEachClippingEntry(&input) { entry in
      position += 1
      guard String(validatingUTF8: entry) != nil else {
        batch.reject(position: position, .notUTF8)
        return
      }
      guard
        let clipping = Clipping(
          entry: entry, position: position, localTime: localTime, previous: previous)
      else {
        batch.reject(position: position, .notAClipping)
        return
      }
      previous = clipping
      switch clipping.kind {
      case .bookmark, .limitReached:
        batch.skipped += 1
      case .highlight where isEmptyTrimmed(clipping.text):
        // An image highlight: the text is not in the file.
        batch.skipped += 1
      case .note:
        notes.append(clipping)
      case .highlight:
        try shelf.add(clipping)
      }
    }
    // Notes attach once every highlight is known: a Kindle may write a note before its
    // highlight.
    for note in notes where !shelf.attach(note) {
      batch.skipped += 1
    }
    let books = shelf.books
    try shelf.forEachKept { highlight in
      var note = Clipping.place(page: highlight.page, location: highlight.location)
      for text in highlight.notes where !isEmptyTrimmed(text) {
        note += (note.isEmpty ? "" : "\n") + text
      }
      let book = books[highlight.book]
      batch.add(
        position: highlight.position, text: highlight.text, author: book.author,
        source: .imported, savedAt: highlight.savedAt, note: note, work: book.title)
    }
    return batch
  }

  /// ``parseClippings(_:sink:localTime:)`` of bytes in memory.
  static func parseClippings(
    _ bytes: [UInt8], sink: QuoteSink? = nil, localTime: LocalTime = .utc
  ) throws -> Batch {
    var input = ByteReader(bytes: bytes)
    return try parseClippings(&input, sink: sink, localTime: localTime)
  }

  /// Calls `body` with the bytes of each entry of `input`: what lies between separator lines,
  /// without them; entries with nothing but white space are left out.
  private static func forEachClippingEntry(
    _ input: inout ByteReader, _ body: ([UInt8]) throws -> Void
  ) throws {
    var entry: [UInt8] = []
    func finish() throws {
      if entry.contains(where: { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) {
        try body(entry)
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
        try finish()
      }
    }
    try finish()
  }
}
