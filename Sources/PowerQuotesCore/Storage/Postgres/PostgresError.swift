import Foundation

/// Why a PostgreSQL database could not be reached or used.
///
/// Each case reads as one sentence. `server` is ``PostgresURL/server`` (host and port, never the
/// password), and the server's own words arrive already cleaned by ``PostgresError/cleaned(_:password:)``.
public enum PostgresError: LocalizedError, Equatable, Sendable {
  /// The `postgres://` URL could not be read.
  case invalidURL(reason: URLProblem)
  /// libpq, which the PostgreSQL store needs, could not be loaded.
  case noLibrary(reason: String)
  /// The server could not be reached, or refused the connection for another reason.
  case cannotConnect(server: String, reason: String)
  /// The server did not answer within the timeout.
  case timedOut(server: String, seconds: TimeInterval)
  /// The server refused the password for `user`.
  case authenticationFailed(server: String, user: String)
  /// `sslmode=require` or `verify-full` asked for TLS, and the server does not offer it.
  case tlsNotOffered(server: String)
  /// `sslmode=verify-full` could not trust the server's certificate: no root was given, it did
  /// not sign the certificate, or the certificate names another host.
  case untrustedCertificate(server: String, reason: String)
  /// The server wants a password and none was given.
  case passwordRequired(server: String, user: String)
  /// A statement waited `seconds` for a lock that another connection holds, and the server
  /// gave up; the transaction was rolled back.
  case lockTimedOut(server: String, seconds: TimeInterval)
  /// The connection broke after it was made.
  case connectionLost(server: String, reason: String)
  /// The server refused a statement; `sqlState` is its five-character code (23505: a UNIQUE
  /// index refused a duplicate).
  case statementFailed(server: String, sqlState: String, message: String)
  /// The database was made by a newer powerquotes; it was left untouched.
  case newerSchema(database: String, version: Int, known: Int)
  /// The database holds another application's tables (`table` is one of them) and no
  /// powerquotes schema; it was left untouched.
  case otherApplicationsDatabase(database: String, table: String)

  /// What is wrong with a `postgres://` URL; it never holds the password.
  public enum URLProblem: Equatable, Sendable {
    /// It does not start with `postgres://` (or `postgresql://`).
    case notPostgres
    /// `sslmode` is not one of those the store knows.
    case sslMode
    /// A parameter the store does not know, by its name.
    case unsupportedParameter(String)
    /// An IPv6 address lacks its closing `]`.
    case unclosedIPv6
    /// Something other than `:` or `/` follows an IPv6 address.
    case afterIPv6
    /// Several hosts are named.
    case severalHosts
    /// The port is not a number from 1 to 65535 (not quoted: it may hold part of a password).
    case port
    /// A part of the URL has a broken %-escape.
    case brokenEscape(URLPart)
  }

  /// A part of a `postgres://` URL.
  public enum URLPart: Equatable, Sendable {
    /// The user name before the `@`.
    case userName
    /// The password after the user name.
    case password
    /// The host.
    case host
    /// The database's name after the `/`.
    case databaseName
    /// A parameter's name after the `?`.
    case parameterName
    /// The value of the parameter of this name.
    case parameter(String)
  }

  public var errorDescription: String? {
    switch self {
    case .invalidURL(let reason):
      "The PostgreSQL URL is not valid: \(reason.phrase). Write it as "
        + "postgres://USER:PASSWORD@HOST:PORT/DATABASE."
    case .noLibrary(let reason):
      "powerquotes needs libpq to use PostgreSQL, and it could not be loaded (\(reason)). "
        + "Install it (apt-get install libpq5)."
    case .cannotConnect(let server, let reason):
      "Could not connect to the PostgreSQL server at \(server): \(reason)."
    case .timedOut(let server, let seconds):
      "The PostgreSQL server at \(server) did not answer within \(Seconds.phrase(seconds))."
    case .lockTimedOut(let server, let seconds):
      "The PostgreSQL server at \(server) waited \(Seconds.phrase(seconds)) for another "
        + "connection to finish with the library, and gave up; nothing was changed. Try again, "
        + "or raise --timeout."
    case .authenticationFailed(let server, let user):
      "The PostgreSQL server at \(server) refused the password for user \(user). Check the "
        + "password in the URL or in PGPASSWORD."
    case .tlsNotOffered(let server):
      "The PostgreSQL server at \(server) does not offer TLS, and the URL asks for it "
        + "(sslmode=require or verify-full). Turn ssl on at the server, or connect with "
        + "sslmode=disable."
    case .untrustedCertificate(let server, let reason):
      "The PostgreSQL server at \(server) presented a certificate that sslmode=verify-full "
        + "cannot trust (\(reason)). Name the root certificate that signed it with "
        + "sslrootcert=PATH in the URL, or connect with sslmode=require."
    case .passwordRequired(let server, let user):
      "The PostgreSQL server at \(server) wants a password for user \(user). Put it in the URL "
        + "or in PGPASSWORD."
    case .connectionLost(let server, let reason):
      "The connection to the PostgreSQL server at \(server) was lost: \(reason)."
    case .statementFailed(let server, _, let message):
      "The PostgreSQL server at \(server) refused a statement: \(message)."
    case .newerSchema(let database, let version, let known):
      "The database \(database) has schema version \(version), newer than the \(known) this "
        + "powerquotes knows; it was left untouched. Upgrade powerquotes to use it."
    case .otherApplicationsDatabase(let database, let table):
      "The database \(database) holds another application's tables (such as "
        + "\(UntrustedText.sanitized(table))) and no powerquotes schema; it was left untouched. "
        + "Give the URL of an empty database, or of one powerquotes made."
    }
  }

