import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP server on loopback, on a port the kernel picks, for one test.
///
/// Bound to 127.0.0.1 unless asked for IPv6 (`::1`): FlyingFox's `.loopback` is IPv6 only.
public final class FixtureServer: Sendable {
  private let server: HTTPServer
  private let task: Task<Void, any Error>
  /// `http://127.0.0.1:PORT`, or `http://[::1]:PORT`.
  public let baseURL: URL

  /// Starts a server whose routes are set by `configure`, on `::1` when `ipv6` is true.
  public init(ipv6: Bool = false, _ configure: @Sendable (HTTPServer) async -> Void) async throws {
    let server =
      ipv6
      ? HTTPServer(address: try .inet6(ip6: "::1", port: 0), timeout: 30, logger: .disabled)
      : HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    await configure(server)
    self.server = server
    task = Task { try await server.run() }
    // FlyingFox waits 5 s by default. The server starts on Swift's cooperative pool, one thread
    // per core, which a parallel test run on a loaded 2-core machine can keep busy for longer;
    // a test is about replies, not about how soon a server starts.
    try await server.waitUntilListening(timeout: 60)
    let url: URL?
    switch await server.listeningAddress {
    case .ip4(_, let port): url = URL(string: "http://127.0.0.1:\(port)")
    case .ip6(_, let port): url = URL(string: "http://[::1]:\(port)")
    default: url = nil
    }
    guard let url else { throw FixtureServerError.notListening }
    baseURL = url
  }

  /// Stops the server.
  public func stop() async {
    await server.stop(timeout: 0)
    task.cancel()
  }

  /// Starts a server, runs `body` with it, and stops it.
  public static func with<T>(
    ipv6: Bool = false,
    _ configure: @Sendable (HTTPServer) async -> Void,
    _ body: (FixtureServer) async throws -> T
  ) async throws -> T {
    let server = try await FixtureServer(ipv6: ipv6, configure)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}

/// The fixture server did not come up.
public enum FixtureServerError: Error {
  case notListening
}

extension HTTPResponse {
  /// A JSON reply, as DummyJSON sends it.
  public static func json(_ body: String, status: HTTPStatusCode = .ok, headers: HTTPHeaders = [:])
    -> HTTPResponse
  {
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    return HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8))
  }

  /// An HTML page, as DummyJSON sends for unknown paths.
  public static func html(_ body: String, status: HTTPStatusCode = .notFound) -> HTTPResponse {
    HTTPResponse(
      statusCode: status,
      headers: [.contentType: "text/html; charset=utf-8"],
      body: Data(body.utf8)
    )
  }
}
