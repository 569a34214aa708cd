import Foundation

/// Where the database lives: `--database`, else `$POWERQUOTES_DATABASE`, else
/// `$XDG_DATA_HOME/powerquotes/powerquotes.sqlite`, else
/// `~/.local/share/powerquotes/powerquotes.sqlite`.
public enum DatabaseLocation {
  /// The file name inside the data folder.
  public static let fileName = "powerquotes.sqlite"

  /// The path to use, given the `--database` option and the environment.
  public static func resolve(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return expandingTilde(option, environment: environment) }
    if let path = environment["POWERQUOTES_DATABASE"], !path.isEmpty {
      return expandingTilde(path, environment: environment)
    }
    return dataFolder(environment: environment) + "/" + fileName
  }

  /// powerquotes' data folder: `$XDG_DATA_HOME/powerquotes`, else
  /// `~/.local/share/powerquotes`, where the database lives unless told otherwise, and where
  /// `fav edit` keeps a form it could not save.
  public static func dataFolder(environment: [String: String]) -> String {
    // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return dataHome + "/powerquotes"
    }
    return home(environment) + "/.local/share/powerquotes"
  }

  static func home(_ environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return FileManager.default.homeDirectoryForCurrentUser.path
  }

  static func expandingTilde(_ path: String, environment: [String: String]) -> String {
    if path == "~" { return home(environment) }
    if path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
    return path
  }
}
