import Foundation
import Testing

@testable import PowerQuotesCore

#if canImport(Glibc)
import Glibc
#endif

/// `sslmode` against real servers: the test server offers TLS with a self-signed certificate
/// (Scripts/postgres-test-server.sh), and a server without TLS is played by a socket that
/// answers PostgreSQL's TLS request with "N", as such a server does.
@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipReason))
struct PostgresTLSTests {
  @Test func requireEncryptsTheConnection() throws {
    var url = try PostgresTestServer.baseURL()
    url.sslMode = .require
    let connection = try PostgresConnection(url: url, timeout: 10)
    let ssl = try connection.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
    #expect(ssl.values == [["t"]])
  }

  @Test func requireFromAServerWithoutTLSIsOneSentence() throws {
    let (listener, port) = try LoopbackSocket.listening()
    defer { close(listener) }
    let answered = Thread {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      // The 8 bytes of the TLS request; then "N", no TLS here; then libpq hangs up.
      var request = [UInt8](repeating: 0, count: 8)
      _ = read(client, &request, request.count)
      _ = write(client, "N", 1)
      _ = read(client, &request, request.count)
      close(client)
    }
    answered.start()
    var url = try PostgresTestServer.baseURL()
    url.host = "127.0.0.1"
    url.port = Int(port)
    url.sslMode = .require
    #expect {
      try PostgresConnection(url: url, timeout: 5)
    } throws: { error in
      let sentence = error.localizedDescription
      return error as? PostgresError == .tlsNotOffered(server: "127.0.0.1:\(port)")
        && sentence
          == "The PostgreSQL server at 127.0.0.1:\(port) does not offer TLS, and the URL asks "
          + "for it (sslmode=require or verify-full). Turn ssl on at the server, or connect "
          + "with sslmode=disable."
        && !sentence.contains(url.password ?? "-")
    }
  }

  @Test func verifyFullTrustsTheRootThatSignedTheCertificateOnly() throws {
    var url = try PostgresTestServer.baseURL()
    let folder = try certificateFolder(url)
    url.sslMode = .verifyFull
    url.sslRootCertificate = folder + "/server.crt"
    let trusted = try PostgresConnection(url: url, timeout: 10)
    #expect(try trusted.execute("SELECT 1 AS one").value("one") == "1")

    url.sslRootCertificate = folder + "/untrusted-root.crt"
    #expect {
      try PostgresConnection(url: url, timeout: 10)
    } throws: { error in
      let sentence = error.localizedDescription
      return error as? PostgresError
        == .untrustedCertificate(
          server: url.server, reason: "SSL error: certificate verify failed")
        && sentence
          == "The PostgreSQL server at \(url.server) presented a certificate that "
          + "sslmode=verify-full cannot trust (SSL error: certificate verify failed). Name the "
          + "root certificate that signed it with sslrootcert=PATH in the URL, or connect with "
          + "sslmode=require."
        && !sentence.contains(url.password ?? "-")
    }
  }

  /// The folder of the test server's certificates: its certificate's.
  private func certificateFolder(_ url: PostgresURL) throws -> String {
    let connection = try PostgresConnection(url: url, timeout: 10)
    let settings = try connection.execute(
      "SELECT current_setting('ssl') AS ssl, current_setting('ssl_cert_file') AS file")
    try #require(
      settings.value("ssl") == "on",
      "The test server offers no TLS: start it with Scripts/postgres-test-server.sh")
    let file = try #require(settings.value("file"))
    return (file as NSString).deletingLastPathComponent
  }
}
