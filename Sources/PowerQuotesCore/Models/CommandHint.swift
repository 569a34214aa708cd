/// How a message names a command to try next: "Run 'powerquotes fav list'" on the command line,
/// "Type 'fav list'" in the shell, where `powerquotes` is not typed.
///
/// Every such hint is built here, so a message suits the place it is read in. The shell sets
/// ``place`` for each line it runs; errors it reports are described inside that scope too.
public enum CommandHint {
  /// Where messages are read.
  public enum Place: Sendable {
    /// A command line: commands start with `powerquotes`.
    case commandLine
    /// The shell: commands are typed without `powerquotes`.
    case shell
  }

  /// Where the messages being built will be read.
  @TaskLocal public static var place = Place.commandLine

  /// `command` quoted as it is typed here: `'powerquotes fav list'`, or `'fav list'` in the shell.
  public static func quoted(_ command: String) -> String {
    switch place {
    case .commandLine: "'powerquotes \(command)'"
    case .shell: "'\(command)'"
    }
  }

  /// The start of a sentence that says to run `command`: "Run 'powerquotes sync'", or
  /// "Type 'sync'" in the shell.
  public static func run(_ command: String) -> String {
    switch place {
    case .commandLine: "Run \(quoted(command))"
    case .shell: "Type \(quoted(command))"
    }
  }

  /// How to see the next page, after where a page leaves a list: "type 'more' for the next
  /// page" in the shell, where `more` turns the pages of every list; on the command line,
  /// "run 'powerquotes COMMAND' for the next page", `command` being the line that shows it.
  public static func nextPage(_ command: String) -> String {
    switch place {
    case .commandLine: "run \(quoted(command)) for the next page"
    case .shell: "type 'more' for the next page"
    }
  }
}
