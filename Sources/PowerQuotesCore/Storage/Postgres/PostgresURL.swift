import Foundation

/// Where a PostgreSQL database is and how to log in: a `postgres://` or `postgresql://` URL.
///
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=require`, each part optional and
/// percent-encoded as in any URL. Without a password in the URL, `PGPASSWORD` gives it; without
/// a host, libpq's local socket is used; the port defaults to 5432. The password never appears
/// in ``description`` or in any error.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// How the connection is encrypted, as libpq's `sslmode`.
  public enum SSLMode: String, Sendable, CaseIterable {
    /// Plain TCP.
    case disable
    /// TLS, without checking the server's certificate.
    case require
    /// TLS, with the certificate checked against a trusted root and the host name.
    case verifyFull = "verify-full"
  }

  /// The host name, IP address or socket folder; nil for libpq's default local socket.
  public var host: String?
  /// The TCP port, or the number in the socket's name.
  public var port: Int
  /// The user to log in as; nil for libpq's default (the system user's name).
  public var user: String?
  /// The password; nil when neither the URL nor `PGPASSWORD` gave one.
  public var password: String?
  /// The database; nil for libpq's default (named after the user).
  public var database: String?
  /// The encryption asked for; nil for libpq's default (TLS when the server offers it).
  public var sslMode: SSLMode?
  /// A file of trusted root certificates for `verify-full` (`sslrootcert`).
  public var sslRootCertificate: String?

  /// Whether `text` is meant as a PostgreSQL URL rather than an SQLite file's path.
  public static func isPostgresURL(_ text: String) -> Bool {
    let lowered = text.prefix(13).lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  /// Parses `text`, taking the password from `PGPASSWORD` in `environment` when the URL has
  /// none.
  ///
  /// - Throws: ``PostgresError/invalidURL(reason:)``, whose reason never quotes the password.
  public init(parsing text: String, environment: [String: String] = [:]) throws {
    guard let schemeEnd = text.range(of: "://"),
      ["postgres", "postgresql"].contains(text[..<schemeEnd.lowerBound].lowercased())
    else { throw PostgresError.invalidURL(reason: .notPostgres) }
    var rest = text[schemeEnd.upperBound...]
    if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
    var query: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    // The last @ ends the user and password, so that a password may hold a / or an @.
    if let at = rest.lastIndex(of: "@") {
      let userInfo = rest[..<at]
      rest = rest[rest.index(after: at)...]
      let colon = userInfo.firstIndex(of: ":")
      let userPart = colon.map { userInfo[..<$0] } ?? userInfo
      user = Self.nonEmpty(try Self.decoded(userPart, part: .userName))
      if let colon {
        password = try Self.decoded(userInfo[userInfo.index(after: colon)...], part: .password)
      }
    }
    let slash = rest.firstIndex(of: "/")
    let hostAndPort = slash.map { rest[..<$0] } ?? rest
    if let slash {
      database = Self.nonEmpty(
        try Self.decoded(rest[rest.index(after: slash)...], part: .databaseName))
    }
    (host, port) = try Self.hostAndPort(hostAndPort)
    try readParameters(query)
    if password == nil, let fromEnvironment = environment["PGPASSWORD"] {
      password = fromEnvironment
    }
  }

  /// The server as messages name it: `HOST:PORT`, with an IPv6 address in brackets.
  public var server: String {
    guard let host else { return "the local socket (port \(port))" }
    let shownHost = UntrustedText.sanitized(host)
    return host.contains(":") ? "[\(shownHost)]:\(port)" : "\(shownHost):\(port)"
  }

  /// The URL without its password, safe for messages.
  public var description: String {
    var text = "postgres://"
    if let user { text += Self.encoded(user) + "@" }
    if let host { text += host.contains(":") ? "[\(host)]" : Self.encoded(host) }
    text += ":\(port)"
    if let database { text += "/" + Self.encoded(database) }
    if let sslMode { text += "?sslmode=\(sslMode.rawValue)" }
    return UntrustedText.sanitized(text)
  }

  /// The same as ``description``: a debugger or a test failure never shows the password.
  public var debugDescription: String { description }

  /// libpq's connection keywords and values for this URL.
  func connectionParameters(timeout: TimeInterval) -> [(keyword: String, value: String)] {
    var parameters: [(keyword: String, value: String)] = []
    if let host { parameters.append(("host", host)) }
    parameters.append(("port", String(port)))
    if let user { parameters.append(("user", user)) }
    if let password { parameters.append(("password", password)) }
    if let database { parameters.append(("dbname", database)) }
    if let sslMode { parameters.append(("sslmode", sslMode.rawValue)) }
    if let sslRootCertificate { parameters.append(("sslrootcert", sslRootCertificate)) }
    // The connection enforces `timeout` to the millisecond itself; libpq's whole seconds (two
    // at least) only back it up.
    let seconds = timeout.isFinite ? max(2, Int(min(timeout, 86_400).rounded(.up))) : 2
    parameters.append(("connect_timeout", String(seconds)))
    // The server gives up on a statement that waits for another connection's lock, or runs,
    // longer than `timeout`, and says which (see PostgresConnection's `check`). The lock's
    // limit is the shorter, so that a statement stuck behind a lock is told as such.
    let limit = Self.milliseconds(timeout)
    parameters.append(
      ("options", "-c lock_timeout=\(limit) -c statement_timeout=\(limit + 100)"))
    parameters.append(("client_encoding", "UTF8"))
    parameters.append(("application_name", "powerquotes"))
    return parameters
  }

  /// Whole milliseconds, at least one, at most PostgreSQL's largest (about 24 days).
  static func milliseconds(_ seconds: TimeInterval) -> Int {
    guard seconds.isFinite, seconds > 0 else { return seconds > 0 ? Int(Int32.max) : 1 }
    return max(1, Int(min(seconds * 1000, Double(Int32.max - 1000)).rounded(.up)))
  }

  // MARK: - Parsing

  private mutating func readParameters(_ query: Substring) throws {
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let equals = pair.firstIndex(of: "=")
      let name = try Self.decoded(equals.map { pair[..<$0] } ?? pair, part: .parameterName)
      let value = try equals.map {
        try Self.decoded(pair[pair.index(after: $0)...], part: .parameter(name))
      }
      switch name {
      case "sslmode":
        guard let value, let mode = SSLMode(rawValue: value) else {
          throw PostgresError.invalidURL(reason: .sslMode)
        }
        sslMode = mode
      case "sslrootcert":
        sslRootCertificate = Self.nonEmpty(value)
      case "password":
        password = value
      case "user":
        user = Self.nonEmpty(value)
      default:
        throw PostgresError.invalidURL(reason: .unsupportedParameter(name))
      }
    }
  }

  private static func hostAndPort(_ text: Substring) throws -> (String?, Int) {
    var hostText = text
    var portText: Substring?
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else {
        throw PostgresError.invalidURL(reason: .unclosedIPv6)
      }
      hostText = text[text.index(after: text.startIndex)..<close]
      let after = text[text.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else {
          throw PostgresError.invalidURL(reason: .afterIPv6)
        }
        portText = after.dropFirst()
      }
    } else if let colon = text.lastIndex(of: ":") {
      hostText = text[..<colon]
      portText = text[text.index(after: colon)...]
    }
    if hostText.contains(",") {
      throw PostgresError.invalidURL(reason: .severalHosts)
    }
    var port = 5432
    if let portText, !portText.isEmpty {
      // The port is not quoted back: a URL mistyped around its password could put part of the
      // password there.
      guard portText.allSatisfy(\.isASCII), let number = Int(portText), (1...65_535) ~= number
      else { throw PostgresError.invalidURL(reason: .port) }
      port = number
    }
    return (nonEmpty(try decoded(hostText, part: .host)), port)
  }

  private static func decoded(
    _ text: Substring, part: PostgresError.URLPart
  ) throws -> String {
    guard text.contains("%") else { return String(text) }
    guard let decoded = String(text).removingPercentEncoding else {
      throw PostgresError.invalidURL(reason: .brokenEscape(part))
    }
    return decoded
  }

  private static func nonEmpty(_ text: String?) -> String? {
    text.flatMap { $0.isEmpty ? nil : $0 }
  }

  private static func encoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
