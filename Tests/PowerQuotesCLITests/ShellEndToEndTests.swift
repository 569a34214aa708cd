import FlyingFox
import Foundation
import PowerQuotesTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The shell, end to end")
struct ShellEndToEndTests {
  @Test("A script piped in runs line by line, with no prompt or banner")
  func pipedScript() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(
      ["shell", "--database", home.file("q.sqlite")],
      home: home.path,
      input: "random --offline\n\n# a comment\nsave\nfav list\n"
    )
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    #expect(!result.out.contains("powerquotes>"))
    #expect(!result.out.contains("type 'help'"))
    #expect(result.out.contains("Dear Self,"))
    #expect(result.out.contains("Favorite added! (id 1)"))
    #expect(result.out.contains("ID  AUTHOR"))
  }

  @Test("A script's status is that of its first failing line; --stop-on-error stops there")
  func scriptStatus() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let script = "fav add x --author y\nfav add x --author y\nfav show 9\nfav add z --author y\n"
    let result = try await runBinary(
      ["shell", "--database", home.file("q.sqlite")],
      home: home.path,
      input: script
    )
    #expect(result.status == 3)
    #expect(result.out.contains("Favorite added! (id 2)"))
    let stopped = try await runBinary(
      ["shell", "--stop-on-error", "--database", home.file("other.sqlite")],
      home: home.path,
      input: "fav show 9\nfav add z --author y\n"
    )
    #expect(stopped.status == 1)
    #expect(!stopped.out.contains("Favorite added!"))
  }

  @Test("A line's --timeout keeps the server the shell was started with")
  func lineOptionsOverShellOptions() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let catalogue = FakeCatalogue(count: 5)
    try await FixtureServer.with(catalogue.routes) { server in
      let result = try await runBinary(
        ["shell", "--api-url", server.baseURL.absoluteString, "--database", home.file("q.sqlite")],
        home: home.path,
        environment: ["POWERQUOTES_API_URL": "http://127.0.0.1:9"],
        input: "browse --timeout 5\nbrowse --per-page 2\n"
      )
      #expect(result.status == 0, "\(result.err)")
      #expect(catalogue.requests == ["limit=10&skip=0", "limit=2&skip=0"])
    }
  }

  @Test("more and back turn the pages of the browse they follow, with its server and options")
  func morePagesTheSameBrowse() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let catalogue = FakeCatalogue(count: 12)
    try await FixtureServer.with(catalogue.routes) { server in
      let result = try await runBinary(
        ["shell", "--database", home.file("q.sqlite")],
        home: home.path,
        environment: ["POWERQUOTES_API_URL": "http://127.0.0.1:9"],
        input: "browse --api-url \(server.baseURL.absoluteString) --per-page 5\nmore\nback\n"
      )
      #expect(result.status == 0, "\(result.err)")
      #expect(catalogue.requests == ["limit=5&skip=0", "limit=5&skip=5", "limit=5&skip=0"])
      // The shell says how to go on as its lists do.
      #expect(result.err.contains("page 1 of 3 (12 quotes) · type 'more' for the next page\n"))
    }
  }

  @Test("A line's --timeout wins over the shell's, even when it is the default, 10")
  func lineTimeoutOverShellTimeout() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await FixtureServer.with { server in
      await server.appendRoute("GET /quotes") { _ in
        try await Task.sleep(for: .seconds(1))
        return .json(#"{"quotes":[{"id":1,"quote":"Slow.","author":"Rumi"}],"total":1,"skip":0}"#)
      }
    } _: { server in
      let result = try await runBinary(
        [
          "shell", "--api-url", server.baseURL.absoluteString, "--timeout", "0.3",
          "--database", home.file("q.sqlite"),
        ],
        home: home.path,
        input: "browse\nbrowse --timeout 10\n"
      )
      #expect(result.status == 1)
      #expect(
        result.err.hasPrefix(
          "Error on line 1: DummyJSON did not answer within 0.3 s. Try again, or raise --timeout.\n"
        ))
      #expect(result.out.contains("Slow."))
    }
  }

  @Test("No arguments and no terminal: help, not a shell")
  func noArgumentsWithoutTerminal() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary([], home: home.path, input: "random\n")
    #expect(result.status == 0)
    #expect(result.out.contains("USAGE: powerquotes <subcommand>"))
  }

  @Test("On a terminal: prompt, Up recalls the last line, Tab completes, Ctrl-D leaves with 0")
  func realTerminal() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    // A long history from earlier sessions: the file stays capped at 1000 lines.
    let historyPath = home.file(".local/state/powerquotes/history")
    try FileManager.default.createDirectory(
      atPath: home.file(".local/state/powerquotes"),
      withIntermediateDirectories: true
    )
    try (0..<1005).map { "fav show \($0)\n" }.joined().write(
      toFile: historyPath,
      atomically: true,
      encoding: .utf8
    )
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    let process = try terminal.launch(
      ["shell"],
      home: home.path,
      environment: [
        "POWERQUOTES_DATABASE": home.file("q.sqlite"), "POWERQUOTES_API_URL": "http://127.0.0.1:9",
      ]
    )
    defer { if process.isRunning { process.terminate() } }

    try #require(await terminal.waitFor("powerquotes> "))
    #expect(terminal.output.contains("powerquotes shell: type 'help' for commands"))

    terminal.type("random --offline\r")
    try #require(await terminal.waitFor("Dear Self,", count: 1))
    try #require(await terminal.waitFor("powerquotes> ", count: 2))

    // Up brings back "random --offline"; Enter runs it again.
    terminal.type("\u{1B}[A")
    try #require(await terminal.waitFor("random --offline", count: 2))
    terminal.type("\r")
    try #require(await terminal.waitFor("Dear Self,", count: 2))
    try #require(await terminal.waitFor("powerquotes> ", count: 3))

    // Tab completes "fav se" to "fav search".
    terminal.type("fav se\t")
    try #require(await terminal.waitFor("fav search"))
    // Ctrl-U clears the line; Ctrl-D on an empty line leaves.
    terminal.type("\u{15}\u{04}")
    let status = try await terminal.waitForExit(of: process)
    #expect(status == 0)

    // Run twice in a row, the line is recorded once, after the old lines, within the cap.
    let history = try String(contentsOfFile: historyPath, encoding: .utf8)
      .split(separator: "\n")
    #expect(history.count == 1000)
    #expect(history.last == "random --offline")
    #expect(history.dropLast().last == "fav show 1004")
    let mode = try FileManager.default.attributesOfItem(atPath: historyPath)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  @Test("On a terminal, Ctrl-C abandons the line being typed, or the request in flight")
  func interrupts() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let requested = Requests()
    let configure: @Sendable (HTTPServer) async -> Void = { server in
      await server.appendRoute("GET /quotes/random") { _ in
        requested.count.withLock { $0 += 1 }
        try await Task.sleep(for: .seconds(30))
        return .json(#"{"id":1,"quote":"Too late.","author":"Nobody"}"#)
      }
    }
    try await FixtureServer.with(configure) { server in
      let terminal = try PseudoTerminal(columns: 100, rows: 30)
      let process = try terminal.launch(
        ["shell", "--timeout", "60"],
        home: home.path,
        environment: [
          "POWERQUOTES_DATABASE": home.file("q.sqlite"),
          "POWERQUOTES_API_URL": server.baseURL.absoluteString,
        ]
      )
      defer { if process.isRunning { process.terminate() } }
      try #require(await terminal.waitFor("powerquotes> "))

      // Ctrl-C (as the terminal would send it) on a half-typed line: dropped, never run.
      terminal.type("bogus words")
      try #require(await terminal.waitFor("bogus words"))
      kill(process.processIdentifier, SIGINT)
      try #require(await terminal.waitFor("powerquotes> ", count: 2))

      // Ctrl-C while DummyJSON is slow: the request stops, no saved quote stands in for it.
      terminal.type("random --online\r")
      // Interrupt once the request is in flight.
      for _ in 0..<400 where requested.count.withLock({ $0 }) == 0 {
        try await Task.sleep(for: .milliseconds(50))
      }
      try #require(requested.count.withLock { $0 } == 1)
      kill(process.processIdentifier, SIGINT)
      try #require(await terminal.waitFor("Cancelled."))
      try #require(await terminal.waitFor("powerquotes> ", count: 3))
      #expect(process.isRunning)

      terminal.type("quit\r")
      #expect(try await terminal.waitForExit(of: process) == 0)
      #expect(!terminal.output.contains("Unexpected argument 'bogus'"))
      #expect(!terminal.output.contains("Dear Self,"))
    }
  }
}

