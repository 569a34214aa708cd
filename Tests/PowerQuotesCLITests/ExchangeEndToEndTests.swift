import FlyingFox
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@Suite("fav export and fav import, the built binary")
struct ExchangeEndToEndTests {
  @Test("Export through a symbolic link, import the file into another database")
  func exportThenImport() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let first = ["POWERQUOTES_DATABASE": home.file("first.sqlite")]
    for (text, author) in [("Know thyself.", "Socrates"), ("Line one,\n\"two\"", "Ann")] {
      let add = try await runBinary(
        ["fav", "add", text, "--author", author], home: home.path, environment: first)
      #expect(add.status == 0)
    }
    let target = home.file("favorites.csv")
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    let link = home.file("link.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let export = try await runBinary(
      ["fav", "export", "--format", "csv", "--output", link], home: home.path, environment: first)
    #expect(export.status == 0)
    #expect(export.out.isEmpty)
    #expect(export.err == "Exported 2 favorites to \(link).\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)

    let second = ["POWERQUOTES_DATABASE": home.file("second.sqlite")]
    let imported = try await runBinary(
      ["fav", "import", link], home: home.path, environment: second)
    #expect(imported.status == 0)
    #expect(imported.err.isEmpty)
    #expect(imported.out == "Read 2 favorites: 2 added, 0 already favorites, 0 rejected.\n")
    let firstJSON = try await runBinary(["fav", "export"], home: home.path, environment: first)
    let secondJSON = try await runBinary(["fav", "export"], home: home.path, environment: second)
    #expect(secondJSON.out == firstJSON.out)
  }

  @Test("fav export | fav import - moves favorites through a pipe")
  func throughAPipe() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let first = ["POWERQUOTES_DATABASE": home.file("first.sqlite")]
    _ = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates"], home: home.path, environment: first)
    let exported = try await runBinary(
      ["fav", "export", "--format", "fortune"], home: home.path, environment: first)
    let imported = try await runBinary(
      ["fav", "import", "-"],
      home: home.path,
      environment: ["POWERQUOTES_DATABASE": home.file("second.sqlite")],
      input: exported.out
    )
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.out == "Read 1 favorite: 1 added, 0 already favorites, 0 rejected.\n")
  }

  @Test("Standard input is named so in a message, not '-'")
  func standardInputNamed() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(
      ["fav", "import", "-"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": home.file("q.sqlite")], input: "")
    #expect(result.status == 1)
    #expect(
      result.err == "Error: Standard input is empty: there is nothing to import. Give a JSON, "
        + "CSV or fortune file.\n")
    let folder = try await runBinary(
      ["fav", "import", "-"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": home.file("q.sqlite")], standardInput: home.path)
    #expect(folder.status == 1)
    #expect(folder.err == "Error: Could not read standard input: it is a folder.\n")
  }

  @Test("--output takes any file name, even one character; - is standard output; a/ is refused")
  func outputNames() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = ["POWERQUOTES_DATABASE": home.file("q.sqlite")]
    _ = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates"], home: home.path, environment: env)
    let work = home.file("work")
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
    func run(_ arguments: [String], input: String? = nil) async throws -> RunResult {
      try await runBinary(
        arguments, home: home.path, environment: env, input: input, directory: work)
    }
    let exported = try await run(["fav", "export"])
    let shared = try await run(["fav", "share", "1"])

    for name in ["q", "é"] {
      let result = try await run(["fav", "export", "--output", name])
      #expect(result.status == 0, "\(result.err)")
      #expect(result.err == "Exported 1 favorite to \(name).\n")
      #expect(try String(contentsOfFile: work + "/" + name, encoding: .utf8) == exported.out)
    }
    let share = try await run(["fav", "share", "1", "--output", "a"])
    #expect(share.status == 0, "\(share.err)")
    #expect(try String(contentsOfFile: work + "/a", encoding: .utf8) == shared.out)
    // The shell survives it, and goes on to the next line.
    let shell = try await run(["shell"], input: "fav export --output z\nfav share 1 --output s\n")
    #expect(shell.status == 0, "\(shell.err)")
    #expect(FileManager.default.fileExists(atPath: work + "/z"))
    #expect(try String(contentsOfFile: work + "/s", encoding: .utf8) == shared.out)

    let folder = try await run(["fav", "export", "--output", "b/"])
    #expect(folder.status == 1)
    #expect(
      folder.err
        == "Error: Could not write b/: it names a folder, not a file. Choose another file.\n")

    let standardOutput = try await run(["fav", "export", "--output", "-"])
    #expect(standardOutput.status == 0)
    #expect(standardOutput.out == exported.out)
    #expect(standardOutput.err.isEmpty)
    let sharedOut = try await run(["fav", "share", "1", "-o", "-"])
    #expect(sharedOut.out == shared.out)
    #expect(sharedOut.err.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: work + "/-"))
  }

  @Test("--dry-run with no database yet checks against an empty library and creates nothing")
  func dryRunCreatesNothing() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let csv = home.file("one.csv")
    try "quote,author\nKnow thyself.,Socrates\n".write(
      toFile: csv, atomically: false, encoding: .utf8)
    let report =
      "Dry run: 1 favorite checked: 1 would be added, 0 already favorites, 0 rejected. "
      + "Nothing was changed.\n"
    let typo = home.file("typo-folder/lib.sqlite")
    let defaultPath = home.file(".local/share/powerquotes/powerquotes.sqlite")
    for (arguments, database) in [
      (["--database", typo], typo), ([], defaultPath),
    ] {
      let result = try await runBinary(
        ["fav", "import", csv, "--dry-run"] + arguments, home: home.path)
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == report)
      #expect(
        result.err
          == "There is no favorites database at \(database) yet: this dry run checks against an "
          + "empty library, and creates none.\n")
    }
    #expect(!FileManager.default.fileExists(atPath: home.file("typo-folder")))
    #expect(!FileManager.default.fileExists(atPath: home.file(".local")))

    // With a database, the dry run checks against it, as before.
    let env = ["POWERQUOTES_DATABASE": home.file("q.sqlite")]
    _ = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates"], home: home.path, environment: env)
    let existing = try await runBinary(
      ["fav", "import", csv, "--dry-run"], home: home.path, environment: env)
    #expect(
      existing.out
        == "Dry run: 1 favorite checked: 0 would be added, 1 already a favorite, 0 rejected. "
        + "Nothing was changed.\n")
    #expect(existing.err.isEmpty)
  }

  @Test("A broken file: one sentence on stderr, exit 1, the database unchanged")
  func brokenFile() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = ["POWERQUOTES_DATABASE": home.file("q.sqlite")]
    _ = try await runBinary(
      ["fav", "add", "Kept.", "--author", "A"], home: home.path, environment: env)
    let path = home.file("broken.json")
    try #"[{"quote": "Lost.", "author": "B"},"#.write(
      toFile: path, atomically: false, encoding: .utf8)
    let result = try await runBinary(["fav", "import", path], home: home.path, environment: env)
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(result.err.split(separator: "\n").count == 1)
    #expect(result.err.hasPrefix("Error: \(path) is not valid JSON ("))
    let list = try await runBinary(
      ["fav", "export", "--format", "csv"], home: home.path, environment: env)
    #expect(list.out.split(separator: "\r\n").count == 2)
  }

  @Test("Import from a URL: DummyJSON's list, then a 404")
  func fromURL() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let envelope = #"""
      {"quotes":[{"id":1,"quote":"One.","author":"A"},{"id":2,"quote":"Two.","author":"B"}],
      "total":2,"skip":0,"limit":2}
      """#
    let routes: @Sendable (HTTPServer) async -> Void = { server in
      await server.appendRoute("GET /quotes") { _ in .json(envelope) }
    }
    try await FixtureServer.with(routes) { server in
      let env = ["POWERQUOTES_DATABASE": home.file("q.sqlite")]
      let url = server.baseURL.absoluteString + "/quotes?limit=0"
      let result = try await runBinary(["fav", "import", url], home: home.path, environment: env)
      #expect(result.status == 0)
      #expect(result.out == "Read 2 favorites: 2 added, 0 already favorites, 0 rejected.\n")
      let shown = try await runBinary(["fav", "show", "2"], home: home.path, environment: env)
      #expect(shown.out.contains("DummyJSON #2"))

      let missing = server.baseURL.absoluteString + "/gone.csv"
      let failed = try await runBinary(
        ["fav", "import", missing], home: home.path, environment: env)
      #expect(failed.status == 1)
      #expect(
        failed.err
          == "Error: \(missing) answered with HTTP status 404 (Not Found); nothing was imported. "
          + "Check the address.\n")
    }
  }
}
