import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// The built binary with `--database postgres://...`: the commands behave as on SQLite.
///
/// Skipped, by name, without `POWERQUOTES_TEST_POSTGRES_URL`; with `CI=true` they run (and fail
/// without a server).
@Suite(
  "PostgreSQL end to end",
  .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresEndToEndTests {
  /// A new database on the test server for `body`, as the URL text a user types, with the
  /// password in it; dropped afterwards.
  func withDatabase(_ body: (_ url: String, _ password: String) async throws -> Void)
    async throws
  {
    let base = try PostgresTestDatabase.serverURL()
    let url = try await PostgresTestDatabase.onThread { try PostgresTestDatabase.create(on: base) }
    defer { PostgresTestDatabase.drop(url, on: base) }
    let password = try #require(base.password)
    let text =
      "postgres://\(base.user ?? "postgres"):\(password)@\(base.host ?? "127.0.0.1"):"
      + "\(base.port)/\(url.database ?? "")"
    try await body(text, password)
  }

  /// Saves Socrates' "Know thyself." as favorite 1 in the library `url`, and returns another
  /// connection that holds its row locked (`FOR UPDATE`) until it ends its transaction.
  func favoriteLockedElsewhere(url: String, home: TemporaryFolder) async throws
    -> PostgresConnection
  {
    let added = try await runBinary(
      ["fav", "add", "Know thyself.", "--author", "Socrates", "--database", url], home: home.path)
    #expect(added.status == 0, "stderr: \(added.err)")
    let holder = try PostgresConnection(url: try PostgresURL(parsing: url), timeout: 60)
    try holder.execute("BEGIN")
    try holder.execute("SELECT id FROM favorite WHERE id = 1 FOR UPDATE")
    return holder
  }

  @Test("add, a duplicate (exit 3), list, search, show, rm; the password is never shown")
  func favorites() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, password in
      func run(_ arguments: [String]) async throws -> RunResult {
        let result = try await runBinary(arguments + ["--database", url], home: home.path)
        #expect(!result.out.contains(password) && !result.err.contains(password))
        return result
      }
      let added = try await run(
        ["fav", "add", "Be mindful of what you say.", "--author", "Umar ibn Al-Khattāb"])
      #expect(added.status == 0, "stderr: \(added.err)")
      #expect(added.out == "Favorite added! (id 1)\n")
      let again = try await run(
        ["fav", "add", "“be mindful of what you say.”", "--author", "UMAR IBN AL-KHATTĀB"])
      #expect(again.status == 3)
      #expect(again.err.contains("Already a Favorite"))
      let second = try await run(["fav", "add", "Know thyself.", "--author", "Socrates"])
      #expect(second.out == "Favorite added! (id 2)\n")

      let list = try await run(["fav", "list"])
      #expect(list.status == 0)
      #expect(list.out.contains("Be mindful") && list.out.contains("Know thyself."))
      let search = try await run(["fav", "search", "khattab"])
      #expect(search.status == 0)
      #expect(search.out.contains("Be mindful") && !search.out.contains("Know thyself."))
      // The library: tags, find, random from the favorites and stats, as on SQLite.
      let tagged = try await run(["fav", "tag", "2", "Greek", "--format", "json"])
      #expect(tagged.status == 0, "stderr: \(tagged.err)")
      #expect(tagged.out.contains("\"greek\""))
      let tags = try await run(["fav", "tags"])
      #expect(tags.status == 0 && tags.out.contains("greek"))
      let find = try await run(["fav", "find", "MINDFUL"])
      #expect(find.status == 0, "stderr: \(find.err)")
      #expect(find.out.contains("Be mindful") && !find.out.contains("Know thyself."))
      let byTag = try await run(["fav", "list", "--tag", "greek"])
      #expect(byTag.out.contains("Know thyself.") && !byTag.out.contains("Be mindful"))
      let nothing = try await run(["fav", "find", "*"])
      #expect(nothing.status == 64)
      #expect(!nothing.err.contains("PostgreSQL"))
      let favorite = try await run(["random", "--favorites", "--tag", "greek", "--short"])
      #expect(favorite.status == 0 && favorite.out.contains("Know thyself."))
      let stats = try await run(["fav", "stats", "--format", "json"])
      #expect(stats.status == 0, "stderr: \(stats.err)")
      #expect(stats.out.contains("\"total\" : 2") || stats.out.contains("\"total\":2"))
      let show = try await run(["fav", "show", "2", "--format", "json"])
      #expect(show.out.contains("\"Socrates\""))

      let removed = try await run(["fav", "rm", "1", "--yes"])
      #expect(removed.status == 0, "stderr: \(removed.err)")
      let missing = try await run(["fav", "rm", "1", "--yes"])
      #expect(missing.status == 1)
      #expect(missing.err.contains("No favorite with id 1."))
      let after = try await run(["fav", "list", "--format", "json"])
      #expect(!after.out.contains("Be mindful") && after.out.contains("Know thyself."))

      // random and today keep the last quote shown and the pool on the server too.
      let today = try await run(["today", "--format", "json"])
      #expect(today.status == 0 && today.out.contains("Know thyself."))
      let share = try await run(["share"])
      #expect(share.status == 0 && share.out.contains("Know thyself."))
    }
  }

  @Test("SQLite to PostgreSQL and back with export and import loses nothing")
  func roundTrip() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, password in
      let source = home.file("first.sqlite")
      let original = home.file("original.json")
      try """
      [
        {"quote": "Your heart is the size of an ocean.", "author": "Rumi", \
      "source": "dummyjson", "sourceId": 1, "savedAt": "2025-03-04T05:06:07.891Z"},
        {"quote": "Ça ira, \\\\ mais \\"lentement\\".", "author": "Zoë Ñandú", \
      "source": "manual", "savedAt": "2024-12-31T23:59:59.999Z"},
        {"quote": "學而時習之", "author": "孔子", "source": "zenquotes", \
      "savedAt": "2026-01-15T08:00:00.000Z"}
      ]
      """.write(toFile: original, atomically: true, encoding: .utf8)
      let steps: [[String]] = [
        ["fav", "import", original, "--database", source],
        ["fav", "export", "--output", home.file("from-sqlite.json"), "--database", source],
        ["fav", "import", home.file("from-sqlite.json"), "--database", url],
        ["fav", "export", "--output", home.file("from-postgres.json"), "--database", url],
        ["fav", "import", home.file("from-postgres.json"), "--database", home.file("b.sqlite")],
        ["fav", "export", "--output", home.file("back.json"), "--database", home.file("b.sqlite")],
      ]
      for step in steps {
        let result = try await runBinary(step, home: home.path)
        #expect(result.status == 0, "\(step): \(result.err)")
        #expect(!result.err.contains(password))
      }
      let fromSQLite = try String(contentsOfFile: home.file("from-sqlite.json"), encoding: .utf8)
      #expect(fromSQLite.contains("2025-03-04T05:06:07.891Z"))
      #expect(fromSQLite.contains("Zoë Ñandú"))
      #expect(
        try String(contentsOfFile: home.file("from-postgres.json"), encoding: .utf8) == fromSQLite)
      #expect(try String(contentsOfFile: home.file("back.json"), encoding: .utf8) == fromSQLite)
    }
  }

  @Test("Eight processes adding at once: the distinct favorites, the copies Already a Favorite")
  func eightProcesses() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, _ in
      // The schema is made by the first command; the eight then race on the inserts.
      let first = try await runBinary(["fav", "list", "--database", url], home: home.path)
      #expect(first.status == 0, "stderr: \(first.err)")
      let results = try await withThrowingTaskGroup(of: RunResult.self) { group in
        for n in 0..<8 {
          group.addTask {
            try await runBinary(
              ["fav", "add", "Quote number \(n % 4).", "--author", "Process \(n % 4)"]
                + ["--database", url],
              home: home.path)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(results.filter { $0.status == 0 }.count == 4)
      let copies = results.filter { $0.status == 3 }
      #expect(copies.count == 4)
      for copy in copies {
        #expect(copy.err == "Already a Favorite: This quote is already in your favorites.\n")
      }
      let list = try await runBinary(
        ["fav", "export", "--format", "csv", "--database", url], home: home.path)
      // CSV ends its lines with CR LF.
      let rows = list.out.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
      #expect(rows.count == 4)
      #expect(Set(rows.map { $0.split(separator: ",")[0] }).count == 4)
    }
  }

  @Test("A user the server refuses permission: random and today go on without the library")
  func permissionRefused() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, _ in
      // A role that may connect but not create in the schema public (PostgreSQL 15 and later).
      let base = try PostgresTestDatabase.serverURL()
      let role = "powerquotes_guest_" + UUID().uuidString.lowercased().filter { $0 != "-" }
      let admin = try await PostgresTestDatabase.onThread {
        try PostgresConnection(url: base, timeout: 30)
      }
      try admin.execute("CREATE ROLE \(role) LOGIN PASSWORD 'guest-pass'")
      defer {
        _ = try? admin.execute("DROP OWNED BY \(role)")
        _ = try? admin.execute("DROP ROLE IF EXISTS \(role)")
      }
      let guest = url.replacingOccurrences(
        of: "//\(base.user ?? "postgres"):\(base.password ?? "")@", with: "//\(role):guest-pass@")
      let list = try await runBinary(["fav", "list", "--database", guest], home: home.path)
      #expect(list.status == 1)
      #expect(list.err.hasPrefix("Error: The PostgreSQL server at "))
      #expect(list.err.split(separator: "\n").count == 1)
      for command in [["random", "--offline"], ["today"]] {
        let result = try await runBinary(command + ["--database", guest], home: home.path)
        #expect(result.status == 0, "stderr: \(result.err)")
        #expect(result.out.contains("Dear Self,"))
        #expect(result.err.contains("permission denied"))
        #expect(
          result.err.hasSuffix(" Showing a quote without your library; it is not remembered.\n"))
      }
    }
  }

  @Test("A server that is down: one sentence with host and port, exit 1; random and today go on")
  func serverDown() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    // Nothing listens on port 1 of the loopback address.
    let url = "postgres://quotes:sEcr3tPa55@127.0.0.1:1/library"
    for command in [["fav", "list"], ["fav", "add", "Know thyself.", "--author", "Socrates"]] {
      let result = try await runBinary(
        command + ["--database", url, "--timeout", "5"], home: home.path)
      #expect(result.status == 1)
      #expect(result.out.isEmpty)
      #expect(result.err.split(separator: "\n").count == 1)
      #expect(result.err.contains("PostgreSQL server at 127.0.0.1:1"))
      #expect(!result.err.contains("sEcr3tPa55"))
    }
    for command in [["random", "--offline"], ["today"]] {
      let result = try await runBinary(
        command + ["--database", url, "--timeout", "5"], home: home.path)
      #expect(result.status == 0, "stderr: \(result.err)")
      #expect(result.out.contains("Dear Self,"))
      #expect(result.err.contains("PostgreSQL server at 127.0.0.1:1"))
      #expect(result.err.contains("Showing a quote without your library"))
      #expect(!result.err.contains("sEcr3tPa55"))
    }
    // The variable is read like the flag, and nothing is created in the current folder.
    let fromVariable = try await runBinary(
      ["fav", "list"], home: home.path, environment: ["POWERQUOTES_DATABASE": url])
    #expect(fromVariable.status == 1)
    #expect(fromVariable.err.contains("127.0.0.1:1") && !fromVariable.err.contains("sEcr3tPa55"))
    #expect(
      !FileManager.default.fileExists(
        atPath: FileManager.default.currentDirectoryPath + "/postgres:"))
    // The global options are listed once, by `help options`.
    let help = try await runBinary(["help", "options"], home: home.path)
    #expect(help.out.contains("postgres://"))
  }

  @Test("edit, a duplicate edit (exit 3), rm and undo answer as on SQLite, word for word")
  func editAndUndoAsOnSQLite() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, password in
      let file = home.file("three.csv")
      let saved = "2025-01-02T03:04:05.678Z"
      try "quote,author,savedAt,note,tags\nKnow thyself.,Socrates,\(saved),,greek\n"
        .appending("Well done is better than well said.,Benjamin Franklin,\(saved),Poor Richard,\n")
        .appending(
          "Simplicity is the ultimate sophistication.,Leonardo da Vinci,\(saved),,art design\n"
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
      let steps: [[String]] = [
        ["fav", "import", file],
        ["fav", "edit", "2", "--quote", "Know thyself.", "--author", "SOCRATES"],
        ["fav", "edit", "2", "--note", "Almanack, 1737"],
        ["fav", "edit", "2", "--note", "Almanack, 1737"],
        ["fav", "rm", "1", "3", "--yes"],
        ["fav", "add", "Know thyself.", "--author", "Socrates"],
        ["fav", "restore", "3"],
        ["fav", "list"],
        ["fav", "undo", "--format", "json"],
        ["fav", "undo"], ["fav", "undo"], ["fav", "undo"],
        ["fav", "list", "--format", "json"],
        ["fav", "undo"], ["fav", "list"], ["fav", "undo"],
      ]
      var answers: [String: [RunResult]] = [:]
      for database in [home.file("same.sqlite"), url] {
        for step in steps {
          let result = try await runBinary(step + ["--database", database], home: home.path)
          #expect(!result.out.contains(password) && !result.err.contains(password))
          answers[database, default: []].append(result)
        }
      }
      let sqlite = try #require(answers[home.file("same.sqlite")])
      let postgres = try #require(answers[url])
      for (index, step) in steps.enumerated() {
        #expect(postgres[index].status == sqlite[index].status, "\(step)")
        // JSON carries the time of each change; the rest is the same to the byte.
        if !step.contains("json") || step.contains("list") {
          #expect(postgres[index].out == sqlite[index].out, "\(step)")
        }
        #expect(postgres[index].err == sqlite[index].err, "\(step)")
      }
      #expect(sqlite[1].status == 3 && sqlite[1].err.contains("Already a Favorite"))
      #expect(sqlite[2].out == "Favorite 2 edited.\n")
      #expect(sqlite[3].status == 0 && sqlite[3].err.contains("Nothing changed"))
      // Socrates is in the trash: saved again, under a new id.
      #expect(sqlite[5].status == 0 && sqlite[5].out.contains("id 4"))
      #expect(sqlite[9].out == "Undid: adding favorite 4.\n")
      #expect(sqlite[10].out == "Undid: removing 2 favorites (1, 3).\n")
      #expect(sqlite[11].out == "Undid: editing favorite 2.\n")
      #expect(sqlite[12].out.contains("Poor Richard") && sqlite[12].out.contains("design"))
      #expect(sqlite[13].out == "Undid: importing 3 favorites.\n")
      #expect((sqlite[14].out + sqlite[14].err).contains("No favorites yet"))
      #expect(sqlite[15].status == 1 && sqlite[15].out.isEmpty)
    }
  }

  @Test("A statement held up by another connection's lock: one sentence, exit 1, nothing changed")
  func lockHeldElsewhere() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, password in
      let server = try PostgresURL(parsing: url).server
      let holder = try await favoriteLockedElsewhere(url: url, home: home)
      let edit = try await runBinary(
        ["fav", "edit", "1", "--note", "Delphi", "--database", url, "--timeout", "0.5"],
        home: home.path)
      try holder.execute("ROLLBACK")
      #expect(edit.status == 1)
      #expect(edit.out.isEmpty)
      #expect(
        edit.err
          == "Error: The PostgreSQL server at \(server) waited 0.5 seconds for another "
          + "connection to finish with the library, and gave up; nothing was changed. Try "
          + "again, or raise --timeout.\n")
      #expect(!edit.err.contains(password))
      let show = try await runBinary(
        ["fav", "show", "1", "--format", "json", "--database", url], home: home.path)
      #expect(show.status == 0 && !show.out.contains("Delphi"))
    }
  }

  @Test(
    "In the shell, Ctrl-C stops a statement waiting on the server; the next command connects again")
  func interruptInTheShell() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, password in
      let holder = try await favoriteLockedElsewhere(url: url, home: home)
      let terminal = try PseudoTerminal(columns: 100, rows: 30)
      let process = try terminal.launch(
        ["shell", "--timeout", "60"], home: home.path, environment: ["POWERQUOTES_DATABASE": url])
      defer { if process.isRunning { process.terminate() } }
      try #require(await terminal.waitFor("powerquotes> "))

      terminal.type("fav edit 1 --note Delphi\r")
      // Interrupt once the edit waits for the row the holder has locked (asked on a connection
      // of its own: in the holder's transaction, pg_stat_activity would not change).
      let monitor = try PostgresConnection(url: try PostgresURL(parsing: url), timeout: 60)
      var waiting = false
      for _ in 0..<400 where !waiting {
        try await Task.sleep(for: .milliseconds(50))
        waiting =
          try monitor.execute(
            "SELECT count(*) AS c FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
          ).value("c") != "0"
      }
      try #require(waiting)
      kill(process.processIdentifier, SIGINT)
      try #require(await terminal.waitFor("Cancelled."))
      try #require(await terminal.waitFor("powerquotes> ", count: 2))
      try holder.execute("ROLLBACK")

      terminal.type("fav show 1\r")
      try #require(await terminal.waitFor("Socrates"))
      try #require(await terminal.waitFor("powerquotes> ", count: 3))
      terminal.type("quit\r")
      #expect(try await terminal.waitForExit(of: process) == 0)
      #expect(!terminal.output.contains(password))
      let show = try await runBinary(
        ["fav", "show", "1", "--format", "json", "--database", url], home: home.path)
      #expect(show.status == 0 && !show.out.contains("Delphi"))
    }
  }

  @Test("An import killed part way leaves nothing: it is one transaction")
  func killedImport() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, _ in
      let file = home.file("many.csv")
      let rows = (1...20_000).map { "Saying number \($0),Author \($0 % 50)" }
      try (["quote,author"] + rows).joined(separator: "\n")
        .write(toFile: file, atomically: true, encoding: .utf8)
      // The schema first, so the sequence below exists.
      let first = try await runBinary(["fav", "list", "--database", url], home: home.path)
      #expect(first.status == 0, "stderr: \(first.err)")

      // The import writes its undo step after its last row: a transaction that holds that
      // table keeps the import waiting there, all rows added and nothing committed, however
      // slowly this test gets its turn on a busy machine.
      let watcher = try PostgresConnection(url: try PostgresURL(parsing: url), timeout: 30)
      try watcher.executeScript("BEGIN; LOCK TABLE library_undo_step IN EXCLUSIVE MODE")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: builtBinary)
      process.arguments = ["fav", "import", file, "--database", url]
      process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var waiting = 0
      while process.isRunning && waiting == 0 {
        try await Task.sleep(for: .milliseconds(20))
        // Waiting for that table, in this test's database: other tests share the server.
        let waiters = try watcher.execute(
          """
          SELECT count(*) FROM pg_locks
          WHERE NOT granted AND locktype = 'relation'
            AND relation = 'library_undo_step'::regclass
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          """)
        waiting = Int(waiters.values[0][0] ?? "") ?? 0
      }
      #expect(process.isRunning, "the import ended before it could be killed")
      // Identity values are drawn outside the transaction, so another connection sees them.
      let drawn = try watcher.execute("SELECT last_value FROM favorite_id_seq").values[0][0]
      #expect(drawn == "20000")
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
      try watcher.executeScript("ROLLBACK")
      let count = try watcher.execute("SELECT count(*) FROM favorite")
      #expect(count.values[0][0] == "0")
      let list = try await runBinary(["fav", "list", "--database", url], home: home.path)
      #expect(list.status == 0)
      #expect(!list.out.contains("Saying number"))
    }
  }

  @Test("An edit by form over a change made meanwhile by another process is refused and kept")
  func raceWhileEditing() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await withDatabase { url, _ in
      let env = [
        "XDG_DATA_HOME": home.file("data"),
        "EDITOR": try LibraryEndToEndTests.racingEditor(in: home, database: url),
      ]
      func run(_ arguments: [String]) async throws -> RunResult {
        try await runBinary(arguments + ["--database", url], home: home.path, environment: env)
      }
      #expect(try await run(["fav", "add", "Know thyself.", "--author", "Socrates"]).status == 0)
      try LibraryEndToEndTests.expectRefusedRace(try await run(["fav", "edit", "1"]), home: home)
      let show = try await run(["fav", "show", "1"])
      #expect(show.out.contains("Socrates") && show.out.contains("Note: Added elsewhere"))
      #expect(!show.out.contains("Plato"))
    }
  }
}
