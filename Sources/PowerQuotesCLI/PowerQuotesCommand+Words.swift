import ArgumentParser

extension PowerQuotesCommand {
  /// Parses `words` (a command line without `powerquotes`, or a shell line's words) into a
  /// command: what `main` and the shell both use.
  ///
  /// ArgumentParser reads `-1` as an unknown option, so `fav show -1` would say an argument is
  /// missing. Options that take numbers read their value unconditionally; for the arguments,
  /// a line that does not parse is tried again with its negative numbers after `--`, and when
  /// that tells what is wrong with them, that is the answer (`fav show -1`: the id must be a
  /// positive number).
  static func parse(words: [String]) throws -> any ParsableCommand {
    do {
      return try parseAsRoot(words)
    } catch let original {
      // Help, the version and completion answers come as errors too (exit 0): no mistake in
      // them to look for, and the command tree below costs ~10 ms of a start.
      if exitCode(for: original).isSuccess { throw original }
      // A mistyped command: ArgumentParser says "Unexpected argument", or finds fault with
      // an option after it first; say what it is. Only a word that follows its commands
      // directly: after an option it may be that option's value.
      if let mistyped = CommandTree.powerquotes.mistypedCommand(in: words),
        words.starts(with: mistyped.path + [mistyped.word])
      {
        throw inGroup(unknownCommand(mistyped), path: mistyped.path)
      }
      let negative = words.filter(isNegativeNumber)
      guard !negative.isEmpty, !words.contains("--") else { throw original }
      let others = words.filter { !isNegativeNumber($0) }
      do {
        return try parseAsRoot(others + ["--"] + negative)
      } catch {
        // Only a sentence about one of those numbers explains them; else the first error stands.
        let message = self.message(for: error)
        guard negative.contains(where: message.contains) else { throw original }
        throw error
      }
    }
  }

  /// `usage` (about a word after the commands `path`) as a group's own error.
  ///
  /// ArgumentParser shows it with the usage of the group those commands name
  /// (`powerquotes fav <subcommand>`), not the root's: `path` is parsed again, and the group's
  /// `validate()` throws it.
  static func inGroup(_ usage: ValidationError, path: [String]) -> any Error {
    guard !path.isEmpty else { return usage }
    do {
      _ = try MistypedCommand.$pending.withValue(usage) { try parseAsRoot(path) }
    } catch {
      // Only the same sentence: a path that fails for another reason keeps the root's usage.
      if message(for: error) == usage.message { return error }
    }
    return usage
  }

  /// The sentence for a word that names no command where it stands, with the command it looks
  /// like (exit 64).
  ///
  /// "Unknown command 'rnadom'. Did you mean 'random'?", as ArgumentParser says for an option.
  static func unknownCommand(_ mistyped: (path: [String], word: String, suggestion: String?))
    -> ValidationError
  {
    let typed = (mistyped.path + [mistyped.word]).joined(separator: " ")
    guard let suggestion = mistyped.suggestion else {
      return ValidationError("Unknown command '\(typed)'.")
    }
    let meant = (mistyped.path + [suggestion]).joined(separator: " ")
    return ValidationError("Unknown command '\(typed)'. Did you mean '\(meant)'?")
  }

  /// The command `words` give, as `main` reads them.
  ///
  /// ``parse(words:)``, but the commands that can be are built directly (see `DirectCommand`).
  /// The shell's lines go through ArgumentParser.
  static func parseDirectly(words: [String]) throws -> any ParsableCommand {
    try DirectLine(words: words)?.command ?? parse(words: words)
  }

  private static func isNegativeNumber(_ word: String) -> Bool {
    word.count > 1 && word.first == "-" && Double(word) != nil
  }
}

/// The sentence for a favorite id out of range, for the commands that take ids as arguments.
enum FavoriteID {
  /// Throws when `id` cannot be a favorite's id.
  static func check(_ id: Int64) throws {
    if id < 1 {
      throw ValidationError("A favorite's id is a positive number, not \(id).")
    }
  }
}

/// A mistyped subcommand's error while a group's words are parsed again (see
/// ``PowerQuotesCommand/inGroup(_:path:)``): thrown by the group's `validate()`, which
/// ArgumentParser calls as it parses the group, so the message comes with the group's usage.
enum MistypedCommand {
  /// The error to throw from a group's `validate()`.
  @TaskLocal static var pending: ValidationError?
}
