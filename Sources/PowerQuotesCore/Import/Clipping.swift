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

  /// The clipping in `entry`, or nil when the entry is not shaped as one.
  ///
  /// That is a title line, a line starting with `- ` (or Russian's `– `), then the text. Its
  /// time is read in `localTime` unless the line gives an offset.
  init?(entry: String, position: Int, localTime: LocalTime = .utc) {
    // CR LF is one Character.
    var lines = entry.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }.map(String.init)
    while let first = lines.first, Self.cleanedLine(first).isEmpty { lines.removeFirst() }
    guard lines.count >= 2 else { return nil }
    let meta = Self.cleanedLine(lines[1])
    guard let dash = meta.first, Self.dashes.contains(dash) else { return nil }
    self.position = position
    book = Self.cleanedLine(lines[0])
    (title, author) = Self.titleAndAuthor(book)
    kind = Self.kind(meta)
    (page, location) = Self.place(meta)
    savedAt = Self.addedTime(meta).flatMap { $0.date(in: localTime) }
    text = lines.dropFirst(2).joined(separator: "\n").trimmed
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
    guard let first = text.first, "<‹＜«".contains(first), let last = text.last,
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
    guard let bar = meta.lastIndex(of: "|") else { return nil }
    return DeviceTime.reading(meta[meta.index(after: bar)...])
  }

  /// `line` without byte order marks and white space at its ends.
  private static func cleanedLine(_ line: String) -> String {
    // A byte order mark starts with 0xEF: most lines have none, and are not searched for one.
    guard line.utf8.contains(0xEF) else { return line.trimmed }
    return line.replacing("\u{FEFF}", with: "").trimmed
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
    let line = Array(meta.lowercased().utf8)
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
    var line = Array(meta.lowercased().utf8)
    // Only what comes before the time: a location is never in `Added on ...`.
    if let bar = line.lastIndex(of: UInt8(ascii: "|")) { line.removeSubrange(bar...) }
    var page: String?
    var location: ClosedRange<Int>?
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    for word in KindleLanguage.pageWords {
      guard page == nil, let start = KindleLanguage.offset(of: word, in: line) else { continue }
      let rest = line[(start + word.count)...].drop { $0 == 0x20 || $0 == UInt8(ascii: ":") }
      let value = rest.prefix { isDigit($0) || Array("ivxlcdm".utf8).contains($0) }
      if !value.isEmpty { page = String(decoding: value, as: UTF8.self) }
    }
    for word in KindleLanguage.pageAfterWords {
      guard page == nil, let start = KindleLanguage.offset(of: word, in: line) else { continue }
      var before = line[..<start]
      while before.last == 0x20 { before.removeLast() }
      let digits = before.reversed().prefix(while: isDigit)
      if !digits.isEmpty { page = String(decoding: digits.reversed(), as: UTF8.self) }
    }
    let numero = Array("№".utf8)
    let enDash = Array("–".utf8)
    for word in KindleLanguage.locationWords {
      guard location == nil, let start = KindleLanguage.offset(of: word, in: line) else {
        continue
      }
      var rest = line[(start + word.count)...]
      while true {
        if let first = rest.first, Array(" :#no.".utf8).contains(first) {
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
      location = Self.locationRange(Substring(String(decoding: range, as: UTF8.self)))
    }
    return (page, location)
  }

  /// `180-182`, `180`, or the old Kindles' `1800-05` (1800 to 1805), as a range.
  private static func locationRange(_ text: Substring) -> ClosedRange<Int>? {
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }
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
