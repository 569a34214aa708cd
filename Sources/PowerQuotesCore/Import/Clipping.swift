import Foundation

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
  /// When it was made, from the `Added on` part of its second line; nil when that cannot be
  /// read.
  var savedAt: Date?
  /// The highlighted text, or the note typed.
  var text: String

  /// The clipping in `entry`, the UTF-8 bytes of one entry, or nil when the entry is not
  /// shaped as one.
  ///
  /// That is a title line, a line starting with `- ` (or Russian's `– `), then the text. Its
  /// time is read in `localTime` unless the line gives an offset. When the title line is the
  /// one of `previous` (the entry before), its book is taken from it rather than read again.
  ///
  /// Read as bytes: a line ends at LF, CR LF or CR (the line breaks a Character split found;
  /// splitting the whole entry into Characters and Strings took half of a clippings import).
  init?(entry: [UInt8], position: Int, localTime: LocalTime = .utc, previous: Clipping? = nil) {
    // The bounds of the next line from `start`, and where the line after it starts.
    func line(from start: Int) -> (Range<Int>, next: Int) {
      var end = start
      while end < entry.count, entry[end] != 0x0A, entry[end] != 0x0D { end += 1 }
      var next = end
      if next < entry.count {
        next += entry[next] == 0x0D && next + 1 < entry.count && entry[next + 1] == 0x0A ? 2 : 1
      }
      return (start..<end, next)
    }
    var start = 0
    var title: [UInt8] = []
    while start < entry.count {
      let (range, next) = line(from: start)
      start = next
      title = Self.cleanedLine(entry[range])
      if !title.isEmpty { break }
    }
    guard !title.isEmpty else { return nil }
    let (metaRange, textStart) = line(from: start)
    let meta = Self.cleanedLine(entry[metaRange])
    guard Self.dashLength(meta) != nil else { return nil }
    self.position = position
    if let previous, title.elementsEqual(previous.book.utf8) {
      (book, self.title, author) = (previous.book, previous.title, previous.author)
    } else {
      book = String(decoding: title, as: UTF8.self)
      (self.title, author) = Self.titleAndAuthor(book)
    }
    let lowered = Self.lowercased(meta)
    kind = Self.kind(lowercased: lowered)
    (page, location) = Self.place(lowercased: lowered)
    savedAt = Self.addedTime(lowercased: lowered).flatMap { $0.date(in: localTime) }
    // The lines after the second, joined by LF.
    var body: [UInt8] = []
    body.reserveCapacity(entry.count - textStart)
    var index = textStart
    while index < entry.count {
      let byte = entry[index]
      index += 1
      if byte == 0x0D {
        body.append(0x0A)
        if index < entry.count, entry[index] == 0x0A { index += 1 }
      } else {
        body.append(byte)
      }
    }
    text = String(decoding: body, as: UTF8.self).trimmed
    if kind == .highlight, Self.isLimitNotice(text) { kind = .limitReached }
  }

  /// What a second line may start with: a hyphen, or the en dash of Russian Kindles.
  static let dashes: Set<Character> = ["-", "–", "—"]

  /// Where a highlight is, for its note: "page 12, location 180-182" (the book is the quote's
  /// work, not part of its note).
  static func place(page: String?, location: ClosedRange<Int>?) -> String {
    var parts: [String] = []
    if let page { parts.append("page \(page)") }
    if let location {
      parts.append(
        location.lowerBound == location.upperBound
          ? "location \(location.lowerBound)"
          : "location \(location.lowerBound)-\(location.upperBound)")
    }
    return parts.joined(separator: ", ")
  }

  /// Whether `text` is the e-reader's notice, in any language, that the clipping limit was
  /// reached: one line in angle brackets holding a word only the notice has.
  static func isLimitNotice(_ text: String) -> Bool {
    // Most texts start with no bracket: told by the first scalar, without finding Characters.
    guard let scalar = text.unicodeScalars.first, "<‹＜«".unicodeScalars.contains(scalar),
      let first = text.first, "<‹＜«".contains(first), let last = text.last,
      ">›＞»".contains(last), !text.contains("\n")
    else { return false }
    let words = Array(text.lowercased().utf8)
    return KindleLanguage.limitNoticeWords.contains {
      KindleLanguage.offset(of: $0, in: words) != nil
    }
  }

  /// The time of a second line: in the part after its last `|` (`Added on ...`), read by
  /// ``DeviceTime/reading(_:)``.
  static func addedTime(_ meta: String) -> DeviceTime? {
    addedTime(lowercased: lowercased(Array(meta.utf8)))
  }

  /// ``addedTime(_:)`` of a line already made lower case, as UTF-8.
  private static func addedTime(lowercased line: [UInt8]) -> DeviceTime? {
    guard let bar = line.lastIndex(of: UInt8(ascii: "|")) else { return nil }
    return DeviceTime.reading(lowercasedUTF8: line[(bar + 1)...])
  }

  /// The UTF-8 of `line` without byte order marks and white space at its ends.
  static func cleanedLine(_ line: ArraySlice<UInt8>) -> [UInt8] {
    var bytes = Array(line)
    // A byte order mark starts with 0xEF: most lines have none, and are not searched for one.
    if bytes.contains(0xEF) {
      var kept: [UInt8] = []
      kept.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB,
          bytes[index + 2] == 0xBF
        {
          index += 3
        } else {
          kept.append(bytes[index])
          index += 1
        }
      }
      bytes = kept
    }
    func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    while let last = bytes.last, isASCIISpace(last) { bytes.removeLast() }
    let leading = bytes.prefix(while: isASCIISpace).count
    if leading > 0 { bytes.removeFirst(leading) }
    // White space beyond ASCII at an end: told by the one trimming of text.
    if let first = bytes.first, let last = bytes.last, first >= 0x80 || last >= 0x80 {
      return Array(String(decoding: bytes, as: UTF8.self).trimmed.utf8)
    }
    return bytes
  }

  /// How many bytes the dash a cleaned second line starts with takes, when it starts with one
  /// of ``dashes`` as a Character of its own; else nil.
  static func dashLength(_ line: [UInt8]) -> Int? {
    let length: Int
    if line.first == UInt8(ascii: "-") {
      length = 1
    } else if line.count >= 3, line[0] == 0xE2, line[1] == 0x80, line[2] == 0x93 || line[2] == 0x94
    {
      length = 3
    } else {
      return nil
    }
    // What follows may join the dash into a larger Character (a combining mark) only if it is
    // not ASCII.
    guard line.count > length, line[length] >= 0x80 else { return length }
    let first = String(decoding: line, as: UTF8.self).first
    return first.map(dashes.contains) == true ? length : nil
  }

  /// `line` in lower case, as UTF-8: ASCII by its bytes, anything else by Unicode's rules.
  static func lowercased(_ line: [UInt8]) -> [UInt8] {
    if line.withUnsafeBufferPointer(UntrustedText.isASCII) {
      return line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
    return Array(String(decoding: line, as: UTF8.self).lowercased().utf8)
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

  /// The kind of entry a second line names, such as `- Your Highlight on page 12 | ...`, in
  /// any language of ``KindleLanguage/all``: a bookmark's words first, then a highlight's,
  /// then a note's; a line with none is a highlight.
  static func kind(_ meta: String) -> Kind {
    kind(lowercased: lowercased(Array(meta.utf8)))
  }

  /// ``kind(_:)`` of a line already made lower case, as UTF-8.
  private static func kind(lowercased line: [UInt8]) -> Kind {
    func has(_ words: [[UInt8]]) -> Bool {
      words.contains { KindleLanguage.offset(of: $0, in: line) != nil }
    }
    if has(KindleLanguage.bookmarkWords) { return .bookmark }
    if has(KindleLanguage.highlightWords) { return .highlight }
    if has(KindleLanguage.noteWords) { return .note }
    return .highlight
  }

  /// The page and the location a second line names, such as `page 12 | Location 180-182`, in
  /// any language of ``KindleLanguage/all``.
  static func place(_ meta: String) -> (page: String?, location: ClosedRange<Int>?) {
    place(lowercased: lowercased(Array(meta.utf8)))
  }

  /// ``place(_:)`` of a line already made lower case, as UTF-8.
  private static func place(
    lowercased line: [UInt8]
  ) -> (page: String?, location: ClosedRange<Int>?) {
    var line = line
    // Only what comes before the time: a location is never in `Added on ...`.
    if let bar = line.lastIndex(of: UInt8(ascii: "|")) { line.removeSubrange(bar...) }
    var page: String?
    var location: ClosedRange<Int>?
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    for word in KindleLanguage.pageWords {
      guard page == nil, let start = KindleLanguage.offset(of: word, in: line) else { continue }
      let rest = line[(start + word.count)...].drop { $0 == 0x20 || $0 == UInt8(ascii: ":") }
      let value = rest.prefix { isDigit($0) || romanDigits.contains($0) }
      if !value.isEmpty { page = String(decoding: value, as: UTF8.self) }
    }
    for word in KindleLanguage.pageAfterWords {
      guard page == nil, let start = KindleLanguage.offset(of: word, in: line) else { continue }
      var before = line[..<start]
      while before.last == 0x20 { before.removeLast() }
      let digits = before.reversed().prefix(while: isDigit)
      if !digits.isEmpty { page = String(decoding: digits.reversed(), as: UTF8.self) }
    }
    for word in KindleLanguage.locationWords {
      guard location == nil, let start = KindleLanguage.offset(of: word, in: line) else {
        continue
      }
      var rest = line[(start + word.count)...]
      while true {
        if let first = rest.first, beforeLocation.contains(first) {
          rest.removeFirst()
        } else if rest.starts(with: numero) {
          rest.removeFirst(numero.count)
        } else {
          break
        }
      }
      var range: [UInt8] = []
      while let first = rest.first {
        if isDigit(first) || first == UInt8(ascii: "-") {
          range.append(first)
          rest.removeFirst()
        } else if rest.starts(with: enDash) {
          range.append(UInt8(ascii: "-"))
          rest.removeFirst(enDash.count)
        } else {
          break
        }
      }
      location = Self.locationRange(range)
    }
    return (page, location)
  }

  private static let romanDigits = Array("ivxlcdm".utf8)
  /// What may lie between a location's word and its number.
  private static let beforeLocation = Array(" :#no.".utf8)
  private static let numero = Array("№".utf8)
  private static let enDash = Array("–".utf8)

  /// `180-182`, `180`, or the old Kindles' `1800-05` (1800 to 1805), as a range; `text` holds
  /// ASCII digits and `-` only.
  private static func locationRange(_ text: [UInt8]) -> ClosedRange<Int>? {
    let parts = text.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    func value(_ digits: some Collection<UInt8>) -> Int? {
      guard !digits.isEmpty, digits.count <= 9 else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    guard let first = parts.first, let start = value(first) else { return nil }
    guard parts.count == 2, var end = value(parts[1]) else { return start...start }
    if end < start, parts[1].count < first.count {
      // Only the last digits were written.
      end = value(first.dropLast(parts[1].count) + parts[1]) ?? end
    }
    return end >= start ? start...end : start...start
  }
}
