import FlyingSocks
import Foundation
import Synchronization

/// A TCP server on 127.0.0.1 that answers every connection with the same raw bytes and closes it.
///
/// For replies an HTTP server will not send: a `Content-Length` larger than the body, a malformed
/// status line. Each connection is accepted, its request head is read up to the blank line, `reply`
/// is written as is, and the connection is closed.
public final class RawTCPServer: Sendable {
  private let listener: AsyncSocket
  private let task: Task<Void, Never>
  private let heads: HeadLog
  /// The port the kernel picked.
  public let port: UInt16
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL

  /// Starts listening on 127.0.0.1, on a port the kernel picks, answering with `reply`.
  public init(reply: Data) async throws {
    let socket = try Socket(domain: AF_INET, type: .stream)
    let listener: AsyncSocket
    do {
      try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
      try socket.listen()
      guard case .ip4(_, let port) = try socket.sockname() else {
        throw RawTCPServerError.notListening
      }
      self.port = port
      listener = try await AsyncSocket(socket: socket, pool: .client)
    } catch {
      try? socket.close()
      throw error
    }
    self.listener = listener
    // swift-format-ignore: NeverForceUnwrap
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
    let heads = HeadLog()
    self.heads = heads
    task = Task {
      while !Task.isCancelled {
        guard let connection = try? await listener.accept() else { return }
        await Self.serve(connection, reply: reply, log: heads)
      }
    }
  }

  /// The request heads received so far (request line and headers), one per connection.
  public var requestHeads: [String] { heads.all }

  /// Stops accepting connections and closes the listening socket.
  public func stop() async {
    task.cancel()
    await task.value
    try? listener.close()
  }

  /// Starts a server answering with `reply`, runs `body` with it, and stops it.
  public static func with<T>(
    reply: Data,
    _ body: (RawTCPServer) async throws -> T
  ) async throws -> T {
    let server = try await RawTCPServer(reply: reply)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// Reads the request head and logs it, writes `reply`, and closes the connection.
  ///
  /// The head is logged before the reply is written, so a client that has its answer can rely on
  /// ``requestHeads`` holding its request.
  private static func serve(_ connection: AsyncSocket, reply: Data, log: HeadLog) async {
    var head: [UInt8] = []
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    do {
      while !head.ends(with: end) {
        head += try await connection.read(atMost: 4096)
      }
      log.append(String(decoding: head, as: UTF8.self))
      try await connection.write(reply)
    } catch {
      // The client went away first; nothing more to say to it.
    }
    try? connection.close()
  }

  /// A port on 127.0.0.1 that nothing listens on: bound by the kernel's choice, then released.
  ///
  /// Another process could take it in between; on a test machine that is vanishingly unlikely.
  public static func closedPort() throws -> UInt16 {
    let socket = try Socket(domain: AF_INET, type: .stream)
    defer { try? socket.close() }
    try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
    guard case .ip4(_, let port) = try socket.sockname() else {
      throw RawTCPServerError.notListening
    }
    return port
  }
}

/// Request heads, appended from the accept loop and read from the test.
private final class HeadLog: Sendable {
  private let heads = Mutex<[String]>([])

  var all: [String] { heads.withLock { $0 } }

  func append(_ head: String) { heads.withLock { $0.append(head) } }
}

/// The raw server did not come up.
public enum RawTCPServerError: Error {
  case notListening
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
