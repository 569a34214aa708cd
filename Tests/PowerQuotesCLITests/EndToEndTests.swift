import FlyingFox
import Foundation
import GRDB
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// What a run of the built binary did.
struct RunResult: Sendable {
  var status: Int32
  var out: String
  var err: String
}

/// The `powerquotes` binary that `swift build` put beside the test bundle.
let builtBinary: String = {
  let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  return testBundle.appending(path: "powerquotes").path
}()

/// Runs `binary` with `arguments` in a clean environment: only `environment`, PATH and HOME;
/// in `directory` when it is given (relative paths), else in the test's own.
///
/// Waits without blocking a thread: the fixture server runs on the same small thread pool.
func runBinary(
  _ arguments: [String],
  home: String,
  environment: [String: String] = [:],
  binary: String = builtBinary,
  input: String? = nil,
  standardOutput: String? = nil,
  standardInput: String? = nil,
  directory: String? = nil
) async throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: binary)
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  process.arguments = arguments
  // `random` waits 10 s for the fixture servers, as every other command does: 2 s, its own
  // default, is too little for a server on a test machine this busy (RandomTimeoutTests sets
  // the variable itself).
  process.environment = [
    "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "POWERQUOTES_RANDOM_TIMEOUT": "10",
  ]
  .merging(environment) { $1 }
  // Files rather than pipes: nothing can block on a full pipe buffer.
  let outURL = URL(fileURLWithPath: home).appending(path: "stdout-\(UUID().uuidString)")
  let errURL = URL(fileURLWithPath: home).appending(path: "stderr-\(UUID().uuidString)")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  // Another file, such as /dev/full, when the test is about where the output goes.
  let outHandle = try FileHandle(
    forWritingTo: standardOutput.map(URL.init(fileURLWithPath:)) ?? outURL)
  let errHandle = try FileHandle(forWritingTo: errURL)
  process.standardOutput = outHandle
  process.standardError = errHandle
  if let input {
    let inURL = URL(fileURLWithPath: home).appending(path: "stdin-\(UUID().uuidString)")
    try Data(input.utf8).write(to: inURL)
    process.standardInput = try FileHandle(forReadingFrom: inURL)
  } else if let standardInput {
    // Another file, such as a folder, when the test is about where the input comes from.
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: standardInput))
  } else {
    process.standardInput = FileHandle.nullDevice
  }
  try await withCheckedThrowingContinuation {
    (continuation: CheckedContinuation<Void, any Error>) in
    process.terminationHandler = { _ in continuation.resume() }
    do {
      try withInterruptsUnblocked { try process.run() }
    } catch {
      process.terminationHandler = nil
      continuation.resume(throwing: error)
    }
  }
  try outHandle.close()
  try errHandle.close()
  defer {
    try? FileManager.default.removeItem(at: outURL)
    try? FileManager.default.removeItem(at: errURL)
  }
  return RunResult(
    status: process.terminationStatus,
    out: try String(contentsOf: outURL, encoding: .utf8),
    err: try String(contentsOf: errURL, encoding: .utf8)
  )
}

/// Runs `body`, which starts a process, with SIGINT and SIGQUIT unblocked on this thread.
///
/// A child starts with the signal mask of the thread that made it, and Swift's pool threads
/// block both: a binary started from a test would never see Ctrl-C's signal, where one started
/// by a terminal's shell does.
func withInterruptsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
  var interrupts = sigset_t()
  sigemptyset(&interrupts)
  sigaddset(&interrupts, SIGINT)
  sigaddset(&interrupts, SIGQUIT)
  var previous = sigset_t()
  pthread_sigmask(SIG_UNBLOCK, &interrupts, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  return try body()
}

/// Copies the built binary to `path` with cp(1), in a process of its own.
///
/// A copy written by this test process could have its write descriptor inherited by a child
/// that another test starts at that moment, and running the copy then fails with "Text file
/// busy" (ETXTBSY) until that child has exec'd; cp's descriptors are its own.
func copyBuiltBinary(to path: String, home: String) async throws {
  let copied = try await runBinary(["--", builtBinary, path], home: home, binary: "/bin/cp")
  guard copied.status == 0 else { throw CopyFailed(message: copied.err) }
}