  /// Whether the server is down, unreachable or stopped answering, rather than refusing what
  /// was asked: `random` and `today` then still show a quote.
  public var isUnreachable: Bool {
    switch self {
    case .cannotConnect, .timedOut, .lockTimedOut, .connectionLost: true
    default: false
    }
  }

  /// Whether the server refused this user something the store needs (SQLSTATE 42501: no
  /// right to create powerquotes' tables, or to read or write them).
  public var isPermissionDenied: Bool {
    if case .statementFailed(_, "42501", _) = self { true } else { false }
  }

  /// libpq's or the server's words, made fit for the middle of a sentence.
  ///
  /// On one line, safe for a terminal, without the password, without libpq's "connection to
  /// server at ... failed:" (the sentence names the server itself) and without a final period.
  /// The server's fields after its message (`CONTEXT:`, `DETAIL:`, `HINT:`...), libpq's lines
  /// after a message of the server's and libpq's indented explanations are left out: one
  /// message, one clause.
  ///
  /// A password of three characters or more is replaced wherever it appears; a shorter one
  /// cannot be told from ordinary text.
  static func cleaned(_ text: String, password: String?) -> String {
    let serverFields = ["CONTEXT:", "DETAIL:", "HINT:", "STATEMENT:", "QUERY:", "LOCATION:"]
    let severities = ["FATAL:", "ERROR:"]
    var kept: [String] = []
    var serverSpoke = false
    for line in text.split(whereSeparator: \.isNewline) {
      if line.first == "\t" || line.first == " " { continue }
      // What follows the server's message is about it (a PL/pgSQL trigger's line, the
      // statement, libpq's account of the connection it closed), not for the user.
      let fromServer = severities.contains { line.hasPrefix($0) }
      if serverFields.contains(where: { line.hasPrefix($0) }) || (serverSpoke && !fromServer) {
        break
      }
      serverSpoke = serverSpoke || fromServer
      var line = UntrustedText.sanitized(String(line))
      if let password, password.count >= 3 {
        line = line.replacingOccurrences(of: password, with: "***")
      }
      // "connection to server at "127.0.0.1", port 5 failed: Connection refused"
      if line.hasPrefix("connection to server "), let failed = line.range(of: " failed: ") {
        line = String(line[failed.upperBound...])
      }
      for prefix in severities where line.hasPrefix(prefix) {
        line = String(line.dropFirst(prefix.count))
      }
      var words = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      while words.hasSuffix(".") { words.removeLast() }
      // libpq's hint after a refused connection adds nothing to the sentence around it.
      if words.isEmpty || words.hasPrefix("Is the server running") || kept.contains(words) {
        continue
      }
      kept.append(words)
    }
    var reason = kept.joined(separator: "; ")
    if reason.count > 400 { reason = String(reason.prefix(400)) + "…" }
    return reason.isEmpty ? "no reason given" : reason
  }
}

extension PostgresError.URLProblem {
  /// The problem as a phrase that follows "The PostgreSQL URL is not valid: ".
  var phrase: String {
    switch self {
    case .notPostgres: "it does not start with postgres://"
    case .sslMode: "sslmode must be disable, require or verify-full"
    case .unsupportedParameter(let name):
      "the parameter \(UntrustedText.sanitized(String(name.prefix(40)))) is not supported "
        + "(only sslmode, sslrootcert, user and password are)"
    case .unclosedIPv6: "an IPv6 address lacks its closing ]"
    case .afterIPv6: "an IPv6 address is followed by neither : nor /"
    case .severalHosts: "several hosts are not supported; name one"
    case .port: "the port must be a number from 1 to 65535"
    case .brokenEscape(let part): "the \(part.name) has a broken %-escape"
    }
  }
}

extension PostgresError.URLPart {
  /// What the part is called in a sentence.
  var name: String {
    switch self {
    case .userName: "user name"
    case .password: "password"
    case .host: "host"
    case .databaseName: "database name"
    case .parameterName: "parameter name"
    case .parameter(let name): UntrustedText.sanitized(name)
    }
  }
}
