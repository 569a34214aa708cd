import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("fav edit, trash, restore and undo in process")
struct EditTrashUndoCommandTests: CLITestSuite {
  let fixture: CLIFixture
  let folder: TemporaryFolder

  init() throws {
    fixture = try CLIFixture()
    folder = try TemporaryFolder()
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
    }
  }

  /// A new store of `factory`'s kind holding the samples, for the tests of what the store does.
  func samples(_ factory: StoreFactory) async throws -> any QuoteStore {
    let database = try await factory.makeOffPool()
    for quote in [Samples.rumi, Samples.umar, Samples.lao] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    return database
  }

  /// The environment of a command on `store`, else on the fixture's database.
  func env(
    _ store: (any QuoteStore)? = nil,
    input: [String] = [],
    terminal: TerminalInfo = .plain,
    variables: [String: String] = [:]
  ) -> AppEnvironment {
    var env = AppEnvironment.test(
      database: store ?? database, console: console, input: ScriptedInput(input).source,
      terminal: terminal)
    // The editor's form is made in the data folder: a temporary one.
    env.environment = ["XDG_DATA_HOME": folder.path].merging(variables) { $1 }
    return env
  }

  /// A terminal on both ends, for the questions.
  let terminal = TerminalInfo(
    width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: false)

  /// An editor: a shell script that runs `body` with the form's path in $1.
  func editor(_ body: String) throws -> [String: String] {
    let path = folder.file("editor-\(UUID().uuidString).sh")
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    return ["EDITOR": path]
  }

  /// The error `arguments` end with, and its exit code.
  func failure(_ arguments: [String], _ env: AppEnvironment) async -> (String, Int32) {
    do {
      try await execute(arguments, env)
      return ("", 0)
    } catch {
      return (UserFacingError.message(for: error) ?? "\(error)", exitCode(error))
    }
  }

  @Test(
    "fav edit with flags changes only what they give, under the same id",
    arguments: StoreFactory.all)
  func editFlags(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(
      ["fav", "edit", "3", "--author", "Laozi", "--note", "Chapter 64"], env(database))
    #expect(console.out == "Favorite 3 edited.\n")
    let favorite = try #require(try database.favorite(id: 3))
    #expect(favorite.quote.text == Samples.lao.text)
    #expect(favorite.quote.author == "Laozi")
    #expect(try database.favorite(id: 3)?.note == "Chapter 64")
    #expect(try database.favorites(authorContaining: "laozi").map(\.id) == [3])

    console.clear()
    try await execute(["fav", "edit", "3", "--author", "  Laozi "], env(database))
    #expect(console.err == "Nothing changed in favorite 3.\n")
  }

  @Test(
    "fav edit cleans text as fav add does, and refuses what fav add refuses (exit 64)",
    arguments: StoreFactory.all)
  func editAdmission(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(
      ["fav", "edit", "1", "--quote", "Go \u{1B}[31mfind\u{7} yourself."], env(database))
    #expect(try database.favorite(id: 1)?.quote.text == "Go find yourself.")
    for arguments in [
      ["fav", "edit", "1", "--quote", "  "], ["fav", "edit", "1", "--author", "\u{1B}"],
      ["fav", "edit", "1", "--quote", String(repeating: "a", count: 4001)],
      ["fav", "edit", "1", "--note", String(repeating: "n", count: 4001)],
    ] {
      let (message, code) = await failure(arguments, env(database))
      #expect(code == 64, "\(arguments.prefix(4))")
      #expect(!message.isEmpty)
    }
    #expect(try database.favorite(id: 1)?.quote.text == "Go find yourself.")
  }

  @Test("A usage error fav edit finds as it runs is printed with fav edit's usage, not the root's")
  func runTimeUsageError() async throws {
    /// What main prints for `arguments`, and the status it exits with.
    func printed(_ arguments: [String], _ env: AppEnvironment) async -> CommandMessage? {
      do {
        try await execute(arguments, env)
        return nil
      } catch {
        return CommandMessage(error, words: arguments)
      }
    }
    // Found by validate(): what ArgumentParser shows, and what the others must look like.
    let flag = try #require(await printed(["fav", "edit", "1", "--author", ""], env()))
    let usage = flag.text.drop { $0 != "\n" }
    #expect(usage.hasPrefix("\nUsage: powerquotes fav edit <id> "))
    #expect(usage.hasSuffix("\n  See 'powerquotes fav edit --help' for more information."))

    let note = String(repeating: "n", count: 4001)
    let arguments = ["fav", "edit", "1", "--note", note]
    let message = try #require(await printed(arguments, env()))
    #expect(message.status == 64)
    #expect(message.text.hasPrefix("Error: The "))
    #expect(message.text.drop { $0 != "\n" } == usage, "\(arguments.prefix(3))")
    #expect(!message.text.contains("<subcommand>"))
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
  }

  /// The forms kept in the data folder, by name, with what each holds.
  func keptForms() throws -> [String: String] {
    let kept = folder.file("powerquotes")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: kept)) ?? []
    return try Dictionary(
      uniqueKeysWithValues: names.map {
        ($0, String(decoding: try Data(contentsOf: URL(filePath: kept + "/" + $0)), as: UTF8.self))
      })
  }

  @Test(
    "A form whose text is refused is one sentence without usage (exit 64), and is kept",
    arguments: [
      ("[quote]\nKnow thyself.\n[author]\n\n[note]\n", "no author under [author]"),
      ("[quote]\n\n[author]\nPlato\n[note]\n", "no words under [quote]"),
      (
        "[quote]\nKnow thyself.\n[author]\nPlato\n[note]\n" + String(repeating: "n", count: 4001),
        "a note longer than 4000 characters"
      ),
    ])
  func formRefused(form: String, phrase: String) async throws {
    let script = try editor("printf '%s' '\(form)' > \"$1\"")
    let (message, code) = await failure(["fav", "edit", "1"], env(variables: script))
    let kept = try keptForms()
    let name = try #require(kept.keys.first)
    #expect(kept.count == 1)
    #expect(name.hasPrefix("favorite-1-") && name.hasSuffix(".txt"))
    #expect(kept[name] == form)
    #expect(
      message
        == "The edited form of favorite 1 has \(phrase), which powerquotes cannot keep, so "
        + "nothing changed; what you typed is kept in \(folder.file("powerquotes/" + name)).")
    #expect(code == 64)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
  }

  @Test(
    "An edit that makes a favorite equal to another is refused with exit 3",
    arguments: StoreFactory.all)
  func editDuplicate(store: StoreFactory) async throws {
    let database = try await samples(store)
    let (_, code) = await failure(
      ["fav", "edit", "3", "--quote", Samples.rumi.text.uppercased(), "--author", "rumi"],
      env(database))
    #expect(code == 3)
    #expect(console.err == "Already a Favorite: This quote is already in your favorites.\n")
    #expect(try database.favorite(id: 3)?.quote == Samples.lao)
  }

  @Test("fav edit of an unknown id says so", arguments: StoreFactory.all)
  func editUnknown(store: StoreFactory) async throws {
    let database = try await samples(store)
    let (message, code) = await failure(["fav", "edit", "9", "--note", "x"], env(database))
    #expect(message == "No favorite with id 9. Run 'powerquotes fav list' to see ids.")
    #expect(code == 1)
  }

  @Test("With no flag fav edit opens $EDITOR on the form and saves what it wrote")
  func editInEditor() async throws {
    let variables = try editor(
      """
      sed -i -e 's/^Lao Tzu$/Laozi/' -e 's/^\\[note\\]$/[note]\\nWritten in the editor./' "$1"
      """)
    try await execute(["fav", "edit", "3"], env(variables: variables))
    #expect(console.out == "Favorite 3 edited.\n")
    #expect(try database.favorite(id: 3)?.quote.author == "Laozi")
    #expect(try database.favorite(id: 3)?.note == "Written in the editor.")
    // The form, used, is not left behind.
    #expect(try keptForms().isEmpty)
  }

  @Test("$VISUAL comes before $EDITOR; arguments in it are kept")
  func visualFirst() async throws {
    var variables = try editor("sed -i \"s/^Rumi\\$/$1/\" \"$2\"")
    variables["VISUAL"] = (variables["EDITOR"] ?? "") + " Jalal-ud-Din"
    variables["EDITOR"] = "false"
    try await execute(["fav", "edit", "1"], env(variables: variables))
    #expect(try database.favorite(id: 1)?.quote.author == "Jalal-ud-Din")
  }

  @Test(
    "An unchanged or emptied form changes nothing",
    arguments: [
      ("true", "Nothing changed in favorite 2.\n"),
      (": > \"$1\"", "The form of favorite 2 was emptied; nothing changed.\n"),
      ("sed -i '/^[^#]/d' \"$1\"", "The form of favorite 2 was emptied; nothing changed.\n"),
      ("sed -i '/^[^#[]/d' \"$1\"", "The form of favorite 2 was emptied; nothing changed.\n"),
    ])
  func editorNoChange(script: String, note: String) async throws {
    let changes = try database.libraryChanges()
    try await execute(["fav", "edit", "2"], env(variables: try editor(script)))
    #expect(console.err == note)
    #expect(console.out.isEmpty)
    #expect(try database.favorite(id: 2)?.quote == Samples.umar)
    #expect(try database.libraryChanges() == changes)
    #expect(try keptForms().isEmpty)
  }

  @Test(
    "A failing or missing editor is one sentence, and nothing changes",
    arguments: [
      ("exit 3", "exited with status 3; nothing changed."),
      ("sed -i 's/Rumi/Someone/' \"$1\"; exit 1", "exited with status 1; nothing changed."),
    ])
  func editorFails(script: String, ending: String) async throws {
    let (message, code) = await failure(["fav", "edit", "1"], env(variables: try editor(script)))
    #expect(message.hasPrefix("The editor '"))
    #expect(message.hasSuffix(ending))
    #expect(code == 1)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
    // What a failed editor saved is not what the user meant to keep.
    #expect(try keptForms().isEmpty)
  }

  @Test(
    "An editor that leaves no form to read says what it did, and nothing changes",
    arguments: [
      (
        "rm \"$1\"",
        "exited without the form FORM (it was deleted or moved), so there was nothing to read; nothing changed."
      ),
      (
        "rm \"$1\"; mkdir \"$1\"",
        "left a folder where the form FORM was, so there was nothing to read; nothing changed, and the folder was left there."
      ),
      (
        "rm \"$1\"; mkfifo \"$1\"",
        "left something that is not a file where the form FORM was, so there was nothing to read; nothing changed."
      ),
    ])
  func editorLeftNoForm(script: String, ending: String) async throws {
    let variables = try editor("echo \"$1\" > \"$0.path\"; " + script)
    let (message, code) = await failure(["fav", "edit", "1"], env(variables: variables))
    let form = try String(
      contentsOfFile: (variables["EDITOR"] ?? "") + ".path", encoding: .utf8
    ).trimmingCharacters(in: .newlines)
    #expect(
      message == "The editor '\(variables["EDITOR"] ?? "")' "
        + ending.replacingOccurrences(of: "FORM", with: form))
    #expect(code == 1)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
  }

  @Test(
    "A form with text above its sections, or not UTF-8, is not saved, and is kept (exit 1)",
    arguments: [
      (
        "sed -i '1i Typed above.' \"$1\"",
        "The edited form of favorite 1 has text above its [quote] line, in no section, so it "
          + "cannot be read; nothing changed, and what you typed is kept in FORM."
      ),
      (
        "sed -i 's/^Rumi$/R\\xfcmi/' \"$1\"",
        "The edited form FORM is not UTF-8 text (have the editor save UTF-8), so it was not "
          + "used; nothing changed, and the file was kept."
      ),
    ])
  func editorFormUnusable(script: String, sentence: String) async throws {
    let (message, code) = await failure(["fav", "edit", "1"], env(variables: try editor(script)))
    let kept = try keptForms()
    let name = try #require(kept.keys.first)
    #expect(
      message
        == sentence.replacingOccurrences(of: "FORM", with: folder.file("powerquotes/" + name)))
    #expect(code == 1)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
  }

  @Test("A form grown past the limit is not read, and is kept (exit 1)")
  func editorFormTooLarge() async throws {
    // 200 KiB more: past what the longest quote, author and note take.
    let script = "head -c 204800 /dev/zero | tr '\\0' n >> \"$1\""
    let (message, code) = await failure(["fav", "edit", "1"], env(variables: try editor(script)))
    let kept = try keptForms()
    let name = try #require(kept.keys.first)
    #expect(kept[name]?.utf8.count ?? 0 > 204800)
    #expect(
      message
        == "The edited form \(folder.file("powerquotes/" + name)) holds more than the "
        + "\(FavoriteEditForm.maxBytes / 1024) KiB a form can (a quote, author and note at their "
        + "longest), so it was not read; nothing changed, and the file was kept.")
    #expect(code == 1)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
  }

  @Test("Lines starting with # or reading as a section survive an editor adding a note")
  func editorKeepsHashLines() async throws {
    for text in ["The rules:\n#1 be kind\n#2 be brave", "#1 rule: be kind", "Go\n[note]\nhome"] {
      let database = try await samples(.sqlite)
      _ = try database.addFavorite(Quote(text: text, author: "Anon", source: .manual), at: testDate)
      let variables = try editor("echo 'A note.' >> \"$1\"")
      try await execute(["fav", "edit", "4"], env(database, variables: variables))
      #expect(try database.favorite(id: 4)?.quote.text == text)
      #expect(try database.favorite(id: 4)?.quote.author == "Anon")
      #expect(try database.favorite(id: 4)?.note == "A note.")
    }
    #expect(try keptForms().isEmpty)
  }

  @Test("An editor that is not installed is named")
  func editorMissing() async throws {
    let (message, code) = await failure(
      ["fav", "edit", "1"], env(variables: ["VISUAL": "no-such-editor-here"]))
    #expect(
      message
        == "The editor 'no-such-editor-here' was not found; set VISUAL or EDITOR to an installed "
        + "editor. Nothing changed.")
    #expect(code == 1)
  }

  @Test("A form missing a section changes nothing (exit 1), and is kept")
  func editorBrokeForm() async throws {
    let (message, code) = await failure(
      ["fav", "edit", "1"], env(variables: try editor("sed -i '/^\\[author\\]$/d' \"$1\"")))
    let kept = try keptForms()
    let name = try #require(kept.keys.first)
    #expect(
      kept[name]?.contains("[quote]\n\(Samples.rumi.text)\n\nRumi\n\n[work]\n\n\n[note]\n") == true)
    #expect(
      message
        == "The edited form of favorite 1 has no [author] line, so it cannot be read; nothing "
        + "changed, and what you typed is kept in \(folder.file("powerquotes/" + name)).")
    #expect(code == 1)
    #expect(try database.favorite(id: 1)?.quote == Samples.rumi)
  }

  @Test(
    "fav rm moves to the trash; fav trash lists it; fav restore brings it back",
    arguments: StoreFactory.all)
  func trashAndRestore(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(["fav", "rm", "1", "3", "--yes"], env(database))
    #expect(console.out == "Removed 2 favorites: 1, 3.\n")
    console.clear()
    try await execute(["fav", "trash"], env(database))
    #expect(console.out.contains(" 1  Rumi"))
    #expect(console.out.contains(" 3  Lao Tzu"))
    console.clear()
    try await execute(["fav", "trash", "--format", "json"], env(database))
    let listed = try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [[String: Any]]
    #expect(listed?.map { $0["id"] as? Int } == [1, 3])
    #expect(listed?.first?["trashedAt"] as? String == "2027-01-15T08:00:00Z")
    console.clear()
    try await execute(["fav", "restore", "3"], env(database))
    #expect(console.out == "Restored favorite 3.\n")
    #expect(try database.favorites().map(\.id) == [2, 3])
  }

  @Test(
    "fav restore of an id not in the trash, or of a quote saved again, changes nothing",
    arguments: StoreFactory.all)
  func restoreRefused(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(["fav", "rm", "1", "--yes"], env(database))
    var (message, code) = await failure(["fav", "restore", "1", "2"], env(database))
    #expect(
      message == "No favorite with id 2 in the trash. Run 'powerquotes fav trash' to see its ids.")
    #expect(code == 1)
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    console.clear()
    (_, code) = await failure(["fav", "restore", "1"], env(database))
    #expect(code == 3)
    #expect(
      console.err
        == "Already a Favorite: This quote is already in your favorites.\n"
        + "Favorite 1 stays in the trash; nothing was restored.\n")
    #expect(try database.trashedFavorites().map(\.favorite.id) == [1])
    (_, code) = await failure(["fav", "restore"], env(database))
    #expect(code == 64)
  }

  @Test(
    "fav undo says what it undid, walks back, then says there is nothing to undo",
    arguments: StoreFactory.all)
  func undo(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(["fav", "rm", "1", "2", "--yes"], env(database))
    try await execute(["fav", "edit", "3", "--note", "n"], env(database))
    console.clear()
    try await execute(["fav", "undo"], env(database))
    try await execute(["fav", "undo"], env(database))
    #expect(
      console.out == "Undid: editing favorite 3.\nUndid: removing 2 favorites (1, 2).\n")
    #expect(try database.favorites().map(\.id) == [1, 2, 3])
    #expect(try database.trashedFavorites().isEmpty)
    for _ in 1...3 { try await execute(["fav", "undo"], env(database)) }
    let (message, code) = await failure(["fav", "undo"], env(database))
    #expect(message == "Nothing to undo: no change to your favorites is recorded.")
    #expect(code == 1)
    #expect(try database.favoriteCount() == 0)
  }

  @Test(
    "fav undo takes back fav tag and fav untag, and says which tags", arguments: StoreFactory.all)
  func undoTags(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(["fav", "tag", "3", "Journey", "wisdom"], env(database))
    try await execute(["fav", "untag", "3", "journey"], env(database))
    // Tags it has already, and tags it has not: no change, so nothing for undo to take back.
    try await execute(["fav", "tag", "3", "wisdom"], env(database))
    try await execute(["fav", "untag", "3", "absent"], env(database))
    #expect(try database.favorite(id: 3)?.tags == ["wisdom"])
    console.clear()
    try await execute(["fav", "undo"], env(database))
    #expect(console.out == "Undid: taking #journey off favorite 3.\n")
    #expect(try database.favorite(id: 3)?.tags == ["journey", "wisdom"])
    console.clear()
    try await execute(["fav", "find", "journey", "--tag", "journey"], env(database))
    #expect(console.out.contains(" 3  Lao Tzu"))
    console.clear()
    try await execute(["fav", "undo"], env(database))
    #expect(console.out == "Undid: tagging favorite 3 with #journey #wisdom.\n")
    #expect(try database.favorite(id: 3)?.tags == [])
    console.clear()
    try await execute(["fav", "tags"], env(database))
    #expect(console.out.isEmpty)
    console.clear()
    try await execute(["fav", "undo"], env(database))
    #expect(console.out == "Undid: adding favorite 3.\n")
  }

  @Test(
    "fav edit --note: fav show shows the note, fav find finds it, undo takes it back",
    arguments: StoreFactory.all)
  func editedNoteIsFound(store: StoreFactory) async throws {
    let database = try await samples(store)
    console.clear()
    try await execute(["fav", "find", "wedding"], env(database))
    #expect(console.out.isEmpty)
    try await execute(["fav", "edit", "1", "--note", "Read at Anna's wedding"], env(database))
    console.clear()
    try await execute(["fav", "show", "1"], env(database))
    #expect(console.out.contains("Note: Read at Anna's wedding\n"))
    console.clear()
    try await execute(["fav", "find", "wedding"], env(database))
    #expect(console.out.contains(" 1  Rumi"))
    #expect(!console.out.contains("Lao Tzu"))
    // The editor's form shows the note the favorite has now.
    #expect(
      try env(database).libraryController().form(id: 1).form.rendered(id: 1).contains(
        "[note]\nRead at Anna's wedding\n"))
    try await execute(["fav", "undo"], env(database))
    console.clear()
    try await execute(["fav", "find", "wedding"], env(database))
    #expect(console.out.isEmpty)
    #expect(try database.favorite(id: 1)?.note == "")
  }

  @Test(
    "fav rm and fav restore keep the note and tags; fav trash shows them once in JSON",
    arguments: StoreFactory.all)
  func trashKeepsNoteAndTags(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(["fav", "tag", "3", "journey", "steps"], env(database))
    try await execute(["fav", "edit", "3", "--note", "Chapter 64"], env(database))
    try await execute(["fav", "rm", "3", "--yes"], env(database))
    console.clear()
    try await execute(["fav", "find", "chapter"], env(database))
    #expect(console.out.isEmpty)
    console.clear()
    try await execute(["fav", "trash", "--format", "json"], env(database))
    let json = console.out
    #expect(json.components(separatedBy: "\"note\"").count == 2)
    #expect(json.components(separatedBy: "\"tags\"").count == 2)
    let listed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(listed?.first?["note"] as? String == "Chapter 64")
    #expect(listed?.first?["tags"] as? [String] == ["journey", "steps"])
    #expect(try database.trashedFavorites().first?.favorite.tags == ["journey", "steps"])
    console.clear()
    try await execute(["fav", "restore", "3"], env(database))
    let restored = try #require(try database.favorite(id: 3))
    #expect(restored.note == "Chapter 64")
    #expect(restored.tags == ["journey", "steps"])
    #expect(try database.tagCounts().map(\.count) == [1, 1])
    console.clear()
    try await execute(["fav", "find", "chapter", "--tag", "steps"], env(database))
    #expect(console.out.contains(" 3  Lao Tzu"))
    console.clear()
    try await execute(["fav", "undo"], env(database))
    #expect(console.out == "Undid: restoring favorite 3.\n")
    #expect(try database.favorite(id: 3) == nil)
    #expect(try database.tagCounts().isEmpty)
  }

  @Test(
    "fav trash --empty asks on a terminal, needs --yes elsewhere, and forgets the history",
    arguments: StoreFactory.all)
  func emptyTrash(store: StoreFactory) async throws {
    let database = try await samples(store)
    try await execute(["fav", "rm", "1", "2", "--yes"], env(database))
    try await execute(["fav", "trash", "--empty"], env(database, input: ["n"], terminal: terminal))
    #expect(
      console.err.hasSuffix(
        "Delete the 2 favorites in the trash for good? This cannot be undone. [y/N] Nothing deleted.\n"
      ))
    let (message, code) = await failure(["fav", "trash", "--empty"], env(database))
    #expect(message.hasPrefix("Not emptying the trash without confirmation"))
    #expect(code == 1)
    #expect(try database.trashedFavorites().count == 2)
    console.clear()
    try await execute(["fav", "trash", "--empty"], env(database, input: ["y"], terminal: terminal))
    #expect(console.out == "Deleted 2 favorites for good.\n")
    #expect(try database.libraryChanges().isEmpty)
    console.clear()
    try await execute(["fav", "trash", "--empty", "--yes"], env(database))
    try await execute(["fav", "trash"], env(database))
    #expect(console.err == "The trash is empty.\nThe trash is empty.\n")
    #expect((await failure(["fav", "trash", "--yes"], env(database))).1 == 64)
    #expect(
      (await failure(["fav", "trash", "--empty", "--format", "json"], env(database))).1 == 64)
  }

  @Test(
    "fav trash --empty deletes what it asked about, while another process restores and removes",
    arguments: StoreFactory.all)
  func emptyTrashRace(store: StoreFactory) async throws {
    let (database, connect) = try await PostgresTestDatabase.onThread {
      try store.makeShared(in: folder)
    }
    for quote in [Samples.rumi, Samples.umar, Samples.lao, Samples.seneca] {
      _ = try database.addFavorite(quote, at: testDate)
    }
    try await execute(["fav", "rm", "1", "2", "--yes"], env(database))
    let other = try connect()
    // The answer comes after another process brought 1 back and removed 3 and 4.
    let answer = InputSource(readLine: {
      _ = try other.restoreFavorites(ids: [1], at: testDate)
      _ = try other.trashFavorites(ids: [3, 4], at: testDate)
      return "y"
    })
    console.clear()
    try await execute(
      ["fav", "trash", "--empty"],
      AppEnvironment.test(
        database: database, console: console, input: answer, terminal: terminal))
    #expect(
      console.err
        == "Delete the 2 favorites in the trash for good? This cannot be undone. [y/N] ")
    #expect(console.out == "Deleted 1 favorite for good; 1 other had left the trash meanwhile.\n")
    #expect(try database.trashedFavorites().map(\.favorite.id) == [3, 4])
    #expect(try database.favorites().map(\.id) == [1])
    console.clear()
    try await execute(["fav", "undo"], env(database))
    try await execute(["fav", "undo"], env(database))
    #expect(console.out == "Undid: removing 2 favorites (3, 4).\nUndid: restoring favorite 1.\n")
    #expect(await failure(["fav", "undo"], env(database)).1 == 1)
    #expect(try database.favorites().map(\.id) == [3, 4])
  }

  @Test("The new commands have help with examples")
  func help() {
    for command in [
      Favorites.Edit.self, Favorites.Trash.self, Favorites.Restore.self, Favorites.Undo.self,
    ] as [any ParsableCommand.Type] {
      let help = command.helpMessage()
      #expect(help.contains("$ powerquotes fav "), "\(command)")
    }
    #expect(Favorites.Trash.helpMessage().contains("cannot be undone"))
  }
}

