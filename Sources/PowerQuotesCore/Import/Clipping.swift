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
