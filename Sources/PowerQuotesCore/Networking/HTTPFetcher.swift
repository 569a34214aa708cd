import CCurl
import Foundation

/// A GET that gives up after a timeout and stops reading past a size cap.
///
/// It runs libcurl (loaded on first use, see `pq_http.h`) on a thread of its own, which sleeps
/// until the server answers, the timeout passes or the task is cancelled; on the process's
/// main thread, which runs no task of Swift's pool, it runs there.
struct HTTPFetcher: Sendable {
  /// Seconds to wait for the whole reply; fractions count (0.5 is half a second).
  var timeout: TimeInterval
  /// The largest body read; a longer one is an error, not a truncated read.
  var maxBodyBytes: Int

  /// Starts loading libcurl on another thread and returns at once, so that a command sure to
  /// ask a server has it loaded, or partly, by its first ``get(_:)``, which would otherwise
  /// spend milliseconds loading it first (see `pq_http_preload`).
  static func preload() {
    pq_http_preload()
  }

  /// The reply to a GET of `url`, with its body.
  ///
  /// - Throws: ``HTTPFetchError`` for every failure of the fetch, or `CancellationError`.
  func get(_ url: URL) async throws -> (HTTPReply, Data) {
    let transfer = try Transfer()
    let milliseconds = Int((timeout * 1000).rounded(.up))
    let request = (
      url: url.absoluteString,
      timeout: max(1, milliseconds),
      maxBody: max(0, maxBodyBytes)
    )
    if Thread.isMainThread {
      // A command started on the process's main thread (see `PowerQuotesCommand.main`) waits
      // for its transfer there and goes on there: a thread for libcurl would have it resume on
      // Dispatch's pool, which starts four more threads first. The main thread runs no task
      // that the transfer could hold up, and no one cancels the task there: Ctrl-C ends a
      // command line's process, and the shell runs each line in a task on the pool. (The
      // operation of `withTaskCancellationHandler` would leave the main thread for the pool.)
      try Task.checkCancellation()
      return try transfer.get(request.url, timeout: request.timeout, maxBody: request.maxBody)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // libcurl blocks while it waits: on a thread of its own, it holds up no task.
        let thread = Thread {
          continuation.resume(
            with: Result {
              try transfer.get(request.url, timeout: request.timeout, maxBody: request.maxBody)
            })
        }
        thread.start()
      }
    } onCancel: {
      transfer.cancel()
    }
  }
}

/// The status and headers of a reply.
struct HTTPReply: Sendable, Equatable {
  /// The status code, such as 200.
  var statusCode: Int
  /// The header fields in the order received.
  var headers: [(name: String, value: String)]

  /// The first value of the header `name`, compared without case.
  ///
  /// Header names are ASCII tokens, so ASCII letters are what case folds here: Foundation's
  /// `caseInsensitiveCompare` and `trimmingCharacters(in:)` started CoreFoundation's string
  /// and character-set machinery on every `random --online`, 7% of its command's CPU in perf.
  func value(forHeader name: String) -> String? {
    headers.first { Self.sameName($0.name, name) }?.value
  }

  /// Reads `Name: value` lines, as libcurl hands them over, without the spaces and tabs
  /// around names and values (HTTP's optional white space).
  init(statusCode: Int, headerLines: String) {
    self.statusCode = statusCode
    headers = headerLines.split(whereSeparator: \.isNewline).compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = Self.trimmed(line[..<colon])
      let value = Self.trimmed(line[line.index(after: colon)...])
      return name.isEmpty ? nil : (name, value)
    }
  }

  /// Whether two header names are the same but for the case of ASCII letters.
  private static func sameName(_ first: String, _ second: String) -> Bool {
    func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    return first.utf8.count == second.utf8.count
      && zip(first.utf8, second.utf8).allSatisfy { folded($0) == folded($1) }
  }

  /// `text` without the spaces and tabs at its ends.
  private static func trimmed(_ text: Substring) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }

  static func == (lhs: HTTPReply, rhs: HTTPReply) -> Bool {
    lhs.statusCode == rhs.statusCode
      && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
  }
}