@Suite("The shell's words for the library")
struct EditTrashUndoShellTests {
  @Test("undo, trash and edit are short words in the shell")
  func shortWords() async throws {
    let database = try QuoteDatabase.inMemory()
    let console = CapturedConsole()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let script = ScriptedLines(["delete 1 --yes", "trash", "undo", "edit 1 --note hi", "undo"])
    let shell = ShellSession(
      env: .test(database: database, console: console), reader: script.reader())
    #expect(await shell.run() == 0)
    #expect(
      console.out.contains(
        "Undid: removing favorite 1.\nFavorite 1 edited.\nUndid: editing favorite 1.\n"))
    #expect(console.out.contains(" 1  Rumi"))
    #expect(try database.favorite(id: 1)?.note == "")
  }

  @Test("tag, untag, tags and restore are short words; undo takes a tag back")
  func tagAndRestoreWords() async throws {
    let database = try QuoteDatabase.inMemory()
    let console = CapturedConsole()
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let script = ScriptedLines([
      "tag 1 ocean heart", "untag 1 heart", "tags", "undo", "delete 1 --yes", "restore 1",
    ])
    let shell = ShellSession(
      env: .test(database: database, console: console), reader: script.reader())
    #expect(await shell.run() == 0)
    #expect(console.out.contains("Untagged favorite 1: took off #heart. Its tags: #ocean\n"))
    #expect(console.out.contains("1  #ocean\n"))
    #expect(console.out.contains("Undid: taking #heart off favorite 1.\n"))
    #expect(console.out.contains("Restored favorite 1.\n"))
    #expect(try database.favorite(id: 1)?.tags == ["heart", "ocean"])
  }
}
