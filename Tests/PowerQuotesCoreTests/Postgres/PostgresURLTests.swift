import Foundation
import Testing

@testable import PowerQuotesCore

@Suite struct PostgresURLTests {
  @Test func readsEveryPart() throws {
    let url = try PostgresURL(
      parsing: "postgres://quotes:s3cret@db.example.org:6543/library?sslmode=verify-full"
        + "&sslrootcert=%2Fetc%2Fca.pem")
    #expect(url.user == "quotes")
    #expect(url.password == "s3cret")
    #expect(url.host == "db.example.org")
    #expect(url.port == 6543)
    #expect(url.database == "library")
    #expect(url.sslMode == .verifyFull)
    #expect(url.sslRootCertificate == "/etc/ca.pem")
    #expect(url.server == "db.example.org:6543")
  }

  @Test(arguments: ["postgresql://h/d", "POSTGRES://h/d", "PostgreSQL://h/d"])
  func takesBothSchemesInAnyCase(_ text: String) throws {
    #expect(PostgresURL.isPostgresURL(text))
    let url = try PostgresURL(parsing: text)
    #expect(url.host == "h")
    #expect(url.database == "d")
  }

  @Test(arguments: ["library.sqlite", "/tmp/postgres/db.sqlite", "postgres:", "postgres:/x", ""])
  func otherTextIsAPath(_ text: String) {
    #expect(!PostgresURL.isPostgresURL(text))
  }

  @Test func defaultsAreLibpqs() throws {
    let url = try PostgresURL(parsing: "postgres://")
    #expect(url.host == nil)
    #expect(url.port == 5432)
    #expect(url.user == nil)
    #expect(url.password == nil)
    #expect(url.database == nil)
    #expect(url.sslMode == nil)
    #expect(url.server == "the local socket (port 5432)")
  }

  @Test func decodesEscapesAndKeepsAtAndSlashInThePassword() throws {
    let url = try PostgresURL(parsing: "postgres://j%C3%B6rg:p@ss/w%3Ard@localhost/my%20db")
    #expect(url.user == "jörg")
    #expect(url.password == "p@ss/w:rd")
    #expect(url.host == "localhost")
    #expect(url.database == "my db")
  }

  @Test func readsIPv6Literals() throws {
    let url = try PostgresURL(parsing: "postgres://u@[::1]:5433/d")
    #expect(url.host == "::1")
    #expect(url.port == 5433)
    #expect(url.server == "[::1]:5433")
    #expect(url.description == "postgres://u@[::1]:5433/d")
  }

  @Test func takesThePasswordFromPGPASSWORDWhenTheURLHasNone() throws {
    let environment = ["PGPASSWORD": "from-env"]
    #expect(
      try PostgresURL(parsing: "postgres://u@h/d", environment: environment).password
        == "from-env")
    #expect(
      try PostgresURL(parsing: "postgres://u:in-url@h/d", environment: environment)
        .password == "in-url")
    #expect(
      try PostgresURL(parsing: "postgres://u@h/d?password=param", environment: environment)
        .password == "param")
  }

  @Test func neverShowsThePassword() throws {
    let url = try PostgresURL(parsing: "postgres://u:hunter22@h:1/d?sslmode=require")
    for shown in [url.description, url.debugDescription, "\(url)", String(reflecting: url)] {
      #expect(!shown.contains("hunter22"))
    }
    #expect(url.description == "postgres://u@h:1/d?sslmode=require")
  }

  @Test(arguments: [
    ("http://h/d", "it does not start with postgres://"),
    ("postgres://u:pw@h:99999/d", "the port must be a number from 1 to 65535"),
    ("postgres://u:pw@h:pw/d", "the port must be a number from 1 to 65535"),
    ("postgres://h/d?sslmode=prefer", "sslmode must be disable, require or verify-full"),
    ("postgres://h1,h2/d", "several hosts are not supported; name one"),
    ("postgres://[::1/d", "an IPv6 address lacks its closing ]"),
    (
      "postgres://h/d?options=x",
      "the parameter options is not supported (only sslmode, "
        + "sslrootcert, user and password are)"
    ),
    ("postgres://u:%zz@h/d", "the password has a broken %-escape"),
  ])
  func refusesWhatItCannotRead(_ text: String, reason: String) {
    let error = #expect(throws: PostgresError.self) { try PostgresURL(parsing: text) }
    #expect(
      error?.localizedDescription
        == "The PostgreSQL URL is not valid: \(reason). Write it as "
        + "postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
  }

  @Test func anInvalidURLsSentenceIsOneLine() {
    let error = PostgresError.invalidURL(reason: .port)
    #expect(
      error.localizedDescription
        == "The PostgreSQL URL is not valid: the port must be a number from 1 to 65535. Write "
        + "it as postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
  }

  @Test func cleansLibpqsWords() {
    let raw = """
      connection to server at "127.0.0.1", port 5 failed: Connection refused
      \tIs the server running on that host and accepting TCP/IP connections?
      connection to server at "localhost" (::1), port 5 failed: Connection refused
      \tIs the server running on that host and accepting TCP/IP connections?

      """
    #expect(PostgresError.cleaned(raw, password: nil) == "Connection refused")
    #expect(
      PostgresError.cleaned(
        "FATAL:  role \"x\u{1B}[31m\" does not exist for secret99.", password: "secret99")
        == "role \"x\" does not exist for ***")
    #expect(PostgresError.cleaned("\n", password: nil) == "no reason given")
  }

  @Test func aLostConnectionIsOneClauseWithoutTheServersContext() {
    let raw = """
      FATAL:  terminating connection due to administrator command
      CONTEXT:  PL/pgSQL function library_undo_log() line 6 at SQL statement
      SQL statement "INSERT INTO library_undo_step (change_id, sql) VALUES (recording, step)"
      server closed the connection unexpectedly
      \tThis probably means the server terminated abnormally
      \tbefore or while processing the request.

      """
    #expect(
      PostgresError.cleaned(raw, password: nil)
        == "terminating connection due to administrator command")
    #expect(
      PostgresError.cleaned(
        "FATAL:  terminating connection due to administrator command\nSSL connection has been "
          + "closed unexpectedly\n",
        password: nil) == "terminating connection due to administrator command")
    #expect(
      PostgresError.cleaned(
        "server closed the connection unexpectedly\n\tThis probably means the server "
          + "terminated abnormally\n\tbefore or while processing the request.\n",
        password: nil) == "server closed the connection unexpectedly")
  }

  @Test func oneSecondIsSingular() {
    #expect(
      PostgresError.timedOut(server: "db:5432", seconds: 1).localizedDescription
        == "The PostgreSQL server at db:5432 did not answer within 1 second.")
    #expect(
      PostgresError.lockTimedOut(server: "db:5432", seconds: 1).localizedDescription
        .hasPrefix("The PostgreSQL server at db:5432 waited 1 second for another connection"))
    #expect(
      PostgresError.timedOut(server: "db:5432", seconds: 2.5).localizedDescription
        == "The PostgreSQL server at db:5432 did not answer within 2.5 seconds.")
  }
}
