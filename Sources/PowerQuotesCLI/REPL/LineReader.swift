import Foundation

/// What reading a line gave.
enum LineEvent: Equatable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// Ctrl-C: the line being typed was abandoned.
  case interrupted
  /// End of input (Ctrl-D, or the end of a script).
  case end
}

/// Where the shell gets its lines: GNU readline on a terminal, plain lines otherwise, or a
/// test's script.
struct LineReader: Sendable {
  /// Whether this reader talks to a person: a prompt and a banner are shown.
  var isInteractive: Bool
  /// Reads the next line, showing `prompt` if interactive.
  var next: @Sendable (_ prompt: String) -> LineEvent
  /// Records a line that was run, for history.
  var remember: @Sendable (_ line: String) -> Void

  /// Plain lines from standard input: for scripts and pipes.
  static let plain = LineReader(
    isInteractive: false,
    next: { _ in Swift.readLine(strippingNewline: true).map(LineEvent.line) ?? .end },
    remember: { _ in }
  )
}
