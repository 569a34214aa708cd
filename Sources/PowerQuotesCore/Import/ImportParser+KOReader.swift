import Foundation

extension ImportParser {
  /// Whether a JSON object is KOReader's export: a book's `entries`, or several books under
  /// `documents`.
  static func isKOReaderJSON(_ fields: [String: JSONValue]) -> Bool {
    if case .array? = fields["entries"] { return true }
    if case .array? = fields["documents"] { return true }
    return false
  }

  /// KOReader's JSON export: `{"title", "author", "entries": [{"page", "time", "text", "note",
  /// "chapter", "sort"}], "created_on", "version"}`, or such books under `documents`.
  ///
  /// Each entry with a text becomes a quote by the book's author ("Unknown" when there is none;
  /// KOReader puts one author a line), whose work is the book's title, whose note names the page
  /// then holds the entry's note, and whose saved time is its `time` (seconds since 1970, UTC).
  /// Bookmarks and entries without text (an image) are skipped; an entry that is not an object
  /// is rejected. Positions count entries from 1 across the books.
  static func koreaderBatch(_ fields: [String: JSONValue], sink: QuoteSink? = nil) -> Batch {
    var batch = Batch(format: .koreader, sink: sink)
    var books: [[String: JSONValue]] = []
    if case .array(let documents)? = fields["documents"] {
      for case .object(let book) in documents { books.append(book) }
    } else {
      books = [fields]
    }
    var position = 0
    for book in books {
      let title = jsonText(book["title"]) ?? ""
      let authors = (jsonText(book["author"]) ?? "").split(whereSeparator: \.isNewline)
        .map { String($0).trimmed }.filter { !$0.isEmpty }
      let author = authors.isEmpty ? unknownAuthor : authors.joined(separator: ", ")
      guard case .array(let entries)? = book["entries"] else { continue }
      for entry in entries {
        position += 1
        guard case .object(let entry) = entry else {
          batch.reject(position: position, .notAQuote)
          continue
        }
        let text = jsonText(entry["text"]) ?? ""
        if jsonText(entry["sort"]) == "bookmark" || isEmptyTrimmed(text) {
          batch.skipped += 1
          continue
        }
        var note = jsonText(entry["page"]).map { "page \($0)" } ?? ""
        if let typed = jsonText(entry["note"]), !isEmptyTrimmed(typed) {
          note += (note.isEmpty ? "" : "\n") + typed.trimmed
        }
        var savedAt: Date?
        switch entry["time"] {
        case .integer(let seconds)?:
          savedAt = Timestamp.date(seconds: seconds, fraction: 0)
        case .number(let seconds)? where seconds.isFinite && abs(seconds) < 1e12:
          savedAt = Timestamp.date(seconds: Int(seconds), fraction: 0)
        default: break
        }
        if let date = savedAt, !Timestamp.isKept(date) { savedAt = nil }
        batch.add(
          position: position, text: text.trimmed, author: author, source: .imported,
          savedAt: savedAt, note: note, work: title.trimmed)
      }
    }
    return batch
  }

