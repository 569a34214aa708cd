import Foundation

/// The text form `fav edit` opens in an editor, as `git commit` does: the favorite's quote,
/// author, work and note under `[quote]`, `[author]`, `[work]` and `[note]`, with comment lines
/// explaining.
///
/// Any text survives the form, as a message survives an mbox file: a line of a quote, author or
/// note that would read as a comment (it starts with `#`) or as a section's line (`[note]`), or
/// that is such a line behind backslashes already, is written with one more `\` before it, and
/// reading takes exactly that one off. Ordinary text is written as it is. Line breaks are read
/// as LF or CR LF; the blank lines around a section's text are the layout's.
public struct FavoriteEditForm: Sendable, Equatable {
  /// The words of the quote.
  public var text: String
  /// The author.
  public var author: String
  /// The note (may be empty).
  public var note: String
  /// The work the quote came from (may be empty); nil for a form without the `[work]`
  /// section (one an earlier version wrote and kept), which leaves the work as it is.
  public var work: String?

  /// The most bytes an edited form is read up to: every scalar of the longest quote, author
  /// and note (``QuoteText``) at 4 bytes of UTF-8, twice over for a `\` or CR on each line and
  /// white space the cleaning takes off, and 64 KiB for comments and blank lines.
  public static let maxBytes =
    4 * 2 * (QuoteText.maxTextLength + QuoteText.maxAuthorLength + QuoteText.maxNoteLength)
    + 65_536

  /// Makes a form.
  public init(text: String, author: String, note: String, work: String? = nil) {
    self.text = text
    self.author = author
    self.note = note
    self.work = work
  }

  /// The form of `favorite` as it is now.
  public init(_ favorite: Favorite) {
    self.init(
      text: favorite.quote.text, author: favorite.quote.author, note: favorite.note,
      work: favorite.work)
  }

  /// The names of the sections, in the form's order.
  static let sectionNames = ["[quote]", "[author]", "[work]", "[note]"]

  /// The form for favorite `id`, ready to edit.
  public func rendered(id: Int64) -> String {
    """
    # Editing favorite \(id). Change the text under [quote], [author], [work]
    # (the book or speech it came from, on one line) and [note], then save and
    # close the editor. Lines starting with '#' are ignored. A line of the text
    # that starts with '#' or reads [quote], [author], [work] or [note] is
    # written with a '\\' before it, which is not saved.
    # An unchanged form, or one emptied of text, changes nothing.

    [quote]
    \(Self.escaped(text))

    [author]
    \(Self.escaped(author))
    \(work.map { "\n[work]\n" + Self.escaped($0) + "\n" } ?? "")
    [note]
    \(Self.escaped(note))

    """
  }

  /// Reads an edited form: nil when it was emptied (nothing but comments, section lines and
  /// lines without text once cleaned, see ``QuoteText/entering(_:)``).
  ///
  /// - Throws: ``FavoriteEditFormError/sectionMissing(_:)`` when a section's line was removed,
  ///   ``FavoriteEditFormError/textAboveSections`` for text above the first one.
  public static func parse(_ form: String) throws -> FavoriteEditForm? {
    var sections: [String: [Substring]] = [:]
    var current: String?
    var sawText = false
    var sawTextAbove = false
    // An editor may begin the file with a byte order mark.
    let form =
      form.unicodeScalars.first == "\u{FEFF}" ? String(form.unicodeScalars.dropFirst()) : form
    for line in lines(of: form) {
      if isComment(line) { continue }
      if let name = sectionName(line) {
        current = name
        sections[name, default: []] = sections[name] ?? []
        continue
      }
      let isText = !QuoteText.entering(String(line)).isEmpty
      if isText { sawText = true }
      if let current {
        sections[current, default: []].append(unescaped(line))
      } else if isText {
        // Above the first section's line: in no section, and not to be dropped unsaid.
        sawTextAbove = true
      }
    }
    guard sawText else { return nil }
    func section(_ name: String) throws -> String {
      guard var lines = sections[name] else { throw FavoriteEditFormError.sectionMissing(name) }
      while let last = lines.last, isBlank(last) { lines.removeLast() }
      let first = lines.firstIndex { !isBlank($0) } ?? lines.endIndex
      return lines[first...].joined(separator: "\n")
    }
    let filled = FavoriteEditForm(
      text: try section("[quote]"), author: try section("[author]"), note: try section("[note]"),
      work: sections["[work]"] == nil ? nil : try section("[work]"))
    if sawTextAbove { throw FavoriteEditFormError.textAboveSections }
    return filled
  }

