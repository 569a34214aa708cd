import ArgumentParser
import CStart
import Foundation
import PowerQuotesCore
import Testing

@testable import PowerQuotesCLI

@Suite("random built without ArgumentParser")
struct RandomDirectTests {
  /// The command ArgumentParser makes of `random` and `words`.
  private func parsed(_ words: [String]) throws -> Random {
    try #require(try PowerQuotesCommand.parse(words: ["random"] + words) as? Random)
  }

  @Test(
    "Built directly, a line is the command ArgumentParser makes of it, every property alike",
    arguments: [
      [],
      ["--offline"],
      ["--online", "--database", "/tmp/q.sqlite"],
      ["--offline", "--database", "/tmp/q.sqlite", "--format", "json", "--color", "never"],
      ["--source", "zenquotes", "--short"],
      ["--source", "offline", "--max-length", "80"],
      ["--id", "12", "--save", "--timeout", "0.5"],
      ["--favorites", "--author", "rumi", "--tag", "stoic", "--long"],
      ["--api-url", "http://127.0.0.1:8080", "--zenquotes-url", "https://zen.example"],
      ["--timeout", "300", "--color", "always", "--format", "text", "--online"],
      ["--database", "postgres://quotes@db.example:5432/quotes", "--offline"],
      ["--database", "postgres://"],
    ]
  )
  func sameAsArgumentParser(_ words: [String]) throws {
    let direct = try #require(Random.direct(words))
    // A struct's description shows every stored property, the option groups' included.
    #expect(String(describing: direct) == String(describing: try parsed(words)))
    #expect(
      try PowerQuotesCommand.parseDirectly(words: ["random"] + words) is Random)
  }

  /// Whether the line `random WORDS` starts loading libcurl before main, with
  /// `$POWERQUOTES_SOURCE` set to `source`.
  private func loadsEarly(_ words: [String], source: String?) -> Bool {
    loadsEarly(line: ["random"] + words, source: source)
  }

  /// Whether the command line `line` (without `powerquotes`) starts loading libcurl before main.
  private func loadsEarly(line: [String], source: String?) -> Bool {
    let copies = line.map { strdup($0) }
    defer {
      for copy in copies { free(copy) }
    }
    let words = copies.map { UnsafePointer<CChar>($0) }
    return pq_random_line_asks_server(Int32(line.count), words, source) == 1
  }

  private func asksServer(_ plan: RandomPlan) -> Bool {
    switch plan {
    case .quote, .service: true
    case .offline, .favorites: false
    }
  }

  @Test(
    "Read from the words alone before main, a line asks a server when its command's plan does",
    arguments: [
      [], ["--offline"], ["--online"], ["--source", "zenquotes"], ["--source", "offline"],
      ["--source", "dummyjson", "--online"], ["--source", "dummyjson", "--short"],
      ["--id", "12", "--save"], ["--id", "+7"],
      ["--online", "--database", "/tmp/q.sqlite", "--format", "json"],
      ["--source", "zenquotes", "--online", "--timeout", "0.5"],
      ["--max-length", "80", "--color", "never"],
      ["--long", "--api-url", "http://127.0.0.1:8080", "--zenquotes-url", "https://zen.example"],
    ],
    ["", "offline", "zenquotes", " DummyJSON ", "\tZENQUOTES", "   "]
  )
  func loadsEarlyWhenThePlanAsks(_ words: [String], source: String) throws {
    let environment = source.isEmpty ? [:] : ["POWERQUOTES_SOURCE": source]
    let command = try #require(Random.direct(words))
    #expect(
      loadsEarly(words, source: source.isEmpty ? nil : source)
        == asksServer(try command.plan(environment: environment)))
  }

  @Test("Every name random reads directly is read before main too")
  func loadsEarlyKnowsEveryName() {
    for flag in Random.directFlagNames {
      #expect(
        loadsEarly([flag], source: nil) == !["--offline", "--favorites"].contains(flag), "\(flag)")
    }
    for option in Random.directOptionNames {
      let value = ["--source": "dummyjson", "--id": "3"][option] ?? "x"
      #expect(loadsEarly([option, value], source: nil), "\(option)")
    }
  }

  @Test(
    "Nothing loads early for favorites, other commands, ArgumentParser's lines, bad sources",
    arguments: [
      (["random", "--favorites", "--tag", "stoic"], nil),
      (["random", "--favorites", "--id", "3"], nil),
      (["random", "-h"], nil),
      (["random", "--help"], nil),
      (["random", "--offline", "--offline"], nil),
      (["random", "--online", "--online"], nil),
      (["random", "--id", "twelve"], nil),
      (["random", "--id", "-3"], nil),
      (["random", "--id"], nil),
      (["random", "--tag", ""], nil),
      (["random", "--tag=stoic"], nil),
      (["random", "--", "--online"], nil),
      (["random", "extra"], nil),
      (["random", "--source", "nowhere"], nil),
      (["random", "--source", "ZenQuotes"], nil),
      (["random"], "nowhere"),
      (["random"], "offline"),
      (["random", "--id", "3", "--id", "4"], nil),
      (["today"], nil),
      (["fav", "list"], nil),
      (["shell"], nil),
      (["--version"], nil),
      ([], nil),
    ] as [([String], String?)]
  )
  func noEarlyLoad(_ line: [String], source: String?) {
    #expect(!loadsEarly(line: line, source: source))
  }

  @Test("A source named with a space outside ASCII loads libcurl when random asks, not before")
  func narrowerForUnicodeSources() throws {
    let source = "\u{00A0}zenquotes"
    let command = try #require(Random.direct([]))
    #expect(asksServer(try command.plan(environment: ["POWERQUOTES_SOURCE": source])))
    #expect(!loadsEarly([], source: source))
  }

  @Test(
    "Anything but plain long options, and what does not validate, is left to ArgumentParser",
    arguments: [
      ["--help"], ["-h"], ["help"], ["--version"], ["--generate-completion-script", "bash"],
      ["--offline", "--offline"], ["--database", "a", "--database", "b"],
      ["--database=/tmp/q.sqlite"], ["--database"], ["--database", ""], ["--", "--offline"],
      ["--timeout", "-1"], ["--id", "-3"], ["--max-length", "-5"], ["extra"],
      ["--source", "nowhere"], ["--id", "twelve"], ["--timeout", "soon"], ["--color", "pink"],
      ["--format", "xml"], ["--offline", "--online"], ["--offline", "--id", "3"],
      ["--short", "--long"], ["--max-length", "0"], ["--author", "rumi"],
      ["--favorites", "--offline"], ["--timeout", "301"], ["--api-url", "ftp://example.com"],
      ["--offlin"], ["-offline"],
    ]
  )
  func leftToArgumentParser(_ words: [String]) {
    #expect(Random.direct(words) == nil)
  }

  @Test("A line ArgumentParser refuses is refused with its message, as before")
  func errorsUnchanged() throws {
    for words in [
      ["--offline", "--online"], ["--source", "nowhere"], ["--id", "twelve"], ["--database", ""],
    ] {
      let viaMain = #expect(throws: (any Error).self) {
        try PowerQuotesCommand.parseDirectly(words: ["random"] + words)
      }
      let viaParser = #expect(throws: (any Error).self) {
        try PowerQuotesCommand.parse(words: ["random"] + words)
      }
      #expect(
        PowerQuotesCommand.message(for: try #require(viaMain))
          == PowerQuotesCommand.message(for: try #require(viaParser)))
    }
  }

  @Test("Every flag and option random's help lists is one the direct way knows")
  func knowsEveryOption() {
    let help = Random.helpMessage(includeHidden: true, columns: 200)
    let names = Set(
      help.split(whereSeparator: { !$0.isLetter && $0 != "-" })
        .map(String.init)
        .filter { $0.hasPrefix("--") && $0.count > 2 }
    )
    #expect(names.subtracting(["--help"]) == Set(Random.directFlagNames + Random.directOptionNames))
  }
}