  /// A JSON text, or a number written as text (KOReader's page may be either).
  private static func jsonText(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .integer(let number)?: String(number)
    default: nil
    }
  }

  /// ``koreaderBatch(_:sink:)`` of a whole file (`--from koreader`).
  ///
  /// - Throws: ``ImportError`` when it is not valid JSON, or not KOReader's export.
  static func parseKOReaderJSON(_ bytes: [UInt8], origin: String, sink: QuoteSink? = nil) throws
    -> Batch
  {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw ImportError.notKOReaderJSON(origin: origin)
    }
    guard case .object(let fields) = root, isKOReaderJSON(fields) else {
      throw ImportError.notKOReaderJSON(origin: origin)
    }
    return koreaderBatch(fields, sink: sink)
  }

  /// The line between two entries of KOReader's text export.
  static let koreaderTextSeparator = "-=-=-=-=-=-"

  /// Whether `input` starts as KOReader's text export: a `-=-=-=-=-=-` line and an entry's
  /// `-- Page: ...` line (after KOReader's wide spaces) in its first 64 KiB.
  static func isKOReaderText(_ input: inout ByteReader) throws -> Bool {
    var separator = false
    var header = false
    var line: [UInt8] = []
    var read = 0
    while read < 1 << 16, !(separator && header) {
      line.removeAll(keepingCapacity: true)
      guard try input.readLine(into: &line) else { break }
      read += line.count
      let text = koreaderTrimmed(line)
      if text.elementsEqual(koreaderTextSeparator.utf8) { separator = true }
      if text.starts(with: Array("-- ".utf8)) { header = true }
    }
    return separator && header
  }

  /// KOReader's plain-text export, a quote for each highlight.
  ///
  /// The file holds a book's title, then for each highlight its chapter, a
  /// `-- Page: 12, added on Thu Aug 10 18:36:08 2023` line, the text, and `---` then the note
  /// when there is one; entries end with a `-=-=-=-=-=-` line. Lines are indented with wide
  /// spaces (U+3000).
  ///
  /// The export names no author: each quote's is "Unknown", its work the book's title, its
  /// note the page and then the entry's note, its saved time the entry's (read in `localTime`).
  /// A line before an entry's `-- ` line is a book's title, and a second one its chapter; a
  /// single one is a chapter when the book's first entry had a chapter, else a new book's
  /// title. Images (`<An image>`) and entries without text are skipped; an entry without a
  /// `-- ` line is rejected.
  static func parseKOReaderText(
    _ input: inout ByteReader, sink: QuoteSink? = nil, localTime: LocalTime = .utc
  ) throws -> Batch {
    var batch = Batch(format: .koreaderText, sink: sink)
    var title = ""
    var bookHasChapters = false
    var firstEntry = true
    var position = 0
    var lines: [[UInt8]] = []
    var line: [UInt8] = []
    func finish() {
      defer { lines.removeAll(keepingCapacity: true) }
      guard lines.contains(where: { !koreaderTrimmed($0).isEmpty }) else { return }
      position += 1
      // The `-- ` line.
      guard
        let header = lines.firstIndex(where: { koreaderTrimmed($0).starts(with: [45, 45, 32]) })
      else {
        batch.reject(position: position, .notAClipping)
        return
      }
      let before = lines[..<header].map(koreaderTrimmed).filter { !$0.isEmpty }
      if before.count >= 2 || (before.count == 1 && (firstEntry || !bookHasChapters)) {
        title = String(decoding: before[0], as: UTF8.self)
        bookHasChapters = before.count >= 2
      }
      firstEntry = false
      guard let headerText = String(validatingUTF8: koreaderTrimmed(lines[header])),
        let body = String(validatingUTF8: Array(lines[(header + 1)...].joined()))
      else {
        batch.reject(position: position, .notUTF8)
        return
      }
      var text = body
      var typed = ""
      let mark =
        body.range(of: "\n---\n") ?? (body.hasPrefix("---\n") ? body.range(of: "---\n") : nil)
      if let mark {
        text = String(body[..<mark.lowerBound])
        typed = String(body[mark.upperBound...])
      }
      text = text.trimmed
      if text == "<An image>" || isEmptyTrimmed(text) {
        batch.skipped += 1
        return
      }
      // `-- Page: 12, added on ...`: the page after the first `:`, the time after the first `,`.
      let afterDashes = headerText.dropFirst(3)
      var note = ""
      var savedAt: Date?
      if let colon = afterDashes.firstIndex(of: ":") {
        let rest = afterDashes[afterDashes.index(after: colon)...]
        let comma = rest.firstIndex(of: ",") ?? rest.endIndex
        let page = String(rest[..<comma]).trimmed
        if !page.isEmpty { note = "page \(page)" }
        if comma < rest.endIndex {
          savedAt = DeviceTime.reading(rest[rest.index(after: comma)...])?.date(in: localTime)
        }
      }
      if !isEmptyTrimmed(typed) { note += (note.isEmpty ? "" : "\n") + typed.trimmed }
      batch.add(
        position: position, text: text, author: unknownAuthor, source: .imported,
        savedAt: savedAt, note: note, work: title)
    }
    while true {
      line.removeAll(keepingCapacity: true)
      guard try input.readLine(into: &line) else { break }
      if line.last == 0x0A { line.removeLast() }
      if line.last == 0x0D { line.removeLast() }
      if koreaderTrimmed(line).elementsEqual(koreaderTextSeparator.utf8) {
        finish()
      } else {
        lines.append(line + [0x0A])
      }
    }
    finish()
    return batch
  }

  /// ``parseKOReaderText(_:sink:localTime:)`` of bytes in memory.
  static func parseKOReaderText(
    _ bytes: [UInt8], sink: QuoteSink? = nil, localTime: LocalTime = .utc
  ) throws -> Batch {
    var input = ByteReader(bytes: bytes)
    return try parseKOReaderText(&input, sink: sink, localTime: localTime)
  }

  /// `line` without KOReader's wide spaces (U+3000), byte order marks and white space at its
  /// ends.
  private static func koreaderTrimmed(_ line: [UInt8]) -> [UInt8] {
    var line = line[...]
    while true {
      if let last = line.last, isSpace(last) {
        line.removeLast()
      } else if let first = line.first, isSpace(first) {
        line.removeFirst()
      } else if line.starts(with: [0xE3, 0x80, 0x80]) || line.starts(with: [0xEF, 0xBB, 0xBF]) {
        line.removeFirst(3)
      } else if line.count >= 3, line.suffix(3).elementsEqual([0xE3, 0x80, 0x80]) {
        line.removeLast(3)
      } else {
        return Array(line)
      }
    }
  }
}
