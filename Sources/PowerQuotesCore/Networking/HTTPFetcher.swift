import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GET that gives up after a timeout and stops reading past a size cap.
struct HTTPFetcher: Sendable {
  /// Whole seconds, at least 1: URLSession on Linux rounds down and times out at once below 1 s.
  var timeoutSeconds: Int
  /// The largest body read; a longer one is an error, not a truncated read.
  var maxBodyBytes: Int

  /// The reply to a GET of `url`, with its body.
  func get(_ url: URL) async throws -> (HTTPURLResponse, Data) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = TimeInterval(timeoutSeconds)
    configuration.timeoutIntervalForResource = TimeInterval(timeoutSeconds)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    // No cache at all: on Linux even an ephemeral session makes a cache folder in ~/.cache.
    configuration.urlCache = nil
    let loader = CappedLoader(maxBodyBytes: maxBodyBytes)
    let session = URLSession(configuration: configuration, delegate: loader, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }

    var request = URLRequest(url: url, timeoutInterval: TimeInterval(timeoutSeconds))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("powerquotes", forHTTPHeaderField: "User-Agent")
    let task = session.dataTask(with: request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        loader.start(task, continuation: continuation)
      }
    } onCancel: {
      task.cancel()
    }
  }
}

/// Collects one task's reply, cancelling it once the body passes the cap.
private final class CappedLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Guarded by `lock`: URLSession calls the delegate on its own queue.
  private let lock = NSLock()
  private let maxBodyBytes: Int
  private var body = Data()
  private var response: HTTPURLResponse?
  private var tooLarge = false
  private var continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>?

  init(maxBodyBytes: Int) {
    self.maxBodyBytes = maxBodyBytes
  }

  func start(
    _ task: URLSessionDataTask,
    continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
  ) {
    lock.withLock { self.continuation = continuation }
    task.resume()
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = response.expectedContentLength > Int64(maxBodyBytes)
    lock.withLock {
      self.response = response as? HTTPURLResponse
      self.tooLarge = tooLarge
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow = lock.withLock {
      body.append(data)
      if body.count > maxBodyBytes { tooLarge = true }
      return tooLarge
    }
    if overflow { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    didCompleteWithError error: (any Error)?
  ) {
    let (continuation, result) = lock.withLock {
      () -> (
        CheckedContinuation<(HTTPURLResponse, Data), any Error>?,
        Result<(HTTPURLResponse, Data), any Error>
      ) in
      let continuation = self.continuation
      self.continuation = nil
      if tooLarge {
        return (continuation, .failure(HTTPFetchError.bodyTooLarge))
      }
      if let error {
        // Once the head has arrived the server was reached: a failure now means the body was cut
        // short (libcurl reports "transfer closed with N bytes remaining" as an unknown error).
        let cutShort =
          response != nil && (error as? URLError)?.code != .timedOut
          && (error as? URLError)?.code != .cancelled
        return (continuation, .failure(cutShort ? HTTPFetchError.cutShort : error))
      }
      guard let response else {
        return (continuation, .failure(HTTPFetchError.notHTTP))
      }
      return (continuation, .success((response, body)))
    }
    continuation?.resume(with: result)
  }
}

/// Failures of the fetch itself, below the API's meaning.
enum HTTPFetchError: Error {
  case bodyTooLarge
  case cutShort
  case notHTTP
}