/// cp(1) could not copy the binary.
struct CopyFailed: Error {
  var message: String
}

@Suite("Permissions")
struct PermissionTests {
  /// A database file anyone may write, in a folder this user may not: the sentence names the folder.
  ///
  /// Run as `nobody` when the tests run as root, who may write anywhere.
  @Test func writableFileInReadOnlyFolder() async throws {
    let home = try TemporaryFolder()
    defer {
      chmod(home.path, 0o700)
      home.remove()
    }
    let folder = home.file("data")
    let path = folder + "/q.sqlite"
    let made = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates", "--database", path], home: home.path)
    #expect(made.status == 0)
    // Leave the file alone in its folder, still in WAL mode, as after a clean shutdown.
    let queue = try DatabaseQueue(path: path)
    try await queue.writeWithoutTransaction { db in
      _ = try db.checkpoint(.truncate)
    }
    try queue.close()
    try? FileManager.default.removeItem(atPath: path + "-wal")
    try? FileManager.default.removeItem(atPath: path + "-shm")
    chmod(path, 0o666)
    chmod(folder, 0o555)
    chmod(home.path, 0o755)
    defer { chmod(folder, 0o755) }

    let binary = home.file("powerquotes")
    try await copyBuiltBinary(to: binary, home: home.path)
    let asRoot = getuid() == 0
    let result = try await runBinary(
      (asRoot ? ["-u", "nobody", "--", binary] : []) + ["fav", "list", "--database", path],
      home: home.path, binary: asRoot ? "/usr/sbin/runuser" : binary)
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: The folder \(folder) is read-only to you, and SQLite needs to create two "
        + "files there beside the database \(path) (-wal and -shm). Make the folder writable, "
        + "or pass another file with --database.\n")
    // random still shows a quote, as when a PostgreSQL server is unreachable.
    let random = try await runBinary(
      (asRoot ? ["-u", "nobody", "--", binary] : []) + ["random", "--offline", "--database", path],
      home: home.path, binary: asRoot ? "/usr/sbin/runuser" : binary)
    #expect(random.status == 0)
    #expect(random.out.contains("Dear Self,"))
    #expect(
      random.err
        == "The folder \(folder) is read-only to you, and SQLite needs to create two files "
        + "there beside the database \(path) (-wal and -shm). Make the folder writable, or pass "
        + "another file with --database. Showing a quote without your library; it is not "
        + "remembered.\n")
  }

  /// A new database in a folder this user may not write: the sentence names the folder.
  @Test func newFileInReadOnlyFolder() async throws {
    let home = try TemporaryFolder()
    defer {
      chmod(home.path, 0o700)
      home.remove()
    }
    let folder = home.file("data")
    #expect(mkdir(folder, 0o555) == 0)
    chmod(folder, 0o555)
    chmod(home.path, 0o755)
    defer { chmod(folder, 0o755) }
    let path = folder + "/q.sqlite"
    let binary = home.file("powerquotes")
    try await copyBuiltBinary(to: binary, home: home.path)
    let asRoot = getuid() == 0
    let result = try await runBinary(
      (asRoot ? ["-u", "nobody", "--", binary] : [])
        + ["fav", "add", "Know thyself.", "--author", "Socrates", "--database", path],
      home: home.path, binary: asRoot ? "/usr/sbin/runuser" : binary)
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: Could not open the database \(path): the folder \(folder) is read-only to you, "
        + "so the file cannot be created there.\n")
    let random = try await runBinary(
      (asRoot ? ["-u", "nobody", "--", binary] : []) + ["random", "--offline", "--database", path],
      home: home.path, binary: asRoot ? "/usr/sbin/runuser" : binary)
    #expect(random.status == 0)
    #expect(random.out.contains("Dear Self,"))
    #expect(random.err.hasSuffix(" Showing a quote without your library; it is not remembered.\n"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}

