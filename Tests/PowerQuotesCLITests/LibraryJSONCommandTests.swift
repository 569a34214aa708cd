import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("fav tag, untag, edit, restore and undo with --format json, in process")
struct LibraryJSONCommandTests: CLITestSuite {
  let fixture: CLIFixture
  let folder: TemporaryFolder

  init() throws {
    fixture = try CLIFixture()
    folder = try TemporaryFolder()
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
    }
  }

  func env(variables: [String: String] = [:]) -> AppEnvironment {
    var env = AppEnvironment.test(database: database, console: console, terminal: .plain)
    // The editor's form is made in the data folder: a temporary one.
    env.environment = ["XDG_DATA_HOME": folder.path].merging(variables) { $1 }
    return env
  }

  /// What the command printed on stdout, decoded; stderr must be empty.
  func report<Report: Decodable>(_ type: Report.Type) throws -> Report {
    #expect(console.err.isEmpty)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(console.out.utf8))
  }

  /// An editor: a shell script that runs `body` with the form's path in $1.
  func editor(_ body: String) throws -> [String: String] {
    let path = folder.file("editor-\(UUID().uuidString).sh")
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    return ["EDITOR": path]
  }

  @Test("fav tag and fav untag report the favorite and the tags that changed")
  func tagging() async throws {
    try await execute(["fav", "tag", "3", "Journey", "wisdom", "--format", "json"], env())
    let tagged = try report(TagReport.self)
    #expect(tagged.favorite.id == 3)
    #expect(tagged.favorite.quote == Samples.lao)
    #expect(tagged.favorite.tags == ["journey", "wisdom"])
    #expect(tagged.added == ["journey", "wisdom"])
    #expect(tagged.removed == nil)

    console.clear()
    try await execute(["fav", "tag", "3", "wisdom", "--format", "json"], env())
    #expect(try report(TagReport.self).added == [])

    console.clear()
    try await execute(["fav", "untag", "--format", "json", "3", "journey", "absent"], env())
    let untagged = try report(TagReport.self)
    #expect(untagged.favorite.tags == ["wisdom"])
    #expect(untagged.removed == ["journey"])
    #expect(untagged.added == nil)
  }

  @Test("fav edit reports edited or unchanged, with the favorite as it now reads")
  func edit() async throws {
    try await execute(
      ["fav", "edit", "3", "--author", "Laozi", "--note", "Chapter 64", "--format", "json"], env())
    let edited = try report(EditReport.self)
    #expect(edited.status == "edited")
    #expect(edited.favorite.id == 3)
    #expect(edited.favorite.quote.author == "Laozi")
    #expect(edited.favorite.quote.text == Samples.lao.text)
    #expect(edited.favorite.note == "Chapter 64")

    console.clear()
    try await execute(["fav", "edit", "3", "--author", "Laozi", "--format", "json"], env())
    let unchanged = try report(EditReport.self)
    #expect(unchanged.status == "unchanged")
    #expect(unchanged.favorite.quote.author == "Laozi")
    #expect(unchanged.favorite.note == "Chapter 64")
  }

  @Test("An emptied form: status unchanged on stdout, the note on stderr, nothing changed")
  func editEmptiedForm() async throws {
    let changes = try database.libraryChanges()
    try await execute(
      ["fav", "edit", "2", "--format", "json"], env(variables: try editor(": > \"$1\"")))
    #expect(console.err == "The form of favorite 2 was emptied; nothing changed.\n")
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let unchanged = try decoder.decode(EditReport.self, from: Data(console.out.utf8))
    #expect(unchanged.status == "unchanged")
    #expect(unchanged.favorite.id == 2)
    #expect(unchanged.favorite.quote == Samples.umar)
    #expect(try database.libraryChanges() == changes)
  }

  @Test("fav edit refused as a duplicate prints no JSON and exits 3")
  func editDuplicate() async throws {
    await #expect(throws: ExitCodes.alreadyFavorite) {
      try await execute(
        [
          "fav", "edit", "3", "--quote", Samples.rumi.text, "--author", Samples.rumi.author,
          "--format", "json",
        ], env())
    }
    #expect(console.out.isEmpty)
    #expect(try database.favorite(id: 3)?.quote == Samples.lao)
  }

  @Test("fav restore reports the favorites it brought back")
  func restore() async throws {
    try await execute(["fav", "tag", "3", "journey"], env())
    try await execute(["fav", "rm", "1", "3", "--yes"], env())
    console.clear()
    try await execute(["fav", "restore", "3", "1", "--format", "json"], env())
    let restored = try report(RestoreReport.self).restored
    #expect(Set(restored.map(\.id)) == [1, 3])
    #expect(restored.first { $0.id == 3 }?.tags == ["journey"])
    #expect(restored.first { $0.id == 1 }?.quote == Samples.rumi)
    #expect(try database.trashedFavorites().isEmpty)
  }

  @Test("fav undo reports the change it took back; with nothing to undo, the sentence and exit 1")
  func undo() async throws {
    try await execute(["fav", "rm", "1", "2", "--yes"], env())
    console.clear()
    try await execute(["fav", "undo", "--format", "json"], env())
    let undid = try report(UndoReport.self).undid
    #expect(undid.kind == .remove)
    #expect(undid.summary == "removing 2 favorites (1, 2)")
    #expect(undid.madeAt == testDate)
    let raw = try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any]
    #expect((raw?["undid"] as? [String: Any])?["kind"] as? String == "remove")

    for _ in 1...3 { try await execute(["fav", "undo"], env()) }
    console.clear()
    let error = await #expect(throws: LibraryError.nothingToUndo) {
      try await execute(["fav", "undo", "--format", "json"], env())
    }
    #expect(exitCode(try #require(error)) == 1)
    #expect(
      UserFacingError.message(for: try #require(error))
        == "Nothing to undo: no change to your favorites is recorded.")
    #expect(console.out.isEmpty)
  }

  @Test("Text output stays as it was without --format")
  func textUnchanged() async throws {
    try await execute(["fav", "tag", "1", "ocean"], env())
    try await execute(["fav", "rm", "1", "--yes"], env())
    try await execute(["fav", "restore", "1"], env())
    try await execute(["fav", "undo"], env())
    #expect(
      console.out
        == "Tagged favorite 1 with #ocean. Its tags: #ocean\nRemoved favorite 1.\n"
        + "Restored favorite 1.\nUndid: restoring favorite 1.\n")
  }

  @Test("The five commands show a --format json example or flag in their help")
  func help() {
    for command in [
      Favorites.PutTags.self, Favorites.TakeTags.self, Favorites.Edit.self,
      Favorites.Restore.self, Favorites.Undo.self,
    ] as [any ParsableCommand.Type] {
      #expect(command.helpMessage().contains("--format <format>"))
    }
    #expect(Favorites.Undo.helpMessage().contains("$ powerquotes fav undo --format json"))
    #expect(Favorites.Edit.helpMessage().contains("--format json"))
  }
}

/// `fav tag` / `fav untag` JSON: one of `added` and `removed`.
private struct TagReport: Decodable {
  var favorite: Favorite
  var added: [String]?
  var removed: [String]?
}

/// `fav edit` JSON.
private struct EditReport: Decodable {
  var status: String
  var favorite: Favorite
}

/// `fav restore` JSON.
private struct RestoreReport: Decodable {
  var restored: [Favorite]
}

/// `fav undo` JSON.
private struct UndoReport: Decodable {
  var undid: Change

  struct Change: Decodable {
    var id: Int64
    var kind: LibraryChange.Kind
    var summary: String
    var madeAt: Date
  }
}
