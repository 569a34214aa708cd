import Foundation
import PowerQuotesCore

/// What reads untrusted bytes, driven by a fuzzer (`Fuzz/run.sh`): each target must end
/// normally, with a value or an error, on any input; a trap, a crash or a broken property
/// (`fatalError` below) is a finding.
enum FuzzTargets: String, CaseIterable {
  /// `fav import`'s parsers: JSON, CSV and fortune files, told apart by content.
  case `import`
  /// DummyJSON's and ZenQuotes' replies: a quote, a page, ZenQuotes' list.
  case reply
  /// The shell's word splitter, and a property: words quoted back and split again are the same.
  case words

  /// Runs the target on one input.
  func run(_ data: Data) {
    switch self {
    case .import:
      guard let batch = try? ImportParser.parse(data, origin: "fuzz") else { return }
      // Whatever a file gives, every quote kept is one the library admits.
      for imported in batch.quotes {
        if QuoteText.problem(text: imported.quote.text, author: imported.quote.author) != nil
          || QuoteText.cleaned(imported.quote.text) != imported.quote.text
        {
          fatalError("import kept a quote the library refuses: \(imported.quote)")
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

  /// The target named by `POWERQUOTES_FUZZ_TARGET` (import when unset).
  static let selected: FuzzTargets = {
    let name = ProcessInfo.processInfo.environment["POWERQUOTES_FUZZ_TARGET"] ?? "import"
    guard let target = FuzzTargets(rawValue: name) else {
      fatalError("POWERQUOTES_FUZZ_TARGET must be import, reply or words, not \(name)")
    }
    return target
  }()
}