@Suite("Ctrl-C outside the shell")
struct InterruptTests {
  /// Ctrl-C while a sync waits on the network: one line with how far it got and how to go on,
  /// and status 130; what was saved stays saved.
  @Test func syncSaysHowFarItGot() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let asked = AsyncStream<Void>.makeStream()
    try await FixtureServer.with { server in
      await server.appendRoute("GET /quotes") { request in
        asked.continuation.yield()
        if request.query["skip"] == "0" {
          return .json(
            #"{"quotes":[{"id":1,"quote":"First.","author":"Rumi"}],"total":3,"skip":0}"#)
        }
        try await Task.sleep(for: .seconds(30))
        return .json(#"{"quotes":[],"total":3,"skip":1}"#)
      }
    } _: { server in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: builtBinary)
      process.arguments = [
        "sync", "--per-page", "1", "--api-url", server.baseURL.absoluteString,
        "--database", home.file("q.sqlite"),
      ]
      process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
      let errURL = URL(fileURLWithPath: home.file("stderr"))
      _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: errURL)
      process.standardOutput = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      let ended = AsyncStream<Int32>.makeStream()
      process.terminationHandler = { ended.continuation.yield($0.terminationStatus) }
      try process.run()
      var requests = asked.stream.makeAsyncIterator()
      _ = await requests.next()
      _ = await requests.next()
      process.interrupt()
      var statuses = ended.stream.makeAsyncIterator()
      let status = await statuses.next()
      #expect(status == 130)
      let err = try String(contentsOf: errURL, encoding: .utf8)
      #expect(
        err.hasSuffix(
          "Stopped by Ctrl-C: 1 of 3 quotes are saved. Run 'powerquotes sync' again to continue.\n"
        ), "\(err)")
    }
  }
}

@Suite("Output that cannot be written")
struct WriteFailureTests {
  /// A full disk behind standard output is one sentence and status 1, whichever way the text
  /// went out: our console (a card, an export, a list) or ArgumentParser's print (help, version).
  @Test(
    arguments: [
      ["random", "--offline"], ["fav", "export"], ["fav", "export", "--format", "csv"],
      ["fav", "list"], ["--help"], ["--version"], ["today", "--format", "json"],
    ]
  )
  func fullDisk(arguments: [String]) async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    let added = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates", "--database", database],
      home: home.path)
    #expect(added.status == 0)
    let result = try await runBinary(
      arguments, home: home.path, environment: ["POWERQUOTES_DATABASE": database],
      standardOutput: "/dev/full")
    #expect(result.status == 1)
    #expect(
      result.err.hasSuffix(
        "Error: Could not write to standard output (No space left on device); what was "
          + "written is incomplete.\n"))
  }
}

