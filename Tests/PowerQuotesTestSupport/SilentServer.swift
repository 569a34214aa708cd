import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A server on 127.0.0.1 that takes every connection and never answers: the kernel completes
/// each handshake into the listening socket's backlog, and nothing ever reads or writes.
///
/// For a client's timeout: the request is sent, and no reply ever comes.
public final class SilentServer: Sendable {
  private let listener: Int32
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL

  /// Starts listening on 127.0.0.1, on a port the kernel picks.
  public init() throws {
    let (socket, port) = try RawTCPServer.listen()
    listener = socket
    // swift-format-ignore: NeverForceUnwrap
    baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  /// Closes the listening socket (and with it the connections waiting in its backlog).
  public func stop() {
    close(listener)
  }
}
