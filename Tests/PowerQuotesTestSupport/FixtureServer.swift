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
    // On a thread of its own, not on Swift's cooperative pool: the pool has one thread per
    // core, and a parallel test run can hold both of a 2-core machine's for seconds (a test
    // waiting on `pg_sleep`, drawing PNG cards), while a client under test, on its own thread,
    // waits for this server's reply with a timeout of a few seconds.
    task = Task(executorPreference: ServerThread.shared) { try await server.run() }
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

/// The one thread every fixture server's tasks run on (their connections and handlers too,
/// as child tasks keep their parent's executor preference), one job after another.
///
/// It is never stopped: a test run starts hundreds of servers, and a job may still arrive
/// after one of them stops.
final class ServerThread: TaskExecutor, @unchecked Sendable {
  static let shared = ServerThread()

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init() {
    let thread = Thread { [self] in runJobs() }
    thread.name = "FixtureServer"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func runJobs() -> Never {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
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