/// A server that answers like DummyJSON with one quote.
func dummyJSON(quote: String, author: String, id: Int) -> @Sendable (HTTPServer) async -> Void {
  let body = try? JSONSerialization.data(
    withJSONObject: ["id": id, "quote": quote, "author": author]
  )
  let json = String(decoding: body ?? Data(), as: UTF8.self)
  return { server in
    await server.appendRoute("GET /quotes/random") { _ in .json(json) }
    await server.appendRoute("GET /quotes/*") { request in
      request.path == "/quotes/\(id)"
        ? .json(json)
        : .json(#"{"message":"Quote with id 'x' not found"}"#, status: .notFound)
    }
  }
}

@Suite("The built binary, end to end")
struct EndToEndTests {
  @Test("random works offline on a new machine: no network, no database yet")
  func offlineFirstRun() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(
      ["random", "--api-url", "http://127.0.0.1:9"],
      home: home.path
    )
    #expect(result.status == 0)
    #expect(result.out.contains("│ Dear Self,"))
    #expect(
      result.err == "DummyJSON is unreachable (could not connect to the server); "
        + "showing an offline quote.\n"
    )
    #expect(
      FileManager.default.fileExists(
        atPath: home.file(".local/share/powerquotes/powerquotes.sqlite"))
    )
  }

  @Test("random, fav add, fav add again, fav list against a local DummyJSON")
  func favoritesFlow() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("favorites.sqlite")
    try await FixtureServer.with(dummyJSON(quote: "Stay hungry.", author: "Rumi", id: 42)) {
      server in
      let env = [
        "POWERQUOTES_API_URL": server.baseURL.absoluteString,
        "POWERQUOTES_DATABASE": database,
      ]
      let random = try await runBinary(["random"], home: home.path, environment: env)
      #expect(random.status == 0)
      #expect(random.err.isEmpty)
      #expect(random.out.contains("Stay hungry."))

      let add = try await runBinary(["fav", "add"], home: home.path, environment: env)
      #expect(add.status == 0)
      #expect(add.out == "Favorite added! (id 1)\n")

      let again = try await runBinary(["fav", "add"], home: home.path, environment: env)
      #expect(again.status == 3)
      #expect(again.out.isEmpty)
      #expect(again.err == "Already a Favorite: This quote is already in your favorites.\n")

      let byID = try await runBinary(
        ["fav", "add", "--id", "7"], home: home.path, environment: env)
      #expect(byID.status == 1)
      #expect(
        byID.err
          == "Error: DummyJSON has no quote with id 7. Run 'powerquotes browse' to see its quotes and their "
          + "ids.\n")

      let list = try await runBinary(
        ["fav", "list", "--format", "json"], home: home.path, environment: env)
      #expect(list.status == 0)
      #expect(list.out.contains(#""sourceId" : 42"#))
    }
  }

  @Test("Escape sequences from the server never reach the terminal")
  func hostileServer() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let configure = dummyJSON(
      quote: "Hi\u{1B}]0;pwned\u{07}\u{1B}[2J there",
      author: "Eve\u{1B}[31m",
      id: 1
    )
    try await FixtureServer.with(configure) { server in
      let env = [
        "POWERQUOTES_API_URL": server.baseURL.absoluteString,
        "POWERQUOTES_DATABASE": home.file("q.sqlite"),
      ]
      for arguments in [["random"], ["random", "--format", "json"], ["share"]] {
        let result = try await runBinary(arguments, home: home.path, environment: env)
        #expect(result.status == 0)
        #expect(!result.out.unicodeScalars.contains("\u{1B}"))
        #expect(!result.out.unicodeScalars.contains("\u{07}"))
      }
    }
  }

  @Test("A copy of the binary in an empty folder creates and migrates its database")
  func copiedBinary() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let copy = folder.file("bin/powerquotes")
    try FileManager.default.createDirectory(
      atPath: folder.file("bin"), withIntermediateDirectories: true)
    try await copyBuiltBinary(to: copy, home: folder.path)
    let database = folder.file("data/new.sqlite")
    let result = try await runBinary(
      ["random", "--offline", "--database", database],
      home: folder.path,
      binary: copy
    )
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    let queue = try DatabaseQueue(path: database)
    let version = try await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
    #expect(version == QuoteDatabase.schemaVersion)
    let saved = try await runBinary(
      ["fav", "add", "--database", database], home: folder.path, binary: copy)
    #expect(saved.status == 0)
  }

  @Test(
    "today's date follows TZ as date(1) reads it, POSIX rules included",
    arguments: ["UTC+10", "UTC-14", "Asia/Tokyo", "America/Los_Angeles"]
  )
  func todayFollowsTZ(zone: String) async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    // The reference is date(1) with the same TZ, asked before and after: a run that straddles
    // midnight there may give either day.
    let before = try await runBinary(
      ["+%F"], home: home.path, environment: ["TZ": zone], binary: "/bin/date")
    let today = try await runBinary(
      ["today", "--format", "json", "--database", home.file("q.sqlite")],
      home: home.path, environment: ["TZ": zone])
    let after = try await runBinary(
      ["+%F"], home: home.path, environment: ["TZ": zone], binary: "/bin/date")
    #expect(today.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(today.out.utf8)) as? [String: Any])
    let date = try #require(json["date"] as? String)
    let days = [before.out, after.out].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(days.contains(date), "today said \(date), date(1) said \(days)")
  }

  @Test("Processes adding favorites to one new database at the same moment all succeed")
  func concurrentProcesses() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("shared.sqlite")
    let count = 6
    let results = try await withThrowingTaskGroup(of: RunResult.self) { group in
      for n in 0..<count {
        group.addTask {
          try await runBinary(
            [
              "fav", "add", "Quote number \(n)", "--author", "Process \(n)", "--database", database,
            ],
            home: home.path
          )
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for result in results {
      #expect(result.status == 0, "stderr: \(result.err)")
    }
    let list = try await runBinary(["fav", "list", "--database", database], home: home.path)
    #expect(list.out.split(separator: "\n").count == count + 1)
  }

  @Test("A file that is not a database: one sentence, exit 1, file untouched")
  func notADatabase() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let path = home.file("notes.txt")
    try "shopping list\n".write(toFile: path, atomically: true, encoding: .utf8)
    let result = try await runBinary(["fav", "list", "--database", path], home: home.path)
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(result.err.split(separator: "\n").count == 1)
    #expect(result.err.contains("is not a powerquotes database"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "shopping list\n")
  }

  @Test("Usage errors exit 64 and create no database")
  func usageError() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(["random", "--offline", "--online"], home: home.path)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: --offline and --online cannot be used together.\n"))
    #expect(!FileManager.default.fileExists(atPath: home.file(".local/share/powerquotes")))
  }

  @Test("help of a command that does not exist is a usage error; of one that does, its help")
  func helpOfUnknownCommand() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    for (words, typed) in [(["help", "bogus"], "bogus"), (["help", "fav", "bogus"], "fav bogus")] {
      let result = try await runBinary(words, home: home.path)
      #expect(result.status == 64)
      #expect(result.out.isEmpty)
      #expect(result.err.hasPrefix("Error: Unknown command '\(typed)'.\n"))
    }
    let help = try await runBinary(["help", "fav", "list"], home: home.path)
    let flag = try await runBinary(["fav", "list", "--help"], home: home.path)
    #expect(help.status == 0 && help.out == flag.out && help.out.hasPrefix("OVERVIEW: List"))
  }

  @Test("ArgumentParser's messages quote the line without its escape sequences, with its lines")
  func parserMessagesCleaned() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = ["POWERQUOTES_DATABASE": home.file("q.sqlite")]
    let clipboard = "\u{1B}]52;c;SGk=\u{07}"
    let clear = "\u{1B}[2J"
    func hasControls(_ text: String) -> Bool {
      text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
    }
    let show = try await runBinary(["fav", "show", clipboard], home: home.path, environment: env)
    #expect(show.status == 64)
    #expect(show.err.hasPrefix("Error: The value '' is invalid for '<id>'\n"))
    #expect(show.err.contains("\nUsage: powerquotes fav show <id>"))
    #expect(!hasControls(show.err))
    let bogus = try await runBinary(
      ["fav", "list", "--bogus" + clear], home: home.path, environment: env)
    #expect(bogus.status == 64)
    #expect(bogus.err.hasPrefix("Error: Unknown option '--bogus'\n"))
    #expect(!hasControls(bogus.err))
    let shell = try await runBinary(
      ["shell"], home: home.path, environment: env,
      input: "fav show \(clear)\nfav list --x\(clear)\n")
    #expect(shell.status == 64)
    #expect(shell.err.hasPrefix("Error on line 1: The value '' is invalid for '<id>'\n"))
    #expect(shell.err.contains("Error on line 2: Unknown option '--x'\n"))
    #expect(!hasControls(shell.err))
    // Help keeps its lines, on standard output.
    let help = try await runBinary(["fav", "show", "--help"], home: home.path, environment: env)
    #expect(help.status == 0)
    #expect(help.out.contains("\nUSAGE: powerquotes fav show <id>"))
    #expect(help.out.split(separator: "\n").count > 5)
  }

  @Test("A bad POWERQUOTES_API_URL stops only the commands that ask DummyJSON, with exit 64")
  func badAPIURLInEnvironment() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = ["POWERQUOTES_API_URL": "garbage", "POWERQUOTES_DATABASE": home.file("q.sqlite")]
    let list = try await runBinary(["fav", "list"], home: home.path, environment: env)
    #expect(list.status == 0)
    let offline = try await runBinary(["random", "--offline"], home: home.path, environment: env)
    #expect(offline.status == 0)
    let online = try await runBinary(["random"], home: home.path, environment: env)
    #expect(online.status == 64)
    #expect(
      online.err
        == "Error: POWERQUOTES_API_URL must be an http or https URL such as "
        + "https://dummyjson.com, not 'garbage'.\n"
    )
  }

  @Test("XDG_DATA_HOME decides where the database goes")
  func xdgDataHome() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(
      ["random", "--offline"],
      home: home.path,
      environment: ["XDG_DATA_HOME": home.file("xdg")]
    )
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: home.file("xdg/powerquotes/powerquotes.sqlite")))
  }
}

