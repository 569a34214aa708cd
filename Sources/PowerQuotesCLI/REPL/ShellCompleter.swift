import PowerQuotesCore

/// What Tab offers in the shell: command and subcommand names, flags, option values, and
/// authors of favorites after `search`, `fav search` and `random --author`, and tags after
/// `--tag`, `fav tag ID` and `fav untag ID`.
struct ShellCompleter: Sendable {
  /// The command tree, as ArgumentParser describes it.
  var tree: CommandTree
  /// The authors of favorites, read when needed.
  var authors: @Sendable () -> [String]
  /// The tags in use, read when needed.
  var tags: @Sendable () -> [String] = { [] }

  /// The shell's own words, offered with the top-level commands.
  static let shellWords = ShortWord.all.map(\.word) + ShortWord.shellOwn.flatMap(\.words)

  /// What a line can start with in the shell: the commands (but `shell`, which is where the
  /// line is typed, and the full-screen `app`, which the shell refuses) and the shell's own words.
  static let commandWords =
    CommandTree.powerquotes.subcommands.map(\.name).filter(isShellCommand) + shellWords

  /// Whether a command of the tree can be a line of the shell.
  static func isShellCommand(_ name: String) -> Bool {
    name != Shell.commandName && name != App.configuration.commandName
  }

  /// Candidates for `word`, the word being typed, after the words `before` it.
  func candidates(before: [String], word: String) -> [String] {
    // Case and accents do not count, as in the author search itself.
    let prefix = QuoteKey.searchFolded(word)
    let all = options(before: before, word: word)
    return Array(Set(all.filter { QuoteKey.searchFolded($0).hasPrefix(prefix) })).sorted()
  }

  /// What Tab puts in the line for the word being typed, written the way ``ShellWords`` reads
  /// it back, so that an author such as "Marcus Aurelius" or "Eugene O'Neill" stays one word.
  ///
  /// - Parameters:
  ///   - line: The line before the word; without the quote that opened it, if any.
  ///   - word: The word as typed so far, after that quote.
  ///   - openQuote: The quote mark the word was opened with (`"` or `'`), or nil.
  /// - Returns: When the word was not opened with a quote, the candidates as they are if none
  ///   needs quoting, else each in double quotes (so that what they share is a quoted start,
  ///   which the next Tab completes within the quote). After an opening quote, the rest of each
  ///   candidate escaped for that quote, and the closing quote.
  func completions(line: String, word: String, openQuote: Character?) -> [String] {
    listed(line: line, word: word, openQuote: openQuote).inserted
  }

  /// ``completions(line:word:openQuote:)``, and the candidates as a list of them shows them:
  /// plain, without the quotes and escapes that go into the line (`Rumi`, not `Rumi"`).
  func listed(line: String, word: String, openQuote: Character?)
    -> (inserted: [String], shown: [String])
  {
    let before = (try? ShellWords.split(line)) ?? line.split(separator: " ").map(String.init)
    // The word as the line will read it: without the escapes typed in it.
    let typed: String
    switch openQuote {
    case "'": typed = word
    case "\"": typed = (try? ShellWords.split("\"" + word + "\""))?.first ?? word
    default: typed = (try? ShellWords.split(word))?.first ?? word
    }
    let found = candidates(before: before, word: typed)
    switch openQuote {
    case "'":
      // A single quote cannot be escaped inside single quotes: close, escape it, open again.
      return (found.map { $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }, found)
    case "\"":
      return (found.map { Self.escapedForDoubleQuotes($0) + "\"" }, found)
    default:
      guard found.contains(where: Self.needsQuoting) else { return (found, found) }
      return (found.map { "\"" + Self.escapedForDoubleQuotes($0) + "\"" }, found)
    }
  }

  /// Whether ``ShellWords`` would read `word` as something else, or as more than one word.
  private static func needsQuoting(_ word: String) -> Bool {
    word.isEmpty
      || word.unicodeScalars.contains {
        "'\"\\".unicodeScalars.contains($0) || $0.properties.isWhitespace
      }
  }

  /// `text` as it is written inside double quotes: `"` and `\` escaped.
  private static func escapedForDoubleQuotes(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
      escaped.unicodeScalars.append(scalar)
    }
    return escaped
  }

  private func options(before: [String], word: String) -> [String] {
    guard let first = before.first else {
      return tree.subcommands.map(\.name).filter(Self.isShellCommand) + Self.shellWords
    }
    // Short words stand for commands: complete them as the commands they stand for.
    let expanded = ShortWord.named(first)?.line(Array(before.dropFirst())) ?? before
    // After `random --author` (`next --author`): the authors of favorites, as it matches them.
    if before.last == "--author", expanded.first == "random" {
      return authors()
    }
    var node = tree
    var positionals: [String] = []
    for word in expanded {
      if let sub = node.subcommand(word), positionals.isEmpty {
        node = sub
      } else if !word.hasPrefix("-") {
        positionals.append(word)
      }
    }
    if let option = before.last, let values = node.values[option] {
      return values
    }
    if before.last == "--tag" {
      return tags()
    }
    if word.hasPrefix("-") {
      return node.flags
    }
    let path = expanded.prefix { !$0.hasPrefix("-") }
    if node.name == "search", path.starts(with: ["fav", "search"]), positionals.isEmpty {
      return authors()
    }
    // After the id of `fav tag ID` and `fav untag ID`: tags.
    if node.name == "tag" || node.name == "untag", path.starts(with: ["fav", node.name]),
      !positionals.isEmpty
    {
      return tags()
    }
    return positionals.isEmpty ? node.subcommands.map(\.name) : []
  }
}
