import Foundation

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
        try run(path, tool: tool, input: text)
        return tool.name
      }
      throw ClipboardError.noTool
    }
  }

  /// A clipboard whose use fails the test that made it.
  public static let failing = Clipboard { _ in throw UnstubbedError(name: "Clipboard.copy") }

  private static func run(_ path: String, tool: Tool, input: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = tool.arguments
    let pipe = Pipe()
    process.standardInput = pipe
    // Not pipes: xclip leaves a child behind to serve the selection, which would hold them open.
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw ClipboardError.failed(tool: tool.name, reason: error.localizedDescription)
    }
    try? pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? pipe.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ClipboardError.failed(
        tool: tool.name,
        reason: "it exited with status \(process.terminationStatus)"
      )
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
