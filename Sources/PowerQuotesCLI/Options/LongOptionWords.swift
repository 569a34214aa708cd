import ArgumentParser

/// A command's words read as long options only: each `--flag`, and each `--option value`,
/// at most once, and for a command that takes them, arguments; or nil when they are anything
/// more.
///
/// For the few commands built directly rather than by ArgumentParser (see `DirectCommand`),
/// and only for lines whose meaning is plain: a word that is not one of the names given (or,
/// for a command with arguments, one that starts with `-`), a name given twice,
/// `--name=value`, `--`, short options, and a value that is empty or starts with `-` make it
/// nil, and ArgumentParser reads the line as before, with its messages.
struct LongOptionWords {
  // Arrays, not sets and dictionaries: a dozen names are found as fast, and a start that builds
  // a Set<String> or [String: String] first makes the Swift runtime look their conformances up.

  /// The flags given.
  private(set) var flags: [String] = []
  /// The options given, with their values.
  private(set) var values: [(name: String, value: String)] = []
  /// The other words, in their order: the command's arguments.
  private(set) var arguments: [String] = []

  /// Reads `words` with `flags` and `options` (long names with their `--`), and when
  /// `takesArguments`, the words that do not start with `-` as arguments.
  init?(
    _ words: some Sequence<String>, flags flagNames: [String], options optionNames: [String],
    takesArguments: Bool = false
  ) {
    var words = words.makeIterator()
    while let word = words.next() {
      if flagNames.contains(word) {
        guard !flags.contains(word) else { return nil }
        flags.append(word)
      } else if optionNames.contains(word) {
        guard text(word) == nil, let value = words.next(), !value.isEmpty, value.first != "-"
        else { return nil }
        values.append((word, value))
      } else if takesArguments && word.first != "-" {
        arguments.append(word)
      } else {
        return nil
      }
    }
  }

  /// Whether `name` was given.
  func has(_ name: String) -> Bool {
    flags.contains(name)
  }

  /// The value of `name` as ArgumentParser converts it (`init?(argument:)`), nil when the option
  /// was not given.
  ///
  /// - Throws: ``NotDirect`` when the value does not convert.
  func value<Value: ExpressibleByArgument>(_ name: String, as _: Value.Type = Value.self) throws
    -> Value?
  {
    guard let text = text(name) else { return nil }
    guard let value = Value(argument: text) else { throw NotDirect() }
    return value
  }

  /// The value of `name` made by `transform`, as an option with a `transform:` makes it.
  ///
  /// Throwing whatever the transform, so the `try` that `@DirectlyParsed` writes before every
  /// value is never one the compiler warns about.
  func value<Value>(_ name: String, _ transform: (String) throws -> Value) throws -> Value? {
    try text(name).map(transform)
  }

  /// The text given for `name`, if any.
  private func text(_ name: String) -> String? {
    values.first { $0.name == name }?.value
  }

  /// A line that the direct way does not build: ArgumentParser reads it instead.
  struct NotDirect: Error {}
}
