import ArgumentParser
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

  @Test(
    "Read from the words alone, a line's plan is the one its command makes",
    arguments: [
      [], ["--offline"], ["--online"], ["--source", "zenquotes"], ["--source", "offline"],
      ["--source", "dummyjson", "--online"], ["--source", "dummyjson", "--short"],
      ["--id", "12", "--save"], ["--online", "--database", "/tmp/q.sqlite", "--format", "json"],
      ["--source", "zenquotes", "--online", "--timeout", "0.5"],
    ],
    ["", "offline", "zenquotes", " DummyJSON "]
  )
  func earlyPlanIsThePlan(_ words: [String], source: String) throws {
    let environment = source.isEmpty ? [:] : ["POWERQUOTES_SOURCE": source]
    let command = try #require(Random.direct(words))
    #expect(
      Random.earlyPlan(commandLine: ["random"] + words, environment: environment)
        == (try command.plan(environment: environment)))
  }

  @Test(
    "No early plan for favorites, other commands, ArgumentParser's lines, bad sources",
    arguments: [
      (["random", "--favorites", "--tag", "stoic"], [:]),
      (["random", "-h"], [:]),
      (["random", "--offline", "--offline"], [:]),
      (["random", "--id", "twelve"], [:]),
      (["random", "--source", "nowhere"], [:]),
      (["random"], ["POWERQUOTES_SOURCE": "nowhere"]),
      (["today"], [:]),
      (["fav", "list"], [:]),
      ([], [:]),
    ] as [([String], [String: String])]
  )
  func noEarlyPlan(_ arguments: [String], environment: [String: String]) {
    #expect(Random.earlyPlan(commandLine: arguments, environment: environment) == nil)
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
    let help = Random.helpMessage(columns: 200)
    let names = Set(
      help.split(whereSeparator: { !$0.isLetter && $0 != "-" })
        .map(String.init)
        .filter { $0.hasPrefix("--") && $0.count > 2 }
    )
    #expect(names.subtracting(["--help"]) == Set(Random.directFlagNames + Random.directOptionNames))
  }
}
