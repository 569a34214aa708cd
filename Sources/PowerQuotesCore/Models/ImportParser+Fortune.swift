extension ImportParser {
  /// Fortune entries: the text between lines holding only `%`.
  ///
  /// An entry of two or more lines whose last line starts with `—`, `–`, `--` or `-` takes its
  /// author from that line; other entries get the author "Unknown". Trailing spaces on each line
  /// and blank lines around the text are dropped (which also undoes the space `fav export`
  /// adds after a line of the quote that strfile would take for a separator). Entries with no
  /// text at all are skipped and not counted.
  static func parseFortune(_ bytes: [UInt8]) -> Batch {
    var batch = Batch(format: .fortune)
    var position = 0
    var entry: [ArraySlice<UInt8>] = []
    func finishEntry() {
      defer { entry = [] }
      guard entry.contains(where: { line in line.contains(where: { !isSpace($0) }) }) else {
        return
      }
      position += 1
      guard let text = String(validating: Array(entry.joined(separator: [0x0A])), as: UTF8.self)
      else {
        batch.reject(position: position, .notUTF8)
        return
      }
      let (quote, author) = fortuneQuote(text)
      batch.add(position: position, text: quote, author: author, source: .imported)
    }
    for line in lines(bytes) {
      if line.elementsEqual([UInt8(ascii: "%")]) {
        finishEntry()
      } else {
        entry.append(line)
      }
    }
    finishEntry()
    return batch
  }

  /// Whether some line holds only `%`.
  static func hasPercentLine(_ bytes: [UInt8]) -> Bool {
    lines(bytes).contains { $0.elementsEqual([UInt8(ascii: "%")]) }
  }

  /// The lines of `bytes`, split at LF, each without a CR at its end.
  private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? line.dropLast() : line
    }
  }

  /// An entry's quote and its author.
  private static func fortuneQuote(_ entry: String) -> (text: String, author: String) {
    var lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
    func dropBlankEnds() {
      while let first = lines.first, first.trimmed.isEmpty { lines.removeFirst() }
      while let last = lines.last, last.trimmed.isEmpty { lines.removeLast() }
    }
    dropBlankEnds()
    var author = unknownAuthor
    if lines.count >= 2, let last = lines.last?.trimmed,
      let dash = ["—", "–", "--", "-"].first(where: { last.hasPrefix($0) })
    {
      author = String(last.dropFirst(dash.count)).trimmed
      lines.removeLast()
      dropBlankEnds()
    }
    return (lines.joined(separator: "\n"), author)
  }
}
