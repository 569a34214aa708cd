/// The parts of a path the user gave, split at its last `/` as the kernel reads it.
///
/// Every split of a user's path goes through here, never through Foundation's path functions:
/// `NSString.deletingLastPathComponent` traps (SIGILL) on a one-character name such as `q`,
/// `é` or `a/` in swift-corelibs-foundation 6.3, and it tidies a path (a trailing `/`, `//`)
/// into one that names something else.
public enum PathName {
  /// The folder that holds `path`: what comes before its last `/`; `.` for a bare name, `/` for
  /// a name at the root.
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return path[..<slash].isEmpty ? "/" : String(path[..<slash])
  }

  /// The name `path` gives in its folder: what comes after its last `/` (empty for a path that
  /// ends in `/`).
  public static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The path of the file `name` in `folder`.
  public static func joined(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// `path` as a one-line status shows it: under `home`, with `~` for it.
  public static func shortened(_ path: String, home: String?) -> String {
    guard let home, home.count > 1, path.hasPrefix(home) else { return path }
    let rest = path.dropFirst(home.count)
    if home.hasSuffix("/") { return "~/" + rest }
    return rest.hasPrefix("/") ? "~" + rest : path
  }

  /// Whether `path` can only name a folder: it ends in `/`, or its name is `.` or `..`.
  public static func namesFolder(_ path: String) -> Bool {
    let name = name(of: path)
    return name.isEmpty || name == "." || name == ".."
  }
}
