import Foundation
import PowerQuotesCore

/// What reads untrusted bytes, driven by a fuzzer (`Fuzz/run.sh`): each target must end
/// normally, with a value or an error, on any input; a trap, a crash or a broken property
/// (`fatalError` below) is a finding.
enum FuzzTargets: String, CaseIterable {
  /// `fav import`'s parsers: JSON, CSV and fortune files, told apart by content.
  case `import`
  /// `fav import --from clippings`: a Kindle's or KOReader's `My Clippings.txt`.
  case clippings
  /// `fav import --from readwise`: Readwise's CSV export.
  case readwise
  /// `fav import --from koreader`: KOReader's JSON export.
  case koreader
  /// `fav import --from koreader-text`: KOReader's text export.
  case koreaderText = "koreader-text"
  /// `fav import --from kobo`: a Kobo's `KoboReader.sqlite`, opened in memory by SQLite.
  case kobo
  /// DummyJSON's and ZenQuotes' replies: a quote, a page, ZenQuotes' list.
  case reply
  /// The shell's word splitter, and a property: words quoted back and split again are the same.
  case words

  /// Runs the target on one input.
  func run(_ data: Data) {
    switch self {
    case .import:
      guard let batch = try? ImportParser.parse(data, origin: "fuzz") else { return }
      Self.checkAdmitted(batch)
    case .clippings, .readwise, .koreader, .koreaderText, .kobo:
      let format = ImportFormat(rawValue: rawValue) ?? .clippings
      if let batch = try? ImportParser.parse(data, origin: "fuzz", as: format) {
        Self.checkAdmitted(batch)
        if batch.format != format { fatalError("--from \(format) read \(batch.format)") }
      }
      // Told by content, the same bytes give the same answer twice.
      let told = try? ImportParser.parse(data, origin: "fuzz")
      if let told {
        Self.checkAdmitted(told)
        if told != (try? ImportParser.parse(data, origin: "fuzz")) {
          fatalError("two reads of the same bytes differ")
        }
      }
    case .reply:
      for quote in [
        try? QuoteClient.quote(fromReply: data), try? ZenQuotesClient.quote(fromReply: data),
      ] + ((try? QuoteClient.page(fromReply: data, asked: 0))?.quotes ?? []) {
        if let quote, QuoteText.cleaned(quote.text) != quote.text {
          fatalError("a reply's quote was not cleaned: \(quote)")
        }
      }
    case .words:
      let line = String(decoding: data, as: UTF8.self)
      guard let words = try? ShellWords.split(line) else { return }
      // Quoted scalar by scalar: a quote mark with a combining mark after it is still a quote
      // mark to a shell (and replacingOccurrences, working on Characters, would miss it).
      let quoted = words.map { word in
        var text = String.UnicodeScalarView(["'"])
        for scalar in word.unicodeScalars {
          if scalar == "'" {
            text.append(contentsOf: "'\\''".unicodeScalars)
          } else {
            text.append(scalar)
          }
        }
        text.append("'")
        return String(text)
      }
      guard let again = try? ShellWords.split(quoted.joined(separator: " ")), again == words else {
        fatalError("words quoted back split differently: \(words)")
      }
    }
  }

  /// Whatever a file gives, every quote kept is one the library admits, with a clean note
  /// within its length, a work cleaned onto one line, and tags `fav tag` would take, in increasing positions that no rejected
  /// row shares.
  private static func checkAdmitted(_ batch: ImportParser.Batch) {
    var last = 0
    for imported in batch.quotes {
      let quote = imported.quote
      if QuoteText.problem(text: quote.text, author: quote.author) != nil
        || QuoteText.cleaned(quote.text) != quote.text
        || QuoteText.cleaned(quote.author) != quote.author
      {
        fatalError("import kept a quote the library refuses: \(quote)")
      }
      if QuoteText.cleaned(imported.note) != imported.note
        || imported.note.unicodeScalars.count > QuoteText.maxNoteLength
        || (!imported.note.isEmpty && UntrustedText.isBlank(imported.note))
      {
        fatalError("import kept a note the library refuses: \(imported.note.debugDescription)")
      }
      if QuoteText.enteringWork(imported.work) != imported.work
        || (!imported.work.isEmpty && UntrustedText.isBlank(imported.work))
      {
        fatalError("import kept a work the library refuses: \(imported.work.debugDescription)")
      }
      if Set(imported.tags).count != imported.tags.count
        || imported.tags.contains(where: { tag in
          tag.isEmpty || tag != tag.lowercased()
            || tag.unicodeScalars.count > FavoriteTag.maxLength
            || tag.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
        })
      {
        fatalError("import kept tags fav tag refuses: \(imported.tags)")
      }
      if imported.position <= last { fatalError("positions out of order: \(imported.position)") }
      last = imported.position
    }
    let rejected = Set(batch.rejected.map(\.position))
    if batch.quotes.contains(where: { rejected.contains($0.position) }) || batch.skipped < 0 {
      fatalError("a position both kept and rejected")
    }
  }

  /// The target named by `POWERQUOTES_FUZZ_TARGET` (import when unset).
  static let selected: FuzzTargets = {
    let name = ProcessInfo.processInfo.environment["POWERQUOTES_FUZZ_TARGET"] ?? "import"
    guard let target = FuzzTargets(rawValue: name) else {
      fatalError(
        "POWERQUOTES_FUZZ_TARGET must be one of "
          + allCases.map(\.rawValue).joined(separator: ", ") + ", not \(name)")
    }
    return target
  }()
}
