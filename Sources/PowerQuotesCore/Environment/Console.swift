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