extension ShellEndToEndTests {
  @Test("In the shell, Ctrl-C while the editor is open is the editor's: the edit is saved")
  func interruptWhileEditing() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    let added = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates", "--database", database],
      home: home.path)
    #expect(added.status == 0)
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    let process = try terminal.launch(
      ["shell"], home: home.path,
      environment: [
        "POWERQUOTES_DATABASE": database,
        "EDITOR": try LibraryEndToEndTests.interruptedEditor(in: home),
      ])
    defer { if process.isRunning { process.terminate() } }
    try #require(await terminal.waitFor("powerquotes> "))
    terminal.type("fav edit 1\r")
    try #require(await terminal.waitFor("Favorite 1 edited."))
    try #require(await terminal.waitFor("powerquotes> ", count: 2))
    terminal.type("quit\r")
    #expect(try await terminal.waitForExit(of: process) == 0)
    #expect(!terminal.output.contains("Cancelled."))
    let show = try await runBinary(
      ["fav", "show", "1", "--database", database], home: home.path)
    #expect(show.out.contains("Plato"))
  }

  /// A shell on a pseudo-terminal over the database `database` in `home`.
  private func shell(home: TemporaryFolder, database: String) throws -> (PseudoTerminal, Process) {
    let terminal = try PseudoTerminal(columns: 100, rows: 30)
    let process = try terminal.launch(
      ["shell"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": database, "POWERQUOTES_API_URL": "http://127.0.0.1:9"]
    )
    return (terminal, process)
  }

  @Test("On a terminal, Ctrl-C stops a fav import part way: nothing is imported, the shell goes on")
  func interruptsImport() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    _ = try await runBinary(
      ["fav", "add", "Keep.", "--author", "K"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": database])
    // A FIFO: the import reads the first half, then waits while Ctrl-C comes, then the rest.
    let fifo = home.file("quotes.csv")
    try #require(mkfifo(fifo, 0o600) == 0)
    let (terminal, process) = try shell(home: home, database: database)
    defer { if process.isRunning { process.terminate() } }
    try #require(await terminal.waitFor("powerquotes> "))
    terminal.type("fav import \(fifo)\r")
    let writer = open(fifo, O_WRONLY)
    try #require(writer >= 0)
    func send(_ text: String) {
      _ = text.utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
    }
    func rows(_ range: ClosedRange<Int>) -> String {
      range.map { "Quote \($0).,Author \($0 % 50)\n" }.joined()
    }
    send("quote,author\n" + rows(1...20_000))
    kill(process.processIdentifier, SIGINT)
    // Let the shell take the signal before the rest comes.
    try await Task.sleep(for: .milliseconds(200))
    send(rows(20_001...40_000))
    close(writer)
    try #require(await terminal.waitFor("Cancelled."))
    try #require(await terminal.waitFor("powerquotes> ", count: 2))
    terminal.type("list\r")
    try #require(await terminal.waitFor("1-1/1"))
    terminal.type("quit\r")
    #expect(try await terminal.waitForExit(of: process) == 0)
    #expect(!terminal.output.contains("added"))
  }

  @Test("On a terminal, Ctrl-C abandons a question: the next line is a command, not an answer")
  func interruptsQuestions() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    for text in ["One.", "Two."] {
      _ = try await runBinary(
        ["fav", "add", text, "--author", "K"], home: home.path,
        environment: ["POWERQUOTES_DATABASE": database])
    }
    _ = try await runBinary(
      ["fav", "rm", "2", "--yes"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": database])
    let (terminal, process) = try shell(home: home, database: database)
    defer { if process.isRunning { process.terminate() } }
    try #require(await terminal.waitFor("powerquotes> "))
    let questions = [
      ("delete 1", "Remove this favorite? [y/N] "), ("trash --empty", "This cannot be undone."),
    ]
    for (index, (line, question)) in questions.enumerated() {
      terminal.type(line + "\r")
      try #require(await terminal.waitFor(question))
      kill(process.processIdentifier, SIGINT)
      try #require(await terminal.waitFor("Cancelled.", count: index + 1))
      try #require(await terminal.waitFor("powerquotes> ", count: 2 * index + 2))
      terminal.type("y\r")
      try #require(await terminal.waitFor("powerquotes> ", count: 2 * index + 3))
    }
    terminal.type("quit\r")
    #expect(try await terminal.waitForExit(of: process) == 0)
    #expect(terminal.output.components(separatedBy: "Unknown command 'y'").count == 3)
    let list = try await runBinary(
      ["fav", "list"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": database])
    #expect(list.out.contains("One."))
    let trash = try await runBinary(
      ["fav", "trash"], home: home.path,
      environment: ["POWERQUOTES_DATABASE": database])
    #expect(trash.out.contains("Two."))
  }

  @Test("On a terminal, Tab completes an author quoted, so the line reads it as one word")
  func completesAuthorsQuoted() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let database = home.file("q.sqlite")
    for (text, author) in [("Waste no time.", "Marcus Aurelius"), ("Life.", "Eugene O'Neill")] {
      _ = try await runBinary(
        ["fav", "add", text, "--author", author], home: home.path,
        environment: ["POWERQUOTES_DATABASE": database])
    }
    let (terminal, process) = try shell(home: home, database: database)
    defer { if process.isRunning { process.terminate() } }
    try #require(await terminal.waitFor("powerquotes> "))
    // Two Tabs list the candidates as they read, without the quote that closes one put in the
    // line (readline would show `Aurelius"`); Ctrl-U drops the line.
    terminal.type("search \"\t\t")
    try #require(await terminal.waitFor("Marcus Aurelius"))
    try #require(await terminal.waitFor("Eugene O'Neill"))
    #expect(!terminal.output.contains("Aurelius\"") && !terminal.output.contains("Neill\""))
    terminal.type("\u{15}")
    terminal.type("random --favorites --author mar\t")
    try #require(await terminal.waitFor("Aurelius\""))
    terminal.type("\r")
    try #require(await terminal.waitFor("Waste no time."))
    terminal.type("search eug\t")
    try #require(await terminal.waitFor("O'Neill\""))
    terminal.type("\r")
    try #require(await terminal.waitFor("Life."))
    terminal.type("search 'eug\t")
    try #require(await terminal.waitFor(#"O'\''Neill'"#))
    terminal.type("\r")
    try #require(await terminal.waitFor("Life.", count: 2))
    terminal.type("quit\r")
    #expect(try await terminal.waitForExit(of: process) == 0)
    #expect(!terminal.output.contains("Error"))
  }
}

/// How many requests a fixture server has had.
final class Requests: Sendable {
  let count = Mutex(0)
}

/// A pseudo-terminal: the test holds the main side, the program gets the other as its terminal.
final class PseudoTerminal: Sendable {
  private let main: Int32
  /// The program's end, `/dev/pts/N`.
  let replicaPath: String
  private let received = Mutex("")

  init(columns: UInt16, rows: UInt16) throws {
    // posix_openpt and friends are hidden from Swift's Glibc module; these are what they do on
    // Linux: open the multiplexer, unlock the new terminal (TIOCSPTLCK), ask its number
    // (TIOCGPTN).
    main = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard main >= 0, ioctl(main, 0x4004_5431, &unlock) == 0, ioctl(main, 0x8004_5430, &number) == 0
    else {
      throw POSIXError(.ENOTTY)
    }
    replicaPath = "/dev/pts/\(number)"
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(main, UInt(TIOCSWINSZ), &size)
  }

  deinit { close(main) }

  /// Closes the terminal, as closing its window does: the program's end reads end-of-file and
  /// hang-ups from now on. (The test's end becomes /dev/null, so its descriptor stays its own.)
  func hangUp() {
    let null = open("/dev/null", O_RDWR)
    dup2(null, main)
    close(null)
  }

  /// The program's end, to use as its standard input, output and error.
  func replicaHandle() -> FileHandle {
    FileHandle(fileDescriptor: open(replicaPath, O_RDWR | O_NOCTTY), closeOnDealloc: true)
  }

  /// Starts the built binary on this terminal, with a clean environment: readline without the
  /// user's ~/.inputrc, `home` as HOME, plus `environment`; in `directory` when given.
  func launch(
    _ arguments: [String],
    home: String,
    environment: [String: String],
    directory: String? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: builtBinary)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = arguments
    process.environment = [
      "HOME": home, "PATH": "/usr/bin:/bin", "TERM": "xterm", "INPUTRC": "/dev/null",
      "LANG": "C.UTF-8",
    ].merging(environment) { $1 }
    let replica = replicaHandle()
    process.standardInput = replica
    process.standardOutput = replica
    process.standardError = replica
    try withInterruptsUnblocked { try process.run() }
    try replica.close()
    return process
  }

  /// Everything the program has written so far.
  var output: String { received.withLock { $0 } }

  /// Gives the terminal a new size (the program hears of it by SIGWINCH).
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(main, UInt(TIOCSWINSZ), &size)
  }

  /// The terminal's line settings as the program left them.
  func settings() -> termios {
    let replica = open(replicaPath, O_RDWR | O_NOCTTY)
    defer { close(replica) }
    var settings = termios()
    _ = tcgetattr(replica, &settings)
    return settings
  }

  /// Sends keys to the program.
  func type(_ keys: String) {
    _ = keys.utf8CString.withUnsafeBufferPointer { buffer in
      write(main, buffer.baseAddress, buffer.count - 1)
    }
  }

  /// Reads until `condition` holds for everything written so far; false if it has not after a
  /// long while.
  func waitUntil(_ condition: (String) -> Bool) async -> Bool {
    for _ in 0..<400 {
      drain()
      if condition(output) { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  /// Reads until `text` has appeared `count` times; false if it has not after a long while
  /// (a safety net so a broken shell fails the test instead of hanging it).
  func waitFor(_ text: String, count: Int = 1) async -> Bool {
    for _ in 0..<400 {
      drain()
      if output.components(separatedBy: text).count - 1 >= count { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  /// Waits for the program to exit, reading what it writes meanwhile.
  func waitForExit(of process: Process) async throws -> Int32 {
    for _ in 0..<400 where process.isRunning {
      drain()
      try await Task.sleep(for: .milliseconds(50))
    }
    drain()
    return process.isRunning ? -1 : process.terminationStatus
  }

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptor = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return }
      let count = read(main, &buffer, buffer.count)
      guard count > 0 else { return }
      received.withLock { $0 += String(decoding: buffer[0..<count], as: UTF8.self) }
    }
  }
}
