import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Sockets on 127.0.0.1 that stand in for a PostgreSQL server: one that never answers, one that
/// refuses TLS, a port nothing listens on.
enum LoopbackSocket {
  /// A socket listening on 127.0.0.1, on a port the kernel picked.
  static func listening() throws -> (socket: Int32, port: UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && listen(socket, 8) == 0
          && getsockname(socket, $0, &length) == 0
      }
    }
    try #require(bound)
    return (socket, UInt16(bigEndian: address.sin_port))
  }
}
