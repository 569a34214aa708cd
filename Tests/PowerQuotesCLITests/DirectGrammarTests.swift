import ArgumentParser
import Foundation
import Testing

@testable import PowerQuotesCLI

/// The grammar of the commands built directly is made from their declarations
/// (`@DirectlyParsed`): held here to ArgumentParser's own description of the same commands, so
/// an option added to a declaration is read directly with no other edit.
@Suite("The direct way's grammar, from the declarations")
struct DirectGrammarTests {
  /// Every command `DirectLine` builds directly, with its words.
  static let commands: [(path: [String], type: any DirectCommand.Type)] = [
    (["random"], Random.self),
    (["fav", "list"], Favorites.List.self),
    (["fav", "search"], Favorites.Search.self),
    (["fav", "find"], Favorites.Find.self),
    (["fav", "stats"], Favorites.Stats.self),
    (["fav", "export"], Favorites.Export.self),
  ]

  /// ArgumentParser's `--experimental-dump-help` of `powerquotes`.
  private static func dump() throws -> CommandTree.ToolInfo.Command {
    var message = ""
    do {
      _ = try PowerQuotesCommand.parseAsRoot(["--experimental-dump-help"])
    } catch {
      message = PowerQuotesCommand.fullMessage(for: error)
    }
    return try JSONDecoder().decode(CommandTree.ToolInfo.self, from: Data(message.utf8)).command
  }

  @Test("Each command's direct names are ArgumentParser's names, flags and options apart")
  func namesAreArgumentParsers() throws {
    let root = try Self.dump()
    for (path, type) in Self.commands {
      var info = root
      for word in path {
        info = try #require(info.subcommands?.first { $0.commandName == word }, "\(path)")
      }
      let arguments = info.arguments ?? []
      func names(_ kind: String) -> Set<String> {
        var names: Set<String> = []
        for argument in arguments where argument.kind == kind {
          for name in argument.names ?? [] where name.kind == "long" {
            names.insert("--" + name.name)
          }
        }
        // ArgumentParser's own, which it answers itself.
        return names.subtracting(["--help", "--version"])
      }
      #expect(Set(type.directFlagNames) == names("flag"), "\(path)")
      #expect(Set(type.directOptionNames) == names("option"), "\(path)")
      #expect(
        type.takesArguments == arguments.contains { $0.kind == "positional" }, "\(path)")
      #expect(type.directFlagNames.count == Set(type.directFlagNames).count, "\(path)")
      #expect(type.directOptionNames.count == Set(type.directOptionNames).count, "\(path)")
    }
  }

  @Test("Every direct command is one DirectLine builds, and only those")
  func directLineBuildsThem() {
    for (path, type) in Self.commands {
      let line = DirectLine(words: path + (type.takesArguments ? ["rumi"] : []))
      let built = line.map { ObjectIdentifier(Swift.type(of: $0.command)) }
      #expect(built == ObjectIdentifier(type), "\(path)")
    }
    #expect(DirectLine(words: ["fav", "add"]) == nil)
  }

  /// Where the generated C header is, in the source tree.
  private static let headerPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CStart/random_names.h")

  @Test(
    "Sources/CStart/random_names.h is made from random's names; POWERQUOTES_REGENERATE=1 swift test --filter DirectGrammarTests writes it"
  )
  func cHeaderIsCurrent() throws {
    let expected = RandomNamesHeader.text
    if ProcessInfo.processInfo.environment["POWERQUOTES_REGENERATE"] == "1" {
      try expected.write(to: Self.headerPath, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: Self.headerPath, encoding: .utf8)
    #expect(
      committed == expected,
      "Stale: run `POWERQUOTES_REGENERATE=1 swift test --filter DirectGrammarTests` and commit it.")
  }
}

/// The C start-up code's copy of random's names (`Random.directFlagNames` and
/// `directOptionNames`), each with an index constant, for `pq_start.c`.
enum RandomNamesHeader {
  static var text: String {
    """
    // Generated from random's declarations (Random.directFlagNames and directOptionNames, which
    // @DirectlyParsed makes from them) by Tests/PowerQuotesCLITests/DirectGrammarTests.swift.
    // Do not edit: `POWERQUOTES_REGENERATE=1 swift test --filter DirectGrammarTests` writes it
    // again, and that test fails while it is stale.
    #ifndef POWERQUOTES_RANDOM_NAMES_H
    #define POWERQUOTES_RANDOM_NAMES_H

    \(list("flag", Random.directFlagNames))
    \(list("option", Random.directOptionNames))
    #endif

    """
  }

  /// The array `pq_random_KIND_names` of `names` and an enumeration of their indices.
  private static func list(_ kind: String, _ names: [String]) -> String {
    let constants = names.map {
      "pq_random_\(kind)_" + $0.dropFirst(2).replacingOccurrences(of: "-", with: "_")
    }
    return """
      static const char *const pq_random_\(kind)_names[] = {
      \(names.map { "    \"\($0)\",\n" }.joined())};
      enum {
      \(constants.map { "    \($0),\n" }.joined())    pq_random_\(kind)_count
      };

      """
  }
}