@Suite("Shell integration, end to end")
struct ShellIntegrationTests {
  @Test("--copy runs the clipboard tool found on PATH, or says none is there")
  func copy() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let tools = home.file("bin")
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    let clip = home.file("clipboard.txt")
    let descriptors = home.file("descriptors.txt")
    // Like xclip, it leaves a child behind to serve the clipboard; it lists what it inherited.
    let script = """
      #!/bin/sh
      cat > '\(clip)'
      ls -l /proc/$$/fd > '\(descriptors)'
      (sleep 1) </dev/null >/dev/null 2>&1 &
      exit 0

      """
    try script.write(
      toFile: tools + "/xclip",
      atomically: true,
      encoding: .utf8
    )
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755],
      ofItemAtPath: tools + "/xclip"
    )
    let database = home.file("q.sqlite")
    _ = try await runBinary(["random", "--offline", "--database", database], home: home.path)
    let copied = try await runBinary(
      ["share", "--copy", "--database", database],
      home: home.path,
      environment: ["PATH": tools + ":/usr/bin:/bin"]
    )
    #expect(copied.status == 0)
    #expect(copied.err == "Copied the share text to the clipboard (with xclip).\n")
    let text = try String(contentsOfFile: clip, encoding: .utf8)
    #expect(text.hasPrefix("\"") && text.contains("\" — "))
    // Nothing of powerquotes' own (the database, a socket) leaks into the tool, so a child it
    // leaves behind cannot keep powerquotes waiting.
    let inherited = try String(contentsOfFile: descriptors, encoding: .utf8)
    #expect(!inherited.contains("socket:"))
    #expect(!inherited.contains(".sqlite"))

    let none = try await runBinary(
      ["share", "--copy", "--database", database],
      home: home.path,
      environment: ["PATH": home.file("empty")]
    )
    #expect(none.status == 1)
    #expect(
      none.err
        == "Error: No clipboard tool was found: install wl-clipboard (Wayland), xclip or xsel, "
        + "or use --output FILE.\n"
    )
  }

  @Test(
    "Completion scripts for bash, zsh and fish come from the command tree",
    arguments: [
      "bash", "zsh", "fish",
    ])
  func completionScripts(shell: String) async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(["--generate-completion-script", shell], home: home.path)
    #expect(result.status == 0)
    #expect(result.out.contains("powerquotes"))
    #expect(result.out.contains("sync"))
  }

  @Test("sync and then random --offline with the built binary against a local DummyJSON")
  func syncThenOffline() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let catalogue = FakeCatalogue(count: 45)
    try await FixtureServer.with(catalogue.routes) { server in
      let env = [
        "POWERQUOTES_API_URL": server.baseURL.absoluteString,
        "POWERQUOTES_DATABASE": home.file("q.sqlite"),
      ]
      let sync = try await runBinary(
        ["sync", "--per-page", "20"], home: home.path, environment: env)
      #expect(sync.status == 0)
      #expect(sync.out.isEmpty)
      #expect(sync.err.hasPrefix("Synced 45 of 45 DummyJSON quotes"))
      let offline = try await runBinary(
        ["random", "--offline", "--format", "json"],
        home: home.path,
        environment: env
      )
      #expect(offline.status == 0)
    }
  }
}
