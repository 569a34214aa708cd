import Testing

@testable import PowerQuotesCore

@Suite("The edit form")
struct FavoriteEditFormTests {
  let form = FavoriteEditForm(text: "Know thyself.\nTwice.", author: "Socrates", note: "")

  @Test("A rendered form reads back as it was")
  func roundTrip() throws {
    #expect(try FavoriteEditForm.parse(form.rendered(id: 7)) == form)
    #expect(form.rendered(id: 7).hasPrefix("# Editing favorite 7."))
  }

  @Test("Comments are ignored, text is trimmed, CR LF is read as LF")
  func edited() throws {
    let text =
      "# hello\r\n[quote]\r\n  New words.\r\n\r\n[author]\r\nPlato\r\n# x\r\n[note]\r\nA note\r\n"
    let parsed = try #require(try FavoriteEditForm.parse(text))
    #expect(QuoteText.entering(parsed.text) == "New words.")
    #expect(parsed.author == "Plato")
    #expect(parsed.note == "A note")
  }

  @Test(
    "An emptied form is nil",
    arguments: [
      "", "\n\n", "# only\n# comments\n", "  \n\t\n", "[quote]\n\n[author]\n  \n[note]\n\n",
      "\u{FEFF}[quote]\r\n\r\n[author]\r\n\r\n[note]\r\n",
    ])
  func emptied(text: String) throws {
    #expect(try FavoriteEditForm.parse(text) == nil)
  }

  @Test("A form missing a section is an error")
  func missing() {
    #expect(throws: FavoriteEditFormError.sectionMissing("[author]")) {
      try FavoriteEditForm.parse("[quote]\nWords\n[note]\n")
    }
  }

  @Test("Text above the first section is an error, not dropped")
  func textAbove() {
    #expect(throws: FavoriteEditFormError.textAboveSections) {
      try FavoriteEditForm.parse("A note I typed here\n[quote]\nWords\n[author]\nA\n[note]\n")
    }
    #expect(throws: FavoriteEditFormError.sectionMissing("[quote]")) {
      try FavoriteEditForm.parse("Words\n[author]\nA\n[note]\n")
    }
  }

  @Test("Lines that read as comments or sections are written with a backslash, read without")
  func escapes() throws {
    let rules = FavoriteEditForm(
      text: "The rules:\n#1 be kind\n#2 be brave\n[note]\n \\[author] \n\\#3\n\\plain\n  [note]\t",
      author: "#1 fan", note: "[quote]")
    let rendered = rules.rendered(id: 4)
    #expect(
      rendered.contains(
        "[quote]\nThe rules:\n\\#1 be kind\n\\#2 be brave\n\\[note]\n \\[author] \n\\\\#3\n"
          + "\\plain\n\\  [note]\t\n\n[author]\n\\#1 fan\n\n[note]\n\\[quote]\n"))
    #expect(try FavoriteEditForm.parse(rendered) == rules)
    #expect(
      try FavoriteEditForm.parse(
        FavoriteEditForm(text: "#1 rule: be kind", author: "A", note: "").rendered(id: 1))
        == FavoriteEditForm(text: "#1 rule: be kind", author: "A", note: ""))
  }

  /// The pieces random text is made of: what the form's rules are about, and Unicode that a
  /// careless split or trim would change.
  static let pieces = [
    "#", "# ", "[note]", "[author]", "[quote]", "[Note]", "\\", "\\\\", " ", "  ", "\t", "\n",
    "\n", "\r\n", "\r", "\n\n", "a", "word", "é", "e\u{301}", "#\u{301}", "👨‍👩‍👧", "\u{2028}",
    "\u{3000}", "\u{FEFF}", "\u{1B}[31m", "\u{0B}", "[", "]", "\u{85}", "\u{202E}", "日本",
  ]

  static func randomText(_ generator: inout SeededGenerator) -> String {
    let count = Int.random(in: 0...12, using: &generator)
    return (0..<count).map { _ in
      pieces[Int.random(in: 0..<pieces.count, using: &generator)]
    }.joined()
  }

  static func randomForm(_ generator: inout SeededGenerator) -> FavoriteEditForm {
    FavoriteEditForm(
      text: randomText(&generator), author: randomText(&generator),
      note: randomText(&generator))
  }

  /// The form as the library would keep it: each field cleaned as text entering it.
  static func cleaned(_ form: FavoriteEditForm?) -> [String]? {
    form.map { [$0.text, $0.author, $0.note].map(QuoteText.entering) }
  }

  @Test("Any text reads back as it was, once cleaned, also saved with CR LF", arguments: 0..<8)
  func anyTextRoundTrips(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      let form = Self.randomForm(&generator)
      let rendered = form.rendered(id: 9)
      let expected = Self.cleaned(form).flatMap { $0.allSatisfy(\.isEmpty) ? nil : $0 }
      let parsed = try FavoriteEditForm.parse(rendered)
      #expect(Self.cleaned(parsed) == expected, "\(String(reflecting: form))")
      let crlf = String(
        rendered.unicodeScalars.flatMap { $0 == "\n" ? ["\r", "\n"] : [$0] }.map(Character.init))
      #expect(Self.cleaned(try FavoriteEditForm.parse(crlf)) == expected)
      if let parsed {
        // An editor that saves unchanged changes nothing.
        #expect(parsed.changes(from: form) == (nil, nil, nil, nil), "\(String(reflecting: form))")
      }
    }
  }

  @Test("An editor that only appends to the note changes nothing else", arguments: 0..<8)
  func appendedNote(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<500 {
      let form = Self.randomForm(&generator)
      var added = Self.randomText(&generator)
      if QuoteText.entering(added).isEmpty { added += "More." }
      // As the user types it: with the form's rule for lines that would read as comments.
      let typed = FavoriteEditForm.escaped(added)
      let parsed = try #require(try FavoriteEditForm.parse(form.rendered(id: 9) + typed + "\n"))
      let changes = parsed.changes(from: form)
      #expect(changes.text == nil, "\(String(reflecting: form))")
      #expect(changes.author == nil, "\(String(reflecting: form))")
      #expect(
        changes.note.map(QuoteText.entering)
          == QuoteText.entering(QuoteText.cleaned(form.note) + "\n" + added),
        "\(String(reflecting: form))")
    }
  }
}
