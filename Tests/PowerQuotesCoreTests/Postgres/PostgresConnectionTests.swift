import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipReason))
struct PostgresConnectionTests {
  @Test func runsAStatementWithParameters() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    let rows = try connection.execute(
      "SELECT $1::text AS text, $2::bigint + 1 AS number, $3::text IS NULL AS missing, $3 AS gone",
      ["Umar ibn Al-Khattāb \u{1F600}", "41", nil])
    #expect(rows.columns == ["text", "number", "missing", "gone"])
    #expect(rows.values == [["Umar ibn Al-Khattāb \u{1F600}", "42", "t", nil]])
    #expect(rows.value("number") == "42")
    #expect(connection.isOpen)
  }

  @Test("A result read in place: its bytes, and whole numbers read from them")
  func readsAResultInPlace() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    let result = try connection.query(
      "SELECT n, n::text || 'x' AS word FROM (VALUES ($1::bigint), (0), (-42), "
        + "(9223372036854775807), (-9223372036854775808), (NULL)) AS v (n)",
      ["7"])
    // The connection runs other statements meanwhile: the result is its own.
    try connection.execute("SELECT 1")
    #expect(result.rowCount == 6 && result.columnNames == ["n", "word"])
    #expect(
      (0..<6).map { result.integer($0, 0) }
        == [7, 0, -42, .max, .min, nil])
    #expect(result.integer(0, 1) == nil && result.integer(5, 1) == nil)
    #expect(result.bytes(2, 1).map { Array($0) } == Array("-42x".utf8))
    #expect(result.bytes(5, 0) == nil && result.text(1, 1) == "0x")
  }

  @Test func runsScriptsAndCountsChangedRows() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    try connection.executeScript(
      """
      CREATE TEMPORARY TABLE t (n integer PRIMARY KEY);
      INSERT INTO t VALUES (1), (2), (3);
      """)
    let deleted = try connection.execute("DELETE FROM t WHERE n >= $1", ["2"])
    #expect(deleted.affectedRows == 2)
    #expect(try connection.execute("SELECT count(*) AS c FROM t").value("c") == "1")
  }

  @Test func saysWhichRuleAStatementBroke() throws {
    let url = try PostgresTestServer.baseURL()
    let connection = try PostgresConnection(url: url, timeout: 10)
    try connection.execute("CREATE TEMPORARY TABLE t (n integer UNIQUE)")
    try connection.execute("INSERT INTO t VALUES (1)")
    do {
      try connection.execute("INSERT INTO t VALUES ($1)", ["1"])
      Issue.record("a duplicate was inserted")
    } catch let error as PostgresError {
      guard case .statementFailed(let server, let sqlState, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(server == url.server)
      #expect(sqlState == "23505")
      #expect(message.hasPrefix("duplicate key value violates unique constraint"))
    }
    // A refused statement leaves the connection usable.
    #expect(try connection.execute("SELECT 1 AS one").value("one") == "1")
  }

  @Test func aClosedPortIsOneSentenceNamingHostAndPort() throws {
    var url = try PostgresTestServer.baseURL()
    url.host = "127.0.0.1"
    url.port = Int(try closedPort())
    #expect {
      try PostgresConnection(url: url, timeout: 5)
    } throws: { error in
      let sentence = error.localizedDescription
      return error as? PostgresError
        == .cannotConnect(server: "127.0.0.1:\(url.port)", reason: "Connection refused")
        && sentence
          == "Could not connect to the PostgreSQL server at 127.0.0.1:\(url.port): Connection "
          + "refused."
        && !sentence.contains(url.password ?? "-")
    }
  }

  @Test func aSilentServerTimesOutAfterAFractionOfASecond() throws {
    // A socket that listens and never accepts: the kernel completes the handshake, then nothing
    // answers powerquotes' first message.
    let (socket, port) = try LoopbackSocket.listening()
    defer { close(socket) }
    var url = try PostgresTestServer.baseURL()
    url.host = "127.0.0.1"
    url.port = Int(port)
    url.sslMode = .disable
    #expect(throws: PostgresError.timedOut(server: "127.0.0.1:\(port)", seconds: 0.3)) {
      try PostgresConnection(url: url, timeout: 0.3)
    }
    #expect(
      PostgresError.timedOut(server: "127.0.0.1:\(port)", seconds: 0.3).localizedDescription
        == "The PostgreSQL server at 127.0.0.1:\(port) did not answer within 0.3 seconds.")
  }

  @Test func aWrongPasswordIsNamedWithoutThePassword() throws {
    var url = try PostgresTestServer.baseURL()
    let right = try #require(url.password)
    url.password = "wrong-\(right)-guess"
    url.sslMode = .disable
    #expect {
      try PostgresConnection(url: url, timeout: 10)
    } throws: { error in
      let sentence = error.localizedDescription
      return error as? PostgresError
        == .authenticationFailed(server: url.server, user: url.user ?? "")
        && sentence.contains(url.server) && !sentence.contains(right)
        && !sentence.contains("guess")
    }
  }

  @Test func aStatementPastItsTimeoutClosesTheConnection() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    #expect(throws: PostgresError.timedOut(server: connection.url.server, seconds: 0.2)) {
      try connection.execute("SELECT pg_sleep(30)", timeout: 0.2)
    }
    #expect(!connection.isOpen)
  }

  @Test func cancelFromAnotherThreadEndsTheWait() async throws {
    // A timeout past the sleep: only the cancel may end the wait, however late it comes.
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 300)
    // On a thread started at once: a task would wait for one of the two threads tasks share,
    // and in a full suite both can be held by other tests' blocking statements for longer than
    // the wait below (this test failed so in a clean-clone CI run).
    let sleeping = PostgresTestDatabase.startThread {
      try connection.execute("SELECT pg_sleep(200)")
    }
    // Until the statement is on the server: then the cancel must wake its wait.
    let monitor = try PostgresConnection(url: connection.url, timeout: 10)
    try await PostgresTestServer.waitUntil("the statement on the server") {
      try monitor.execute(
        "SELECT count(*) AS c FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(200)'"
      ).value("c") != "0"
    }
    connection.cancel()
    await #expect(throws: CancellationError.self) { try await sleeping.value }
    #expect(!connection.isOpen)
  }

  @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 300)
    // The statement blocks the task's thread, one of the two Swift's tasks share here: it is
    // cancelled at once, and its wait ends at its next look at the task (within 50 ms). Without
    // those looks it would sleep its 5 seconds and succeed. (A wait ended while the statement is
    // on the server: the shell's end-to-end test, whose statement is in another process.)
    let sleeping = Task { try connection.execute("SELECT pg_sleep(5)") }
    sleeping.cancel()
    await #expect(throws: CancellationError.self) { try await sleeping.value }
    #expect(!connection.isOpen)
  }

  @Test func aClosedConnectionIsOpenedAgainForTheNextCommand() throws {
    let password = try PostgresTestServer.baseURL().password ?? ""
    try PostgresTestServer.withFreshDatabase { url in
      let lazy = LazyDatabase.opening(
        url.description, timeout: 10, environment: ["PGPASSWORD": password])
      let first = try #require(try lazy.get() as? PostgresStore)
      first.connection.cancel()
      #expect(throws: CancellationError.self) { try first.poolCount() }
      #expect(first.isClosed)
      let second = try #require(try lazy.get() as? PostgresStore)
      #expect(second !== first)
      #expect(try second.poolCount() == 0)
      #expect(try lazy.get() as? PostgresStore === second)
    }
  }

  @Test func aSessionEndedByTheServerIsALostConnectionInOneSentence() async throws {
    try await PostgresTestServer.withFreshDatabase { url in
      let store = try PostgresStore.open(url: url, timeout: 10)
      _ = try store.addFavorite(Samples.rumi, at: testDate)
      let pid = try #require(try store.execute("SELECT pg_backend_pid() AS pid").value("pid"))
      let admin = try PostgresConnection(url: url, timeout: 10)
      try admin.execute("SELECT pg_terminate_backend($1::int)", [pid])
      try await PostgresTestServer.waitUntil("the session to end") {
        try admin.execute(
          "SELECT count(*) AS c FROM pg_stat_activity WHERE pid = $1::int", [pid]
        ).value("c") == "0"
      }
      #expect {
        try store.addFavorite(Samples.lao, at: testDate)
      } throws: { error in
        let reasons = [
          "terminating connection due to administrator command",
          "server closed the connection unexpectedly",
        ]
        return reasons.contains { reason in
          error as? PostgresError == .connectionLost(server: url.server, reason: reason)
            && error.localizedDescription
              == "The connection to the PostgreSQL server at \(url.server) was lost: \(reason)."
        }
      }
    }
  }

  // MARK: - Sockets

  /// A port on 127.0.0.1 that nothing listens on.
  private func closedPort() throws -> UInt16 {
    let (socket, port) = try LoopbackSocket.listening()
    close(socket)
    return port
  }

  @Test("Pages: each next statement made from the page before, sent before that page is read")
  func pagesFollowEachOther() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    let sql = "SELECT n FROM generate_series($1::bigint + 1, 10) AS n LIMIT 4"
    var pages: [[Int64]] = []
    try connection.forEachPage(sql, ["0"]) { page in
      page.rowCount == 4 ? [String(page.integer(3, 0) ?? 0)] : nil
    } _: { page in
      pages.append((0..<page.rowCount).map { page.integer($0, 0) ?? -1 })
    }
    #expect(pages == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]])
  }

  @Test("A reader that stops at a page leaves the connection ready, the next page dropped")
  func aReaderThatThrowsLeavesTheConnectionReady() throws {
    struct Stop: Error {}
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    var read = 0
    #expect(throws: Stop.self) {
      try connection.forEachPage("SELECT $1::bigint + 1 AS n", ["0"]) { page in
        [String(page.integer(0, 0) ?? 0)]
      } _: { _ in
        read += 1
        if read == 3 { throw Stop() }
      }
    }
    #expect(read == 3)
    #expect(connection.isOpen)
    #expect(try connection.execute("SELECT 42 AS n").value("n") == "42")
  }

  @Test("A page the server refuses is its sentence, and the connection goes on")
  func aRefusedPageIsAnError() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.baseURL(), timeout: 10)
    var read = 0
    #expect(throws: PostgresError.self) {
      try connection.forEachPage("SELECT 10 / $1::int AS n", ["1"]) { _ in
        ["0"]
      } _: { _ in
        read += 1
      }
    }
    #expect(read == 1)
    #expect(try connection.execute("SELECT 7 AS n").value("n") == "7")
  }
}
