import ArgumentParser

/// A command that `main` builds from its words without ArgumentParser when they are plain long
/// options and arguments (see `LongOptionWords`); any other line is left to ArgumentParser,
/// with its messages.
///
/// ArgumentParser finds a command's options by reflection, and its generic property wrappers
/// make the Swift runtime scan every protocol conformance in the binary: a few milliseconds
/// per start, which is most of the start of the commands people run most (`random` in a
/// shell's start-up file, the listings and searches of the library).
///
/// A command is made one by ``DirectlyParsed()``, from its declarations: never by hand.
protocol DirectCommand: EnvironmentCommand {
  /// The long flags the command and its option groups take, with their `--`.
  static var directFlagNames: [String] { get }
  /// The long options the command and its option groups take, with their `--`.
  static var directOptionNames: [String] { get }
  /// Whether the command takes arguments: the words that are not options.
  static var takesArguments: Bool { get }

  /// The command `line` gives, converted as ArgumentParser would, its option groups validated
  /// (see `DirectOptionGroup`).
  ///
  /// - Throws: when a value does not convert or a group does not validate.
  init(direct line: LongOptionWords) throws
}

/// Makes a command a ``DirectCommand`` from its `@Option`, `@Flag`, `@OptionGroup` and
/// `@Argument` declarations, the one place its grammar is written: the names the direct way
/// reads (ArgumentParser's: `maxLength` is `--max-length`), and `init(direct:)`, which sets
/// every property. Its option groups are ``DirectlyParsedGroup()``s. A declaration the direct
/// way cannot read as ArgumentParser does is an error at compile time.
///
/// A macro rather than a second list: it writes at compile time the code that was written by
/// hand before, so a start runs the same code; the plug-in runs in the compiler, and nothing
/// of it or of swift-syntax is in the binary.
@attached(
  extension, conformances: DirectCommand,
  names: named(directFlagNames), named(directOptionNames), named(takesArguments), named(init))
macro DirectlyParsed() = #externalMacro(module: "PowerQuotesMacros", type: "DirectGrammarMacro")

/// Makes an option group a ``DirectOptionGroup`` from its declarations, as
/// ``DirectlyParsed()`` makes a command.
@attached(
  extension, conformances: DirectOptionGroup,
  names: named(flagNames), named(optionNames), named(init))
macro DirectlyParsedGroup() =
  #externalMacro(module: "PowerQuotesMacros", type: "DirectGrammarMacro")

extension DirectCommand {
  /// The command `words` (what follows the command's name) give, validated, or nil when
  /// ArgumentParser must read them: then its error, if any, is the one shown, so the order in
  /// which the direct way finds a fault does not matter.
  static func direct(_ words: some Sequence<String>) -> Self? {
    guard
      let line = LongOptionWords(
        words, flags: directFlagNames, options: directOptionNames,
        takesArguments: takesArguments),
      var command = try? Self(direct: line),
      (try? command.validate()) != nil
    else { return nil }
    return command
  }
}

/// An option group that commands built directly read from their words; made one by
/// ``DirectlyParsedGroup()``.
protocol DirectOptionGroup: ParsableArguments {
  /// The group's long flags, with their `--`.
  static var flagNames: [String] { get }
  /// The group's long options, with their `--`.
  static var optionNames: [String] { get }
  /// The group's options `line` gives, converted as ArgumentParser converts them.
  init(_ line: LongOptionWords) throws
}

extension DirectOptionGroup {
  /// The group `words` give, validated.
  static func validated(_ words: LongOptionWords) throws -> Self {
    var group = try Self(words)
    try group.validate()
    return group
  }
}

/// A command line built directly, and how to run it.
struct DirectLine {
  /// The command, as ArgumentParser would have made it.
  let command: any ParsableCommand
  /// Runs it.
  ///
  /// Made where the command's type is known, so that running it asks the runtime for no
  /// protocol conformance (a cast to `any EnvironmentCommand` would scan them all).
  let run: () async throws -> Void

  init<Command: DirectCommand>(_ command: Command) {
    self.command = command
    self.run = {
      var command = command
      try await command.runFromCommandLine()
    }
  }

  /// The line `words` (a command line without `powerquotes`) make when its command is one of
  /// those built directly and its words are plain; nil otherwise.
  init?(words: [String]) {
    guard let name = words.first else { return nil }
    let rest = words.dropFirst()
    if name == Random.commandName {
      guard let random = Random.direct(rest) else { return nil }
      self.init(random)
      return
    }
    guard name == Favorites.commandName, let subcommand = rest.first else { return nil }
    let arguments = rest.dropFirst()
    switch subcommand {
    case Favorites.List.commandName, Favorites.List.alias: self.init(Favorites.List.self, arguments)
    case Favorites.Search.commandName: self.init(Favorites.Search.self, arguments)
    case Favorites.Find.commandName: self.init(Favorites.Find.self, arguments)
    case Favorites.Stats.commandName: self.init(Favorites.Stats.self, arguments)
    case Favorites.Export.commandName: self.init(Favorites.Export.self, arguments)
    default: return nil
    }
  }

  private init?<Command: DirectCommand>(_: Command.Type, _ words: ArraySlice<String>) {
    guard let command = Command.direct(words) else { return nil }
    self.init(command)
  }
}
