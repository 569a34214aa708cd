import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The desktop clipboard, through whichever of `wl-copy`, `xclip` and `xsel` is installed.
public struct Clipboard: Sendable {
  /// Puts `text` on the clipboard and returns the name of the tool that did it.
  public var copy: @Sendable (_ text: String) throws -> String

  /// Makes a clipboard from its operation.
  public init(copy: @escaping @Sendable (_ text: String) throws -> String) {
    self.copy = copy
  }

  /// A clipboard tool: its name and the arguments that make it read the clipboard from stdin.
  public struct Tool: Sendable, Equatable {
    /// The program's name.
    public var name: String
    /// Its arguments.
    public var arguments: [String]
  }

  /// The tools tried, in order: Wayland's first under Wayland, X11's first otherwise.
  public static func tools(environment: [String: String]) -> [Tool] {
    let wayland = Tool(name: "wl-copy", arguments: [])
    let x11 = [
      Tool(name: "xclip", arguments: ["-selection", "clipboard"]),
      Tool(name: "xsel", arguments: ["--clipboard", "--input"]),
    ]
    let onWayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    return onWayland ? [wayland] + x11 : x11 + [wayland]
  }

  /// The system clipboard, looking for its tools on `environment`'s PATH.
  public static func live(environment: [String: String]) -> Clipboard {
    Clipboard { text in
      let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
      for tool in tools(environment: environment) {
        guard
          let path = folders.map({ $0 + "/" + tool.name })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { continue }
        try run(path, tool: tool, input: text, environment: environment)
        return tool.name
      }
      throw ClipboardError.noTool
    }
  }

  /// A clipboard whose use fails the test that made it.
  public static let failing = Clipboard { _ in throw UnstubbedError(name: "Clipboard.copy") }

  /// Runs the tool with `input` on its standard input and `environment` as its environment, and
  /// waits for it, and only it.
  ///
  /// Spawned directly rather than with Foundation's `Process`, which on Linux lets the child
  /// inherit a socket it waits on: xclip and wl-copy leave a child behind to serve the
  /// clipboard, and waiting would last until something else is copied.
  private static func run(
    _ path: String, tool: Tool, input: String, environment: [String: String]
  ) throws {
    let child: PipedChild
    do {
      child = try PipedChild(
        path, arguments: [path] + tool.arguments, environment: environment, quiet: true)
    } catch {
      throw ClipboardError.failed(
        tool: tool.name, reason: error.reason)
    }
    // A tool that exits without reading (xclip with no display) must not kill us with SIGPIPE.
    let previous = signal(SIGPIPE, SIG_IGN)
    var bytes = Array(input.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(child.input, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { break }
      bytes = bytes.dropFirst(written)
    }
    close(child.input)
    signal(SIGPIPE, previous)
    var status: Int32 = 0
    while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    let exited = status & 0x7f == 0
    let code = (status >> 8) & 0xff
    guard exited && code == 0 else {
      let reason = exited ? "it exited with status \(code)" : "it was stopped by a signal"
      throw ClipboardError.failed(tool: tool.name, reason: reason)
    }
  }
}

/// Why the clipboard could not be used.
public enum ClipboardError: LocalizedError, Equatable, Sendable {
  /// None of wl-copy, xclip and xsel is on the PATH.
  case noTool
  /// The tool ran and failed.
  case failed(tool: String, reason: String)

  public var errorDescription: String? {
    switch self {
    case .noTool:
      "No clipboard tool was found: install wl-clipboard (Wayland), xclip or xsel, or use "
        + "--output FILE."
    case .failed(let tool, let reason):
      "Could not copy with \(tool): \(reason). Is a desktop session running?"
    }
  }
}