/// Failures of the fetch itself, below the API's meaning.
enum HTTPFetchError: Error, Equatable {
  /// The body passed the size cap.
  case bodyTooLarge
  /// The head arrived, then the connection closed before the body was whole.
  case cutShort
  /// The server closed the connection without a reply, or sent a broken one.
  case malformed
  /// Something that is not HTTP answered.
  case notHTTP
  /// No whole reply within the timeout.
  case timedOut
  /// The host name could not be resolved.
  case cannotResolve
  /// Nothing accepted the connection.
  case cannotConnect
  /// TLS failed: the handshake or the certificate.
  case secureConnectionFailed
  /// More than 5 redirects.
  case tooManyRedirects
  /// A redirect to a URL that is not http or https.
  case badRedirect
  /// libcurl could not be loaded; `reason` is the loader's.
  case noLibrary(reason: String)
  /// Anything else, in libcurl's words.
  case other(reason: String)
}

extension HTTPFetchError {
  /// What went wrong, as the end of a sentence ("… is unreachable (REASON)").
  var reason: String {
    switch self {
    case .bodyTooLarge: "the reply is larger than allowed"
    case .cutShort: "the reply was cut short"
    case .malformed: "a malformed HTTP reply"
    case .notHTTP: "a reply that is not HTTP"
    case .timedOut: "no reply in time"
    case .cannotResolve: "the host name could not be resolved"
    case .cannotConnect: "could not connect to the server"
    case .secureConnectionFailed: "the secure connection failed"
    case .tooManyRedirects: "more than 5 redirects"
    case .badRedirect: "a redirect to a URL that is not http or https"
    case .noLibrary(let why):
      "libcurl, which powerquotes needs for the network, could not be loaded: \(why)"
    case .other(let why): why
    }
  }
}

/// One libcurl transfer, shared between the thread that runs it and the one that may cancel it.
private final class Transfer: @unchecked Sendable {
  // Only `pq_http_cancel` is called from another thread, and it is thread-safe.
  private let handle: OpaquePointer

  init() throws {
    guard let handle = pq_http_create() else { throw HTTPFetchError.other(reason: "out of memory") }
    self.handle = handle
  }

  deinit { pq_http_destroy(handle) }

  func cancel() { pq_http_cancel(handle) }

  func get(_ url: String, timeout: Int, maxBody: Int) throws -> (HTTPReply, Data) {
    let outcome = pq_http_get(
      handle, url, timeout, maxBody, "powerquotes", "application/json")
    switch outcome {
    case PQ_HTTP_OK:
      var headerLength = 0
      let headerBytes = pq_http_headers(handle, &headerLength)
      let headers = headerBytes.map {
        String(decoding: UnsafeRawBufferPointer(start: $0, count: headerLength), as: UTF8.self)
      }
      var bodyLength = 0
      let body = pq_http_body(handle, &bodyLength).map { Data(bytes: $0, count: bodyLength) }
      let reply = HTTPReply(statusCode: pq_http_status(handle), headerLines: headers ?? "")
      return (reply, body ?? Data())
    case PQ_HTTP_CANCELLED: throw CancellationError()
    case PQ_HTTP_TIMED_OUT: throw HTTPFetchError.timedOut
    case PQ_HTTP_TOO_LARGE: throw HTTPFetchError.bodyTooLarge
    case PQ_HTTP_CUT_SHORT: throw HTTPFetchError.cutShort
    case PQ_HTTP_MALFORMED: throw HTTPFetchError.malformed
    case PQ_HTTP_NOT_HTTP: throw HTTPFetchError.notHTTP
    case PQ_HTTP_RESOLVE_FAILED: throw HTTPFetchError.cannotResolve
    case PQ_HTTP_CONNECT_FAILED: throw HTTPFetchError.cannotConnect
    case PQ_HTTP_TLS_FAILED: throw HTTPFetchError.secureConnectionFailed
    case PQ_HTTP_TOO_MANY_REDIRECTS: throw HTTPFetchError.tooManyRedirects
    case PQ_HTTP_BAD_REDIRECT: throw HTTPFetchError.badRedirect
    case PQ_HTTP_NO_LIBRARY:
      throw HTTPFetchError.noLibrary(
        reason: pq_http_library_error().map { String(cString: $0) } ?? "libcurl.so.4 not found")
    default:
      let text = String(cString: pq_http_error_text(handle))
      throw HTTPFetchError.other(reason: text.isEmpty ? "the request failed" : text)
    }
  }
}
