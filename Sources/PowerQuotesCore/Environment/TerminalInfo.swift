import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Facts about the terminal: how wide it is, whether input and output are terminals, and
/// whether to use colour.
public struct TerminalInfo: Sendable, Equatable {
  /// Columns available for output.
  public var width: Int
  /// Rows the window has (24 when it is not a terminal).
  public var height: Int
  /// Whether standard input is a terminal (so a question can be asked).
  public var inputIsTerminal: Bool
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (where progress is drawn).
  public var errorIsTerminal: Bool
  /// Whether to emit colour.
  public var usesColor: Bool

  /// Makes terminal facts.
  public init(
    width: Int,
    height: Int = 24,
    inputIsTerminal: Bool,
    outputIsTerminal: Bool,
    errorIsTerminal: Bool? = nil,
    usesColor: Bool
  ) {
    self.width = width
    self.height = height
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal ?? outputIsTerminal
    self.usesColor = usesColor
  }

  /// A plain 80-column pipe: what tests and scripts see.
  public static let plain = TerminalInfo(
    width: 80,
    inputIsTerminal: false,
    outputIsTerminal: false,
    usesColor: false
  )

  /// The process's terminal, with colour decided by `color` and the environment.
  public static func live(color: ColorMode, environment: [String: String]) -> TerminalInfo {
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    let size = windowSize()
    return TerminalInfo(
      width: size.map { Int($0.ws_col) } ?? columns(environment: environment),
      height: size.map { Int($0.ws_row) } ?? 24,
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      outputIsTerminal: outputIsTerminal,
      errorIsTerminal: isatty(STDERR_FILENO) == 1,
      usesColor: color.allowsColor(outputIsTerminal: outputIsTerminal, environment: environment)
    )
  }

  /// The window's size, from standard output, else standard error (where `sync | cat` draws
  /// its bar), when either is a terminal that knows it.
  private static func windowSize() -> winsize? {
    for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        return size
      }
    }
    return nil
  }

  /// `$COLUMNS`, else 80.
  private static func columns(environment: [String: String]) -> Int {
    environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
  }
}

/// When to colour output: `auto` (a terminal, `TERM` not `dumb`, no `NO_COLOR`), `always`, `never`.
public enum ColorMode: String, CaseIterable, Sendable {
  /// Colour on a terminal that supports it, unless `NO_COLOR` is set.
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never

  /// Whether this mode colours output in these circumstances.
  public func allowsColor(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto:
      outputIsTerminal && environment["TERM"] != "dumb"
        && (environment["NO_COLOR"] ?? "").isEmpty
    }
  }
}
