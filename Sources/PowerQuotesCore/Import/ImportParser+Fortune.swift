extension ImportParser {
  /// Fortune entries: the text between lines holding only `%`.
  ///
  /// An entry of two or more lines whose last line starts with `—`, `–`, `--` or `-` takes its
  /// author from that line, and its work when the line ends in one in double quotes after a
  /// comma (see ``fortuneAttribution(_:)``); other entries get the author "Unknown". Trailing spaces on each line
  /// and blank lines around the text are dropped (which also undoes the space `fav export`
  /// adds after a line of the quote that strfile would take for a separator). Entries with no
  /// text at all are skipped and not counted.
  static func parseFortune(_ input: inout ByteReader, sink: QuoteSink? = nil) throws -> Batch {
    var batch = Batch(format: .fortune, sink: sink)
    var position = 0
    // The current entry: its lines joined by LF.
    var entry: [UInt8] = []
    var lines = 0
    func finishEntry() {
      defer {
        entry.removeAll(keepingCapacity: true)
        lines = 0
      }
      guard entry.contains(where: { !isSpace($0) }) else { return }
      position += 1
      let quote: String
      let attribution: String
      if let ascii = asciiFortuneQuote(entry) {
        (quote, attribution) = ascii
      } else if let text = String(validatingUTF8: entry) {
        (quote, attribution) = fortuneQuote(text)
      } else {
        batch.reject(position: position, .notUTF8)
        return
      }
      let (author, work) = fortuneAttribution(attribution)
      batch.add(position: position, text: quote, author: author, source: .imported, work: work)
    }
    var line: [UInt8] = []
    var more = true
    while more {
      more = try readLine(&input, into: &line)
      if isPercentLine(line) {
        finishEntry()
      } else {
        if lines > 0 { entry.append(0x0A) }
        entry.append(contentsOf: line)
        lines += 1
      }
    }
    finishEntry()
    return batch
  }

  /// ``parseFortune(_:sink:)`` of bytes in memory.
  static func parseFortune(_ bytes: [UInt8], sink: QuoteSink? = nil) throws -> Batch {
    var input = ByteReader(bytes: bytes)
    return try parseFortune(&input, sink: sink)
  }

  /// Whether some line holds only `%`; reads `input` up to the end of that line.
  static func hasPercentLine(_ input: inout ByteReader) throws -> Bool {
    var line: [UInt8] = []
    var more = true
    while more {
      more = try readLine(&input, into: &line)
      if isPercentLine(line) { return true }
    }
    return false
  }

  /// ``hasPercentLine(_:)`` of bytes in memory.
  static func hasPercentLine(_ bytes: [UInt8]) -> Bool {
    var input = ByteReader(bytes: bytes)
    return (try? hasPercentLine(&input)) ?? false
  }

  private static func isPercentLine(_ line: [UInt8]) -> Bool {
    line.count == 1 && line[0] == UInt8(ascii: "%")
  }

  /// Reads the next line of `input` into `line`, in place of what it held, without its LF and
  /// without a CR at its end; returns whether another line follows.
  ///
  /// Lines are split at LF, so text that ends in LF has an empty last line, and an empty text is
  /// one empty line.
  private static func readLine(_ input: inout ByteReader, into line: inout [UInt8]) throws
    -> Bool
  {
    line.removeAll(keepingCapacity: true)
    let endsInLF = try input.readLine(into: &line) && line.last == 0x0A
    if endsInLF { line.removeLast() }
    if line.last == 0x0D { line.removeLast() }
    return endsInLF
  }

  /// The author and the work of a fortune entry's attribution line (what follows its dash):
  /// `Author, "Work"`, as fortune files name a source and `fav export --format fortune` writes
  /// a favorite's work; else the whole line is the author.
  ///
  /// The work lies between the last `, "` and the `"` that ends the line, so an author may
  /// hold commas and quotes (`Martin Luther King, Jr.`); `, ""` is no work (what the export
  /// adds after an author that would otherwise read as one with a work, such as
  /// `Dwayne Johnson, "The Rock"`). A work holding `, "` does not read back whole.
  static func fortuneAttribution(_ line: String) -> (author: String, work: String) {
    // Most attributions end in no quote mark: nothing to copy or look through.
    guard line.utf8.last == UInt8(ascii: "\"") else { return (line, "") }
    let bytes = Array(line.utf8)
    let opening = Array(", \"".utf8)
    guard bytes.count > opening.count, bytes.last == UInt8(ascii: "\"") else { return (line, "") }
    var start = bytes.count - 1 - opening.count
    while start >= 0, !bytes[start..<start + opening.count].elementsEqual(opening) { start -= 1 }
    guard start > 0 else { return (line, "") }
    let author = String(decoding: bytes[..<start], as: UTF8.self).trimmed
    guard !author.isEmpty else { return (line, "") }
    let work = bytes[(start + opening.count)..<(bytes.count - 1)]
    return (author, String(decoding: work, as: UTF8.self).trimmed)
  }

  /// An entry's quote and its author.
  static func fortuneQuote(_ entry: String) -> (text: String, author: String) {
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

  /// ``fortuneQuote(_:)`` of an entry that is all ASCII without a CR, worked out on its bytes;
  /// nil for any other entry.
  ///
  /// In ASCII without a CR each byte is a Character and a scalar of its own, and the white
  /// space `trimmed` takes off is tab, LF, VT, FF and space: the same lines, blank lines, dash
  /// and author as Characters give, without a String for each line (most entries of a
  /// 100,000-entry file are ASCII).
  static func asciiFortuneQuote(_ entry: [UInt8]) -> (text: String, author: String)? {
    guard entry.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0C).contains(byte) }
    var lines: [Range<Int>] = []
    var start = 0
    for index in 0...entry.count where index == entry.count || entry[index] == 0x0A {
      var end = index
      while end > start, entry[end - 1] == 0x20 || entry[end - 1] == 0x09 { end -= 1 }
      lines.append(start..<end)
      start = index + 1
    }
    func isBlank(_ line: Range<Int>) -> Bool { entry[line].allSatisfy(isSpace) }
    func dropBlankEnds() {
      while let first = lines.first, isBlank(first) { lines.removeFirst() }
      while let last = lines.last, isBlank(last) { lines.removeLast() }
    }
    func trimmed(_ range: Range<Int>) -> Range<Int> {
      var range = range
      while let first = range.first, isSpace(entry[first]) { range = range.dropFirst() }
      while let last = range.last, isSpace(entry[last]) { range = range.dropLast() }
      return range
    }
    dropBlankEnds()
    var author = unknownAuthor
    if lines.count >= 2, let last = lines.last.map(trimmed), entry[last].first == UInt8(ascii: "-")
    {
      let dash = entry[last].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) ? 2 : 1
      author = String(decoding: entry[trimmed(last.dropFirst(dash))], as: UTF8.self)
      lines.removeLast()
      dropBlankEnds()
    }
    var text: [UInt8] = []
    text.reserveCapacity(entry.count)
    for (number, line) in lines.enumerated() {
      if number > 0 { text.append(0x0A) }
      text.append(contentsOf: entry[line])
    }
    return (String(decoding: text, as: UTF8.self), author)
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
