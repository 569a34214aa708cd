/// A short word of the shell: one of the iOS app's buttons, for a terminal.
///
/// ``all`` is the one place a short word is defined: what it runs, what `help` says of it, and
/// what Tab offers.
struct ShortWord: Sendable {
  /// What is typed.
  var word: String
  /// How `help` shows it, with what may follow it.
  var usage: String
  /// What `help` says it does.
  var meaning: String
  /// The command line it stands for, before the words typed after it; empty for `more` and
  /// `back`, which turn the pages of what the shell showed last.
  var command: [String]
  /// The command line when a favorite's ID follows, where that differs (`share 3`).
  var commandWithID: [String]? = nil
  /// Whether the list it shows comes a screen at a time, when no option follows the word.
  var paged = false

  /// The command line the word and the words after it (`rest`) stand for; nil for `more` and
  /// `back`.
  func line(_ rest: [String]) -> [String]? {
    guard !command.isEmpty else { return nil }
    let withID = rest.first.map { Int64($0) != nil } ?? false
    return (withID ? commandWithID ?? command : command) + rest
  }

  /// Whether the list the word and `rest` show comes a screen at a time.
  func isPaged(_ rest: [String]) -> Bool {
    paged && !rest.contains { $0.hasPrefix("-") }
  }

  /// The short word `word`, if it is one.
  static func named(_ word: String) -> ShortWord? {
    all.first { $0.word == word }
  }

  /// The short words, in the order `help` lists them.
  static let all = [
    ShortWord(
      word: "next", usage: "next", meaning: "a new random quote (random)", command: ["random"]),
    ShortWord(
      word: "save", usage: "save", meaning: "save the quote shown last (fav add)",
      command: ["fav", "add"]),
    ShortWord(
      word: "search", usage: "search AUTHOR", meaning: "favorites by an author, a page at a time",
      command: ["fav", "search"], paged: true),
    ShortWord(
      word: "list", usage: "list", meaning: "favorites, a page at a time",
      command: ["fav", "list"],
      paged: true),
    ShortWord(
      word: "find", usage: "find WORDS", meaning: "favorites by their words (fav find)",
      command: ["fav", "find"]),
    ShortWord(
      word: "tag", usage: "tag ID TAG...", meaning: "tag a favorite (fav tag)",
      command: ["fav", "tag"]),
    ShortWord(
      word: "untag", usage: "untag ID TAG...", meaning: "take tags off (fav untag)",
      command: ["fav", "untag"]),
    ShortWord(
      word: "tags", usage: "tags", meaning: "the tags in use, counted (fav tags)",
      command: ["fav", "tags"]),
    ShortWord(
      word: "stats", usage: "stats", meaning: "favorites counted (fav stats)",
      command: ["fav", "stats"]),
    ShortWord(
      word: "more", usage: "more", meaning: "the next page of 'list', 'search' or 'browse'",
      command: []),
    ShortWord(
      word: "back", usage: "back", meaning: "the page before, after 'browse'", command: []),
    ShortWord(
      word: "show", usage: "show ID", meaning: "one favorite in full (fav show)",
      command: ["fav", "show"]),
    ShortWord(
      word: "share", usage: "share [ID]",
      meaning: "share text for the quote shown last, or a favorite", command: ["share"],
      commandWithID: ["fav", "share"]),
    ShortWord(
      word: "delete", usage: "delete ID...", meaning: "remove favorites (fav rm)",
      command: ["fav", "rm"]),
    ShortWord(
      word: "edit", usage: "edit ID", meaning: "change a favorite (fav edit)",
      command: ["fav", "edit"]),
    ShortWord(
      word: "trash", usage: "trash", meaning: "the removed favorites (fav trash)",
      command: ["fav", "trash"]),
    ShortWord(
      word: "restore", usage: "restore ID...",
      meaning: "bring favorites back from the trash (fav restore)", command: ["fav", "restore"]),
    ShortWord(
      word: "undo", usage: "undo", meaning: "take back the last change (fav undo)",
      command: ["fav", "undo"]),
  ]

  /// The shell's words that are not short for a command: `help` and leaving.
  static let shellOwn = [
    (words: ["help"], meaning: "this text"),
    (
      words: ["quit", "exit"],
      meaning: "leave (so does Ctrl-D); Ctrl-C abandons the line or the request"
    ),
  ]
}
