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
  static let shellWords = ShellSession.shortWords.map(\.word) + ["help", "quit", "exit"]

  /// Candidates for `word`, the word being typed, after the words `before` it.
  func candidates(before: [String], word: String) -> [String] {
    // Case and accents do not count, as in the author search itself.
    let prefix = QuoteKey.searchFolded(word)
    let all = options(before: before, word: word)
    return Array(Set(all.filter { QuoteKey.searchFolded($0).hasPrefix(prefix) })).sorted()
  }

  private func options(before: [String], word: String) -> [String] {
    guard let first = before.first else {
      return tree.subcommands.map(\.name) + Self.shellWords
    }
    // Short words stand for commands: complete them as the commands they stand for.
    let expanded = ShellSession.expand(first).map { $0 + before.dropFirst() } ?? before
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
