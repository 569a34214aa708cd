import Foundation
import Synchronization

/// Standard output through `$PAGER` when it is taller than the terminal, as git pages its long
/// output.
///
/// Output is held back until it has as many lines as the terminal has rows; output that ends
/// before is written as it is, and longer output starts the pager and goes on into it. A pager
/// that cannot be found leaves the output written directly; a pager quit early (`q` in less)
/// ends the command quietly, with status 0.
public final class TerminalPager: Sendable {
  /// The pager when `$PAGER` is not set.
  public static let defaultCommand = "less -FRX"

  private enum Mode {
    case holding
    case direct
    case paging(pid_t)
  }

  private struct State {
    var mode = Mode.holding
    var held: [UInt8] = []
    var lines = 0
  }

  private let command: String
  private let rows: Int
  private let environment: [String: String]
  private let state = Mutex(State())

  /// A pager running `command` (a shell command line) for a terminal of `rows` rows.
  public init(command: String, rows: Int, environment: [String: String]) {
    self.command = command
    self.rows = max(1, rows)
    self.environment = environment
  }

  /// The pager command `environment` asks for: `$PAGER`, else ``defaultCommand``; nil when
  /// `$PAGER` is empty or `cat` (no pager).
  public static func command(environment: [String: String]) -> String? {
    guard let pager = environment["PAGER"] else { return defaultCommand }
    let command = pager.trimmed
    return command.isEmpty || command == "cat" ? nil : command
  }

  /// `console` with its standard output through this pager.
  public func console(over console: Console) -> Console {
    Console(
      out: { [self] text in write(Array(text.utf8)) }, err: console.err,
      outBytes: { [self] bytes in write(bytes) })
  }

  /// Writes what is held back, or waits for the pager to be quit: call it when the command
  /// has written everything.
  public func finish() {
    state.withLock { state in
      switch state.mode {
      case .holding:
        state.mode = .direct
        Console.writeStandardOutput(state.held, onBrokenPipe: Console.endByBrokenPipe)
        state.held = []
      case .direct:
        break
      case .paging(let pid):
        state.mode = .direct
        Self.waitForPager(pid)
      }
    }
  }

  private func write(_ bytes: [UInt8]) {
    state.withLock { state in
      switch state.mode {
      case .direct:
        Console.writeStandardOutput(bytes, onBrokenPipe: Console.endByBrokenPipe)
      case .paging(let pid):
        Console.writeStandardOutput(bytes) { Self.endQuietly(pid) }
      case .holding:
        state.held.append(contentsOf: bytes)
        for byte in bytes where byte == 10 { state.lines += 1 }
        guard state.lines >= rows else { return }
        let held = state.held
        state.held = []
        if let pid = startPager() {
          state.mode = .paging(pid)
          Console.writeStandardOutput(held) { Self.endQuietly(pid) }
        } else {
          state.mode = .direct
          Console.writeStandardOutput(held, onBrokenPipe: Console.endByBrokenPipe)
        }
      }
    }
  }

  /// Starts the pager with standard output made the write end of a pipe to it; nil when it
  /// cannot be found or started.
  private func startPager() -> pid_t? {
    guard let program = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
      Self.isRunnable(String(program), path: environment["PATH"] ?? "/usr/bin:/bin")
    else { return nil }
    guard
      let child = try? PipedChild(
        "/bin/sh", arguments: ["sh", "-c", "exec " + command], environment: environment)
    else { return nil }
    // The pager reads what we write to standard output; a pager quit early is an EPIPE, not
    // a SIGPIPE, and Ctrl-C is the pager's to handle while it runs.
    signal(SIGPIPE, SIG_IGN)
    signal(SIGINT, SIG_IGN)
    dup2(child.input, STDOUT_FILENO)
    close(child.input)
    return child.pid
  }

  /// Whether `program` names an executable file, itself or on `path`.
  private static func isRunnable(_ program: String, path: String) -> Bool {
    if program.contains("/") { return access(program, X_OK) == 0 }
    return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
  }

  /// Closes the pager's pipe (standard output goes to /dev/null from here on) and waits for it.
  private static func waitForPager(_ pid: pid_t) {
    let null = open("/dev/null", O_WRONLY)
    if null >= 0 {
      dup2(null, STDOUT_FILENO)
      close(null)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    signal(SIGINT, SIG_DFL)
  }

  /// The pager was quit before the output ended: nothing is wrong, the reader has seen enough.
  private static func endQuietly(_ pid: pid_t) -> Never {
    waitForPager(pid)
    exit(0)
  }
}
