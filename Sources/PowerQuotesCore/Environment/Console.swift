import Foundation

/// Where a command writes: data to standard output, notes and errors to standard error.
public struct Console: Sendable {
  /// Writes to standard output.
  public var out: @Sendable (String) -> Void
  /// Writes to standard error.
  public var err: @Sendable (String) -> Void

  /// Makes a console from two writers.
  public init(
    out: @escaping @Sendable (String) -> Void,
    err: @escaping @Sendable (String) -> Void
  ) {
    self.out = out
    self.err = err
  }

  /// Writes `text` and a newline to standard output.
  public func print(_ text: String) { out(text + "\n") }

  /// Writes `text` and a newline to standard error.
  public func note(_ text: String) { err(text + "\n") }

  /// The process's standard output and standard error.
  public static let live = Console(
    out: { text in FileHandle.standardOutput.writeIgnoringBrokenPipe(text) },
    err: { text in FileHandle.standardError.writeIgnoringBrokenPipe(text) }
  )
}

extension FileHandle {
  /// Writes UTF-8 text; a closed pipe (`powerquotes fav list | head`) is not an error.
  fileprivate func writeIgnoringBrokenPipe(_ text: String) {
    try? write(contentsOf: Data(text.utf8))
  }
}

/// Lines read from the user, for confirmations.
public struct InputSource: Sendable {
  /// The next line without its newline, or nil at end of input.
  public var readLine: @Sendable () -> String?

  /// Makes an input source from a line reader.
  public init(readLine: @escaping @Sendable () -> String?) {
    self.readLine = readLine
  }

  /// Standard input.
  public static let live = InputSource(readLine: { Swift.readLine(strippingNewline: true) })

  /// An input with no lines.
  public static let empty = InputSource(readLine: { nil })
}

/// Collects small writes into larger ones: a list of 100,000 lines is a few dozen writes, not
/// 100,000.
public struct BufferedOutput {
  private let write: @Sendable (String) -> Void
  private var buffer = ""
  private let limit: Int

  /// Buffers writes to `write`, passing them on once `limit` UTF-8 bytes have gathered.
  public init(_ write: @escaping @Sendable (String) -> Void, limit: Int = 1 << 16) {
    self.write = write
    self.limit = limit
  }

  /// Adds `text`, passing the buffer on when it is full.
  public mutating func append(_ text: String) {
    buffer += text
    if buffer.utf8.count >= limit { flush() }
  }

  /// Passes on whatever is buffered.
  public mutating func flush() {
    if !buffer.isEmpty {
      write(buffer)
      buffer = ""
    }
  }
}
