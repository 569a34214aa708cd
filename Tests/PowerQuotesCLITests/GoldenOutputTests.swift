import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCLI

/// Every output format of every listing command, byte for byte as the files under `Golden/`
/// hold it, over a library of hostile rows written behind the app's back (as a hand-edited or
/// damaged database holds them): escape sequences, C1 and bidi controls, invalid UTF-8, NULs,
/// wide and combining text, a very long author, notes and tags, odd saved times.
///
/// The files were written by the code before its writers were merged into one per format, and
/// stay unchanged: a change to any of them is a change of output. To write them again on
/// purpose, run the suite with `POWERQUOTES_WRITE_GOLDEN=1` and read the diff.
@Suite("Golden output over hostile rows")
struct GoldenOutputTests {
  /// The widths a table is laid out at.
  static let widths = [20, 40, 59, 60, 79, 80, 100, 120, 200]

  /// A command line and the terminal it runs in, and the name of its golden file.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let words: [String]
    let terminal: TerminalInfo

    var testDescription: String { name }
  }

  /// A terminal `width` columns wide: a pipe without colour, or a terminal with colour.
  static func terminal(_ width: Int, color: Bool) -> TerminalInfo {
    TerminalInfo(
      width: width, inputIsTerminal: false, outputIsTerminal: color, usesColor: color)
  }

  static let cases: [Case] = {
    var cases: [Case] = []
    for width in widths {
      for color in [false, true] {
        let suffix = "w\(width)-\(color ? "color" : "plain")"
        let terminal = terminal(width, color: color)
        cases.append(Case(name: "list-\(suffix)", words: ["fav", "list"], terminal: terminal))
        // On a terminal, find shows where its words matched; piped, the start of each quote.
        cases.append(
          Case(name: "find-love-\(suffix)", words: ["fav", "find", "love"], terminal: terminal))
        cases.append(
          Case(
            name: "search-a-\(suffix)", words: ["fav", "search", "a"], terminal: terminal))
      }
    }
    let pipe = terminal(80, color: false)
    let matches = TerminalInfo(
      width: 80, inputIsTerminal: false, outputIsTerminal: true, usesColor: false)
    cases += [
      Case(name: "list-json", words: ["fav", "list", "--format", "json"], terminal: pipe),
      Case(
        name: "list-tag-json", words: ["fav", "list", "--tag", "stoic", "--format", "json"],
        terminal: pipe),
      Case(name: "list-tag", words: ["fav", "list", "--tag", "stoic"], terminal: pipe),
      Case(name: "list-limit", words: ["fav", "list", "--limit", "5"], terminal: pipe),
      Case(name: "search-json", words: ["fav", "search", "a", "--format", "json"], terminal: pipe),
      Case(name: "search-hostile", words: ["fav", "search", "evil"], terminal: pipe),
      Case(name: "search-none", words: ["fav", "search", "nobody"], terminal: pipe),
      Case(
        name: "find-love-json", words: ["fav", "find", "love", "--format", "json"], terminal: pipe),
      Case(name: "find-none", words: ["fav", "find", "zzzzz"], terminal: pipe),
      Case(name: "find-tag", words: ["fav", "find", "love", "--tag", "stoic"], terminal: matches),
      Case(name: "find-phrase", words: ["fav", "find", "\"all you need\""], terminal: matches),
      Case(name: "find-prefix", words: ["fav", "find", "wor*"], terminal: matches),
      Case(name: "find-author", words: ["fav", "find", "archibald"], terminal: matches),
      Case(name: "export-csv", words: ["fav", "export", "--format", "csv"], terminal: pipe),
      Case(name: "export-json", words: ["fav", "export", "--format", "json"], terminal: pipe),
      Case(
        name: "export-markdown", words: ["fav", "export", "--format", "markdown"], terminal: pipe),
      Case(
        name: "export-fortune", words: ["fav", "export", "--format", "fortune"], terminal: pipe),
      Case(
        name: "export-tag-csv", words: ["fav", "export", "--format", "csv", "--tag", "stoic"],
        terminal: pipe),
      // On a terminal an export is read, not saved: cleaned for it.
      Case(
        name: "export-csv-terminal", words: ["fav", "export", "--format", "csv"], terminal: matches),
      Case(
        name: "export-json-terminal", words: ["fav", "export", "--format", "json"],
        terminal: matches),
      Case(
        name: "export-markdown-terminal", words: ["fav", "export", "--format", "markdown"],
        terminal: matches),
      Case(
        name: "export-fortune-terminal", words: ["fav", "export", "--format", "fortune"],
        terminal: matches),
    ]
    return cases
  }()

  @Test("A command's output is its golden file's bytes", arguments: cases)
  func command(_ test: Case) async throws {
    let database = try Self.library()
    let output = CapturedBytes()
    var env = AppEnvironment.test(
      database: database, console: CapturedConsole(), terminal: test.terminal)
    env.console = output.console
    // A command that fails: its error, which the golden file then holds.
    do {
      try await execute(test.words, env)
    } catch {
      output.err("error: \(error)\n")
    }
    try Self.compare(output, name: test.name)
  }

  @Test(
    "The shell's list, more, search and find are their golden file's bytes",
    arguments: [(80, false), (40, true), (120, true)])
  func shell(width: Int, color: Bool) async throws {
    let database = try Self.library()
    let output = CapturedBytes()
    let terminal = TerminalInfo(
      width: width, height: 12, inputIsTerminal: false, outputIsTerminal: color,
      usesColor: color)
    var env = AppEnvironment.test(
      database: database, console: CapturedConsole(), terminal: terminal)
    env.console = output.console
    let script = ScriptedLines([
      "list", "more", "more", "search a", "more", "find love", "fav list --format json",
      "fav export --format csv",
    ])
    let shell = ShellSession(env: env, reader: script.reader())
    #expect(await shell.run() == 0)
    try Self.compare(output, name: "shell-w\(width)-\(color ? "color" : "plain")")
  }

  // MARK: - Golden files

  static let folder = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "Golden")

  /// Compares what was written with `name.out` and `name.err` (absent when nothing was
  /// written there), or writes them when `POWERQUOTES_WRITE_GOLDEN` is set.
  static func compare(_ output: CapturedBytes, name: String) throws {
    let files = [("out", output.outBytes), ("err", output.errBytes)]
    if ProcessInfo.processInfo.environment["POWERQUOTES_WRITE_GOLDEN"] != nil {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (suffix, bytes) in files {
        let file = folder.appending(path: "\(name).\(suffix)")
        if bytes.isEmpty {
          try? FileManager.default.removeItem(at: file)
        } else {
          try Data(bytes).write(to: file)
        }
      }
      return
    }
    for (suffix, bytes) in files {
      let file = folder.appending(path: "\(name).\(suffix)")
      let expected = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
      if bytes != expected {
        let firstDifference =
          zip(bytes.indices, zip(bytes, expected)).first { $0.1.0 != $0.1.1 }?.0
          ?? min(bytes.count, expected.count)
        Issue.record(
          """
          \(name).\(suffix): \(bytes.count) bytes written, \(expected.count) expected; first \
          difference at byte \(firstDifference):
          \(String(decoding: bytes[firstDifference...].prefix(200), as: UTF8.self).debugDescription)
          expected:
          \(String(decoding: expected[firstDifference...].prefix(200), as: UTF8.self).debugDescription)
          """)
      }
    }
  }

  // MARK: - The library

  /// A row as a hand-edited database may hold it: each text column's bytes as given.
  struct Row {
    var quote: [UInt8]
    var author: [UInt8]
    var source: [UInt8] = Array("manual".utf8)
    var sourceID: Int? = nil
    var savedAt = "2026-01-15 08:00:00.000"
    var note: [UInt8] = []
    /// Tags added as the app adds them (through `favorite_tag`).
    var tags: [String] = []
    /// A `tags` column written over whatever `favorite_tag` made of it.
    var tagsColumn: [UInt8]? = nil

    init(
      _ quote: String, _ author: String, source: String = "manual", sourceID: Int? = nil,
      savedAt: String = "2026-01-15 08:00:00.000", note: String = "", tags: [String] = []
    ) {
      self.quote = Array(quote.utf8)
      self.author = Array(author.utf8)
      self.source = Array(source.utf8)
      self.sourceID = sourceID
      self.savedAt = savedAt
      self.note = Array(note.utf8)
      self.tags = tags
    }
  }

  /// The hostile rows, then rows drawn from ``pieces`` with a fixed seed.
  static let rows: [Row] = {
    let longAuthor =
      "Sir Archibald Wolfgang Theodoric von Grünewald-Ashcombe, Third Baron of Lesser "
      + "Piddlington and Keeper of the Royal Quotations"
    var rows: [Row] = [
      Row("Know thyself.", "Socrates", tags: ["stoic", "life"]),
      Row(
        "Red \u{1B}[31mlove\u{1B}[0m and an OSC \u{1B}]0;pwned\u{07} title, love.",
        "Evil\u{1B}[2J Author", source: "dummyjson", sourceID: 12, note: "\u{1B}[5mblink"),
      Row(
        "C1 \u{9B}31mcontrols\u{85} love \u{90}payload\u{9C} end", "C1\u{9B}K Author",
        source: "zenquotes"),
      Row(
        "\u{202E}reversed love\u{202C} and \u{2066}isolated\u{2069} \u{200F}mark",
        "\u{2067}Bidi\u{2069} Author\u{061C}", tags: ["bidi"]),
      Row("Tabs\tand\nnew\r\nlines\rand\u{0B}vt\u{0C}ff love", "Line\nBreak\tAuthor"),
      Row(
        "愛は世界を救う love 👍🇫🇷 😀 family 👨‍👩‍👧 and 한국어 text", "村上春樹",
        sourceID: 99, tags: ["wide"]),
      Row(
        "nai\u{308}ve\u{301}te\u{301} love: e\u{301}\u{302}\u{303} combining\u{300}",
        "Zoe\u{308}\u{301}",
        note: "combining note e\u{301}"),
      Row(
        String(repeating: "All you need is love, and words to say it with. ", count: 5)
          + "The end of a long love.", longAuthor,
        note: "first line\nsecond line\r\nthird\ttab", tags: ["long", "stoic"]),
      Row(
        "Say \"yes\", then\ngo, love.", "A \"B\", C", note: "n, \"x\"",
        tags: ["csv"]),
      Row("=1+2 love formula", "@mention", note: "-minus", tags: ["formula"]),
      Row("+plus\n%\nlove line that is a percent", "Fortune Teller"),
      Row(
        String(repeating: "x", count: 255) + "%\nlove after a strfile separator", "Strfile"),
      Row(
        "Para one love.\n\nPara two\u{2028}after a line separator\u{2029}and a paragraph one.",
        "Markdown Writer", note: "note para\n\nsecond", tags: ["md"]),
      Row("Soft\u{AD}hyphen and nbsp\u{A0}\u{A0} love – “quoted” … ‰", "Ümlaut Ōwner"),
      Row("Zero\u{200B}width\u{200D}joiner and VS16 ❤\u{FE0F} love", "ZW\u{200B}Author"),
      Row(" spaced love ", "  Spaced Author  ", savedAt: "2026-01-15T08:00:00.000"),
      Row("A time without milliseconds, love", "Timekeeper", savedAt: "2026-01-15 08:00:00"),
      Row("A time without seconds, love", "Timekeeper", savedAt: "2026-01-15 08:00"),
      Row("The last millisecond of 9999, love", "Timekeeper", savedAt: "9999-12-31 23:59:59.999"),
      Row("The epoch, love", "Timekeeper", savedAt: "1970-01-01 00:00:00.999"),
      Row("Leap day love", "Timekeeper", savedAt: "2024-02-29 12:34:56.789"),
      Row("Tagged with a hostile tag column, love", "Tagger"),
      Row("Tagged with spaces in the column", "Tagger"),
      Row("An odd source", "Sourcerer", source: "dummy\u{1B}[2Jjson"),
      Row("An empty note, world love", "Noteless", note: ""),
      Row("Worldly wisdom", "Wordsworth", tags: ["stoic", "nature"]),
    ]
    // Bytes that are not valid UTF-8, and NULs.
    func raw(_ hex: String) -> [UInt8] {
      var bytes: [UInt8] = []
      var index = hex.startIndex
      while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0x3F)
        index = next
      }
      return bytes
    }
    var invalid = Row("", "Invalid Author")
    invalid.quote =
      Array("love ".utf8) + raw("FFFE") + Array(" bytes ".utf8) + raw("C0AF")
      + Array(" surrogate ".utf8) + raw("EDA080") + Array(" cut ".utf8) + raw("E282")
    invalid.author = Array("Bad ".utf8) + raw("F4908080") + Array(" Author".utf8)
    rows.append(invalid)
    var nul = Row("", "")
    nul.quote = Array("love before a NUL".utf8) + [0] + Array(" hidden after it".utf8)
    nul.author = Array("Nul".utf8) + [0] + Array("Author".utf8)
    nul.note = Array("note".utf8) + [0] + Array("hidden".utf8)
    rows.append(nul)
    var longHead = Row("", "Long Head")
    longHead.quote =
      Array(String(repeating: "a", count: 70).utf8) + Array("\u{1B}[31m love".utf8)
    rows.append(longHead)
    var longInvalid = Row("", "Long Invalid")
    longInvalid.quote =
      Array(String(repeating: "b ", count: 40).utf8) + raw("FF") + Array(" love".utf8)
    rows.append(longInvalid)
    rows[21].tagsColumn = Array("\u{1B}[31m q\"t,c".utf8)
    rows[22].tagsColumn = Array(" a  b caf\u{E9} x \u{301}y".utf8)
    // Rows drawn from simple and hostile pieces.
    var generator = SeededGenerator(seed: 21)
    for index in 0..<60 {
      func text(_ count: ClosedRange<Int>) -> String {
        var text = ""
        for _ in 0..<Int.random(in: count, using: &generator) {
          let simple = Int.random(in: 0..<4, using: &generator) > 0
          text +=
            simple
            ? words[Int.random(in: 0..<words.count, using: &generator)]
            : pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        return text
      }
      var row = Row(
        "q\(index) " + text(1...30), "a\(index) " + text(0...5),
        sourceID: index % 3 == 0 ? nil : index, note: index % 4 == 0 ? text(0...6) : "",
        tags: index % 5 == 0 ? ["stoic"] : [])
      if index % 7 == 0 { row.quote += Array(" love".utf8) }
      rows.append(row)
    }
    return rows
  }()

  /// Simple words of the drawn rows.
  static let words = [
    "love ", "world ", "life ", "the ", "a ", "Zoë ", "café ", "naïve ", "— ", "“quoted” ", "… ",
    "wisdom ", "and ", "is ",
  ]

  /// Pieces of the drawn rows that take the general path: marks, wide, zero-width, controls.
  static let pieces = [
    "ā", "é", "ß", "\u{A0}", "\u{AD}", "e\u{301}", "\u{300}", "日", "한", "\u{200B}", "\u{200D}",
    "\u{FE0F}", "👍", "🇫🇷", "\t", "\n", "\u{1B}[31m", "\u{85}", "\u{9B}", "\u{202E}", "\u{2028}",
    "\r\n", "\u{7F}", "%", "\"", ",",
  ]

  /// A fresh database holding ``rows``, written as raw SQL.
  static func library() throws -> QuoteDatabase {
    let database = try QuoteDatabase.inMemory()
    func hex(_ bytes: [UInt8]) -> String {
      "CAST(X'" + bytes.map { String(format: "%02X", $0) }.joined() + "' AS TEXT)"
    }
    var sql = ""
    for (index, row) in rows.enumerated() {
      let folded = String(decoding: row.author, as: UTF8.self).lowercased()
      sql += """
        INSERT INTO favorite (quote, author, source, source_id, saved_at, quote_key, author_key,
          author_folded, note)
        VALUES (\(hex(row.quote)), \(hex(row.author)), \(hex(row.source)),
          \(row.sourceID.map(String.init) ?? "NULL"), '\(row.savedAt)', 'k\(index)', 'a\(index)',
          \(hex(Array(folded.utf8))), \(hex(row.note)));

        """
      for tag in row.tags {
        sql += "INSERT INTO favorite_tag (favorite_id, tag) VALUES (\(index + 1), '\(tag)');\n"
      }
      if let column = row.tagsColumn {
        sql += "UPDATE favorite SET tags = \(hex(column)) WHERE id = \(index + 1);\n"
      }
    }
    try LibrarySQL.run(database, sql)
    return database
  }
}

/// What a command wrote, as the bytes it wrote.
final class CapturedBytes: Sendable {
  private let out = Mutex<[UInt8]>([])
  private let error = Mutex<[UInt8]>([])

  var outBytes: [UInt8] { out.withLock { $0 } }
  var errBytes: [UInt8] { error.withLock { $0 } }

  func err(_ text: String) { error.withLock { $0 += Array(text.utf8) } }

  /// A console that writes here, standard output as the bytes written.
  var console: Console {
    Console(
      out: { text in self.out.withLock { $0 += Array(text.utf8) } },
      err: { text in self.err(text) },
      outBytes: { bytes in self.out.withLock { $0 += bytes } })
  }
}
