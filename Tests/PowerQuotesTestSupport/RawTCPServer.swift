import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 that answers every connection with the same raw bytes and closes it.
///
/// For replies an HTTP server will not send: a `Content-Length` larger than the body, a malformed
/// status line. Each connection is accepted, its request head is read up to the blank line, `reply`
/// is written as is, and the connection is closed.
///
/// It serves on a thread of its own with blocking sockets, not on Swift's cooperative pool: that
/// pool has one thread per core (two on the CI machine), and a test suite running in parallel can
/// keep all of them busy long enough for a client's timeout to pass before the server accepts.
public final class RawTCPServer: Sendable {
  private let listener: Int32
  private let stopping = Atomic<Bool>(false)
  private let stopped = DispatchSemaphore(value: 0)
  private let heads = HeadLog()
  /// The port the kernel picked.
  public let port: UInt16
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL

  /// Starts listening on 127.0.0.1, on a port the kernel picks, answering with `reply`.
  public init(reply: Data) throws {
    let (listener, port) = try Self.listen()
    self.listener = listener
    self.port = port
    // swift-format-ignore: NeverForceUnwrap
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
    let thread = Thread { [self] in
      serveUntilStopped(reply: Array(reply))
      stopped.signal()
    }
    thread.name = "RawTCPServer"
    thread.start()
  }

  /// The request heads received so far (request line and headers), one per connection.
  public var requestHeads: [String] { heads.all }

  /// Stops accepting connections, waits for the serving thread and closes the listening socket.
  public func stop() async {
    stopping.store(true, ordering: .sequentiallyConsistent)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        self.stopped.wait()
        continuation.resume()
      }
    }
    close(listener)
  }

  /// Starts a server answering with `reply`, runs `body` with it, and stops it.
  public static func with<T>(
    reply: Data,
    _ body: (RawTCPServer) async throws -> T
  ) async throws -> T {
    let server = try RawTCPServer(reply: reply)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// A port on 127.0.0.1 that nothing listens on: bound by the kernel's choice, then released.
  ///
  /// Another process could take it in between; on a test machine that is vanishingly unlikely.
  public static func closedPort() throws -> UInt16 {
    let (socket, port) = try listen()
    close(socket)
    return port
  }

  /// Accepts and answers connections until ``stop()`` is called, looking at the flag every 20 ms.
  private func serveUntilStopped(reply: [UInt8]) {
    while !stopping.load(ordering: .sequentiallyConsistent) {
      guard Self.readable(listener, milliseconds: 20) else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      serve(connection, reply: reply)
      close(connection)
    }
  }

  /// Reads the request head and logs it, then writes `reply`.
  ///
  /// The head is logged before the reply is written, so a client that has its answer can rely on
  /// ``requestHeads`` holding its request.
  private func serve(_ connection: Int32, reply: [UInt8]) {
    var head: [UInt8] = []
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !head.ends(with: end) {
      guard !stopping.load(ordering: .sequentiallyConsistent) else { return }
      guard Self.readable(connection, milliseconds: 20) else { continue }
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      // The client went away first; nothing more to say to it.
      guard count > 0 else { return }
      head += buffer[..<count]
    }
    heads.append(String(decoding: head, as: UTF8.self))
    var written = 0
    while written < reply.count {
      let count = reply[written...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Whether `socket` has something to read (or a connection to accept) within `milliseconds`.
  private static func readable(_ socket: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// A listening socket on 127.0.0.1 and the port the kernel gave it (`SilentServer`'s too).
  static func listen() throws -> (Int32, UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw RawTCPServerError.notListening }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && Glibc.listen(socket, 16) == 0
          && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else {
      close(socket)
      throw RawTCPServerError.notListening
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }
}

/// Request heads, appended from the serving thread and read from the test.
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