  // MARK: - Lines

  /// The lines of `text`, split at each LF, each without the CR before its LF (an editor that
  /// saves CR LF); any other line separator (U+2028, a lone CR) stays text.
  static func lines(of text: String) -> [Substring] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var line = line
      if line.last == "\r" { line.removeLast() }
      return Substring(line)
    }
  }

  /// Whether the form reads `line` as a comment: it starts with `#`.
  static func isComment(_ line: Substring) -> Bool {
    line.unicodeScalars.first == "#"
  }

  /// The section `line` starts (`[note]`, spaces and tabs around it allowed), or nil.
  static func sectionName(_ line: Substring) -> String? {
    let scalars = line.unicodeScalars
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) }), scalars[first] == "["
    else { return nil }
    let name = String(scalars[first...last])
    return sectionNames.contains(name) ? name : nil
  }

  /// Whether `line` has only spaces and tabs.
  static func isBlank(_ line: Substring) -> Bool {
    line.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }
  }

  /// Whether a line of text must be written with a `\` before it: after any backslashes it
  /// starts with, it would read as a comment or a section's line.
  static func needsEscape(_ line: Substring) -> Bool {
    let rest = Substring(line.unicodeScalars.drop { $0 == "\\" })
    return isComment(rest) || sectionName(rest) != nil
  }

  /// `text` as the form writes it: each line that ``needsEscape(_:)`` with a `\` before it,
  /// and each CR LF or CR a line feed, as the library's cleaning makes them
  /// (``QuoteText/cleaned(_:)``), so that no CR of the text is taken for an editor's.
  static func escaped(_ text: String) -> String {
    // Nearly every text has no line that could need it.
    guard text.unicodeScalars.contains(where: { $0 == "#" || $0 == "[" || $0 == "\r" }) else {
      return text
    }
    var lines: [Substring] = []
    var line = Substring.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var next = scalars.next()
    while let scalar = next {
      next = scalars.next()
      guard scalar == "\n" || scalar == "\r" else {
        line.append(scalar)
        continue
      }
      if scalar == "\r" && next == "\n" { next = scalars.next() }
      lines.append(Substring(line))
      line = Substring.UnicodeScalarView()
    }
    lines.append(Substring(line))
    return lines.map { needsEscape($0) ? "\\" + $0 : String($0) }.joined(separator: "\n")
  }

  /// A line of the form as text: without the `\` that ``escaped(_:)`` put before it.
  static func unescaped(_ line: Substring) -> Substring {
    line.unicodeScalars.first == "\\" && needsEscape(line)
      ? Substring(line.unicodeScalars.dropFirst()) : line
  }
}

extension FavoriteEditForm {
  /// What an edited form changes of `original`, the form it was made from: each of the text,
  /// author, note and work that reads differently once cleaned as text entering the library
  /// (``QuoteText/entering(_:)``), nil for each that does not.
  ///
  /// So a field the user did not touch is not written at all, even when the form could not
  /// give it back byte for byte (white space at its ends, a CR in it).
  public func changes(from original: FavoriteEditForm) -> (
    text: String?, author: String?, note: String?, work: String?
  ) {
    func changed(_ edited: String, _ before: String) -> String? {
      edited == before || QuoteText.entering(edited) == QuoteText.entering(before) ? nil : edited
    }
    var work = self.work
    if let edited = work, let before = original.work,
      edited == before || QuoteText.enteringWork(edited) == QuoteText.enteringWork(before)
    {
      work = nil
    }
    return (
      changed(text, original.text), changed(author, original.author), changed(note, original.note),
      work
    )
  }
}
