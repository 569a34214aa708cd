import Foundation

/// Where a command writes: data to standard output, notes and errors to standard error.
public struct Console: Sendable {
  /// Writes to standard output.
  public var out: @Sendable (String) -> Void
  /// Writes to standard error.
  public var err: @Sendable (String) -> Void
  /// Writes UTF-8 bytes to standard output: what a long listing writes a buffer at a time.
  public var outBytes: @Sendable ([UInt8]) -> Void
  /// Writes, on standard error, the sentence of a command that fails with its own exit status
  /// rather than an error ("Already a Favorite: ..."); a shell script names the line in it.
  public var failed: @Sendable (String) -> Void

  /// Makes a console from two writers; `outBytes` writes bytes to the same place as `out`,
  /// and when it is not given the bytes are passed on to `out` as text (whole lines of valid
  /// UTF-8 are all that is ever written).
  public init(
    out: @escaping @Sendable (String) -> Void,
    err: @escaping @Sendable (String) -> Void,
    outBytes: (@Sendable ([UInt8]) -> Void)? = nil
  ) {
    self.out = out
    self.err = err
    self.outBytes = outBytes ?? { bytes in out(String(decoding: bytes, as: UTF8.self)) }
    self.failed = { text in err(text + "\n") }
  }

  /// Writes `text` and a newline to standard output.
  public func print(_ text: String) { out(text + "\n") }

  /// Writes `text` and a newline to standard error.
  public func note(_ text: String) { err(text + "\n") }

  /// The process's standard output and standard error.
  ///
  /// A write that fails ends the process: a full disk or an I/O error with one sentence on
  /// standard error and status 1, so that `fav export > backup.json` on a full disk never
  /// passes for a backup; a closed pipe (`powerquotes fav list | head`) quietly, by SIGPIPE, as
  /// any other program's output into `head` ends.
  public static let live = Console(
    out: { text in writeAll(text, to: STDOUT_FILENO, named: "standard output") },
    err: { text in writeAll(text, to: STDERR_FILENO, named: "standard error") },
    outBytes: { bytes in
      bytes.withUnsafeBufferPointer { writeAll($0, to: STDOUT_FILENO, named: "standard output") }
    }
  )

  private static func writeAll(_ text: String, to descriptor: Int32, named name: String) {
    var text = text
    text.withUTF8 { bytes in writeAll(bytes, to: descriptor, named: name) }
  }

  /// Writes `bytes` to standard output as ``live`` does, calling `onBrokenPipe` when its
  /// reader has gone (a pager quit early).
  static func writeStandardOutput(_ bytes: [UInt8], onBrokenPipe: () -> Never) {
    bytes.withUnsafeBufferPointer {
      writeAll($0, to: STDOUT_FILENO, named: "standard output", onBrokenPipe: onBrokenPipe)
    }
  }

  /// Ends the process by SIGPIPE, as a program whose output went into `head` ends.
  static func endByBrokenPipe() -> Never {
    // SIGPIPE was ignored when we were started: end as if it had not been.
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    exit(1)
  }

  private static func writeAll(
    _ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, named name: String,
    onBrokenPipe: () -> Never = endByBrokenPipe
  ) {
    guard let start = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, start + offset, bytes.count - offset)
      if written > 0 {
        offset += written
        continue
      }
      let failure = written < 0 ? errno : EIO
      if failure == EINTR || failure == EAGAIN { continue }
      if failure == EPIPE { onBrokenPipe() }
      let sentence =
        "Error: Could not write to \(name) (\(String(cString: strerror(failure)))); "
        + "what was written is incomplete.\n"
      if descriptor != STDERR_FILENO {
        _ = sentence.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      }
      exit(1)
    }
  }
}

/// Lines read from the user, for confirmations.
public struct InputSource: Sendable {
  /// The next line without its newline, or nil at end of input.
  ///
  /// Throws `CancellationError` when the task asking is cancelled while it waits (Ctrl-C in
  /// the shell): the question is abandoned, not answered by the next line typed.
  public var readLine: @Sendable () throws -> String?

  /// Makes an input source from a line reader.
  public init(readLine: @escaping @Sendable () throws -> String?) {
    self.readLine = readLine
  }

  /// Standard input.
  ///
  /// The wait for a line is in poll(2), looking at the task's cancellation between waits: in
  /// the shell, Ctrl-C leaves SIGINT to the shell, so a read(2) would never be woken by it, and
  /// the line typed after Ctrl-C would answer the question. On a terminal, a line is readable
  /// only once it is whole, so `Swift.readLine` then returns without waiting.
  public static let live = InputSource(readLine: {
    while !Task.isCancelled {
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      // A short timeout, so that a cancellation is acted on promptly.
      let ready = poll(&descriptor, 1, 50)
      // Readable, at its end, or failing: readLine tells which.
      if ready > 0 || (ready < 0 && errno != EINTR) { break }
    }
    try Task.checkCancellation()
    return Swift.readLine(strippingNewline: true)
  })

  /// An input with no lines.
  public static let empty = InputSource(readLine: { nil })
}

/// Collects small writes into larger ones: a list of 100,000 lines is a few dozen writes, not
/// 100,000.
///
/// The buffer is bytes, reused from one write to the next, so that row writers can append to it
/// directly (``bytes``) without making a `String` per row.
public struct BufferedOutput {
  private let write: @Sendable ([UInt8]) -> Void
  /// What is buffered; append whole lines, then call ``lineEnded()``.
  public var bytes: [UInt8] = []
  private let limit: Int

  /// Buffers writes to `console`'s standard output, passing them on once `limit` bytes have
  /// gathered.
  public init(_ console: Console, limit: Int = 1 << 16) {
    self.write = console.outBytes
    self.limit = limit
    bytes.reserveCapacity(limit + 8192)
  }

  /// Adds `text`, passing the buffer on when it is full.
  public mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    lineEnded()
  }

  /// Passes the buffer on when it is full: call it after appending whole lines to ``bytes``.
  public mutating func lineEnded() {
    if bytes.count >= limit { flush() }
  }

  /// Passes on whatever is buffered.
  public mutating func flush() {
    if !bytes.isEmpty {
      write(bytes)
      bytes.removeAll(keepingCapacity: true)
    }
  }
}
