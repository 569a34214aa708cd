extension ImportParser {
  /// Fortune entries: the text between lines holding only `%`.
  ///
  /// An entry of two or more lines whose last line starts with `—`, `–`, `--` or `-` takes its
  /// author from that line; other entries get the author "Unknown". Trailing spaces on each line
  /// and blank lines around the text are dropped (which also undoes the space `fav export`
  /// adds after a line of the quote that strfile would take for a separator). Entries with no
  /// text at all are skipped and not counted.
  static func parseFortune(_ bytes: [UInt8], sink: QuoteSink? = nil) -> Batch {
    var batch = Batch(format: .fortune, sink: sink)
    var position = 0
    // The current entry's lines, as ranges of `bytes` without their line breaks.
    var entry: [Range<Int>] = []
    bytes.withUnsafeBufferPointer { bytes in
      func finishEntry() {
        defer { entry.removeAll(keepingCapacity: true) }
        guard entry.contains(where: { line in bytes[line].contains(where: { !isSpace($0) }) })
        else { return }
        position += 1
        var joined: [UInt8] = []
        for (index, line) in entry.enumerated() {
          if index > 0 { joined.append(0x0A) }
          joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line]))
        }
        guard let text = String(validating: joined, as: UTF8.self) else {
          batch.reject(position: position, .notUTF8)
          return
        }
        let (quote, author) = fortuneQuote(text)
        batch.add(position: position, text: quote, author: author, source: .imported)
      }
      forEachLine(bytes) { line in
        if line.count == 1 && bytes[line.lowerBound] == UInt8(ascii: "%") {
          finishEntry()
        } else {
          entry.append(line)
        }
      }
      finishEntry()
    }
    return batch
  }

  /// Whether some line holds only `%`.
  static func hasPercentLine(_ bytes: [UInt8]) -> Bool {
    var found = false
    bytes.withUnsafeBufferPointer { bytes in
      forEachLine(bytes) { line in
        if line.count == 1 && bytes[line.lowerBound] == UInt8(ascii: "%") { found = true }
      }
    }
    return found
  }

  /// Calls `body` with the range of each line of `bytes`, split at LF (a text ending in LF has
  /// an empty last line), each without a CR at its end.
  private static func forEachLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void
  ) {
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        body(start..<(index > start && bytes[index - 1] == 0x0D ? index - 1 : index))
        start = index + 1
      }
      index += 1
    }
    body(
      start..<(bytes.count > start && bytes[bytes.count - 1] == 0x0D
        ? bytes.count - 1 : bytes.count))
  }

  /// An entry's quote and its author.
  private static func fortuneQuote(_ entry: String) -> (text: String, author: String) {
    var lines = entryLines(entry).map { line in
      var line = line
      while let last = line.last, last == " " || last == "\t" { line.removeLast() }
      return line
    }
    // A line is blank when `trimmed` would leave nothing of it.
    func isBlank(_ line: Substring) -> Bool {
      line.unicodeScalars.allSatisfy(String.isWhitespaceOrNewline)
    }
    func dropBlankEnds() {
      while let first = lines.first, isBlank(first) { lines.removeFirst() }
      while let last = lines.last, isBlank(last) { lines.removeLast() }
    }
    dropBlankEnds()
    var author = unknownAuthor
    if lines.count >= 2, let last = lines.last.map({ String($0).trimmed }),
      let dash = ["—", "–", "--", "-"].first(where: { last.hasPrefix($0) })
    {
      author = String(last.dropFirst(dash.count)).trimmed
      lines.removeLast()
      dropBlankEnds()
    }
    return (lines.joined(separator: "\n"), author)
  }

  /// The lines of `entry`: what splitting its Characters at `"\n"` gives, empty ones kept.
  ///
  /// Splitting its UTF-8 bytes at LF gives the same lines (a LF is a Character of its own) and
  /// costs much less, unless a CR comes before a LF: the two are one Character, which is
  /// not `"\n"`. Only an entry with a CR has its Characters looked at.
  static func entryLines(_ entry: String) -> [Substring] {
    let utf8 = entry.utf8
    guard !utf8.contains(0x0D) else {
      return entry.split(separator: "\n", omittingEmptySubsequences: false)
    }
    var lines: [Substring] = []
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == 0x0A {
        lines.append(Substring(utf8[start..<index]))
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    lines.append(Substring(utf8[start...]))
    return lines
  }
}
