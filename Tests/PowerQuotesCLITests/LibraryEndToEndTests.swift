import Foundation
import PowerQuotesTestSupport
import Testing

@Suite("Trash, edit and undo with the built binary")
struct LibraryEndToEndTests {
  @Test("rm, trash, an editor, undo across runs, restore and an empty trash, with exit codes")
  func acrossRuns() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let editor = home.file("editor.sh")
    try "#!/bin/sh\nsed -i 's/^Socrates$/Plato/' \"$1\"\n".write(
      toFile: editor, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor)
    let env = ["POWERQUOTES_DATABASE": home.file("favorites.sqlite"), "EDITOR": editor]
    func run(_ arguments: String...) async throws -> RunResult {
      try await runBinary(arguments, home: home.path, environment: env)
    }

    #expect(try await run("fav", "add", "Know thyself.", "--author", "Socrates").status == 0)
    #expect(try await run("fav", "add", "Be kind.", "--author", "Anon").status == 0)
    let edit = try await run("fav", "edit", "1")
    #expect(edit.out == "Favorite 1 edited.\n")
    #expect(edit.status == 0)
    let refused = try await run("fav", "rm", "1", "2")
    #expect(refused.status == 1)
    #expect(try await run("fav", "rm", "1", "2", "--yes").out == "Removed 2 favorites: 1, 2.\n")
    let trash = try await run("fav", "trash", "--format", "json")
    #expect(trash.out.contains(#""author" : "Plato""#))

    let undo = try await run("fav", "undo")
    #expect(undo.out == "Undid: removing 2 favorites (1, 2).\n")
    #expect(try await run("fav", "undo").out == "Undid: editing favorite 1.\n")
    #expect(try await run("fav", "show", "1").out.contains("Socrates"))

    #expect(try await run("fav", "rm", "2", "--yes").status == 0)
    #expect(try await run("fav", "restore", "2").out == "Restored favorite 2.\n")
    let missing = try await run("fav", "restore", "2")
    #expect(missing.status == 1)
    #expect(
      missing.err
        == "Error: No favorite with id 2 in the trash. Run 'powerquotes fav trash' to see its ids.\n"
    )

    #expect(try await run("fav", "rm", "2", "--yes").status == 0)
    #expect(
      try await run("fav", "trash", "--empty", "--yes").out == "Deleted 1 favorite for good.\n")
    let nothing = try await run("fav", "undo")
    #expect(nothing.status == 1)
    #expect(nothing.err == "Error: Nothing to undo: no change to your favorites is recorded.\n")
  }

  /// An editor that gets Ctrl-C as a terminal delivers it (to the powerquotes that opened it,
  /// through `sh -c`, as well as to itself), ignores it as vi does, then saves Plato.
  static func interruptedEditor(in home: TemporaryFolder) throws -> String {
    let editor = home.file("interrupted-editor.sh")
    try """
    #!/bin/sh
    trap '' INT QUIT
    # Ctrl-C while the editor is open, as a person presses it: not in the instant it starts,
    # before powerquotes has made the signal the editor's (a loaded machine can delay it).
    sleep 0.5
    kill -INT "$(cut -d' ' -f4 /proc/$PPID/stat)"
    sleep 0.3
    sed -i 's/^Socrates$/Plato/' "$1"

    """.write(toFile: editor, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor)
    return editor
  }

  /// An editor that, while it is open, has another powerquotes process give favorite 1 a note
  /// (in the library `database`, else the one the environment names), then changes the author
  /// in the form from Socrates to Plato.
  static func racingEditor(in home: TemporaryFolder, database: String? = nil) throws -> String {
    let editor = home.file("racing-editor.sh")
    let option = database.map { " --database '\($0)'" } ?? ""
    try """
    #!/bin/sh
    '\(builtBinary)' fav edit 1 --note 'Added elsewhere'\(option) > /dev/null || exit 9
    sed -i 's/^Socrates$/Plato/' "$1"

    """.write(toFile: editor, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor)
    return editor
  }

  /// Checks what `fav edit 1` printed after ``racingEditor(in:database:)``: refused, and the
  /// form, with what was typed, kept in the data folder under `home`.
  static func expectRefusedRace(_ edit: RunResult, home: TemporaryFolder) throws {
    let folder = home.file("data/powerquotes")
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix("favorite-1-") }
    let name = try #require(kept.first)
    #expect(kept.count == 1)
    #expect(
      try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        .contains("\n[author]\nPlato\n"))
    #expect(
      edit.err
        == "Error: Favorite 1 was changed by another command while the editor was open, so the "
        + "edit was not saved; what you typed is kept in \(folder)/\(name) (run 'powerquotes "
        + "fav edit 1' to edit it again).\n")
    #expect(edit.status == 1)
    #expect(edit.out.isEmpty)
  }

  @Test("An edit by form over a change made meanwhile by another process is refused and kept")
  func raceWhileEditing() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = [
      "POWERQUOTES_DATABASE": home.file("favorites.sqlite"),
      "XDG_DATA_HOME": home.file("data"),
      "EDITOR": try Self.racingEditor(in: home),
    ]
    let added = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates"], home: home.path, environment: env)
    #expect(added.status == 0)
    let edit = try await runBinary(["fav", "edit", "1"], home: home.path, environment: env)
    try Self.expectRefusedRace(edit, home: home)
    let show = try await runBinary(["fav", "show", "1"], home: home.path, environment: env)
    #expect(show.out.contains("Socrates") && show.out.contains("Note: Added elsewhere"))
    #expect(!show.out.contains("Plato"))
  }

  @Test("Ctrl-C while the editor is open is the editor's: the command waits and saves, as git's")
  func interruptWhileEditing() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = [
      "POWERQUOTES_DATABASE": home.file("favorites.sqlite"),
      "EDITOR": try Self.interruptedEditor(in: home),
    ]
    let added = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates"], home: home.path, environment: env)
    #expect(added.status == 0)
    let edit = try await runBinary(["fav", "edit", "1"], home: home.path, environment: env)
    #expect(edit.status == 0)
    #expect(edit.out == "Favorite 1 edited.\n")
    #expect(edit.err.isEmpty)
    let show = try await runBinary(["fav", "show", "1"], home: home.path, environment: env)
    #expect(show.out.contains("Plato"))
  }
}
