import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP server on 127.0.0.1, on a port the kernel picks, for one test.
///
/// Bound to 127.0.0.1 explicitly: FlyingFox's `.loopback` is IPv6, and URLSession on Linux cannot
/// reach `http://[::1]`.
public final class FixtureServer: Sendable {
  private let server: HTTPServer
  private let task: Task<Void, any Error>
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL

  /// Starts a server whose routes are set by `configure`.
  public init(_ configure: @Sendable (HTTPServer) async -> Void) async throws {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0),
      timeout: 30,
      logger: .disabled
    )
    await configure(server)
    self.server = server
    task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw FixtureServerError.notListening
    }
    guard let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
      throw FixtureServerError.notListening
    }
    self.baseURL = baseURL
  }

  /// Stops the server.
  public func stop() async {
    await server.stop(timeout: 0)
    task.cancel()
  }

  /// Starts a server, runs `body` with it, and stops it.
  public static func with<T>(
    _ configure: @Sendable (HTTPServer) async -> Void,
    _ body: (FixtureServer) async throws -> T
  ) async throws -> T {
    let server = try await FixtureServer(configure)
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
