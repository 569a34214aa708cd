import ArgumentParser

extension Random {
  /// The names of the flags and options of `random`, its option groups' included.
  static let directFlagNames =
    ["--offline", "--online", "--save", "--favorites"] + LengthOptions.flagNames
  static let directOptionNames =
    ["--source", "--id", "--author", "--tag"] + LengthOptions.optionNames
    + FormatOptions.optionNames + GlobalOptions.optionNames

  /// The command `words` (what follows `random`) give, built and validated as ArgumentParser
  /// would, or nil when they are not only long options (see `LongOptionWords`) or do not
  /// validate: ArgumentParser then reads them, with its messages.
  ///
  /// ArgumentParser finds a command's options by reflection, and its generic property wrappers
  /// make the Swift runtime scan every protocol conformance in the binary, a few milliseconds
  /// per start; `random` is what a shell's start-up file runs.
  static func direct(_ words: some Sequence<String>) -> Random? {
    guard
      let words = LongOptionWords(words, flags: directFlagNames, options: directOptionNames)
    else { return nil }
    do {
      var command = Random()
      command.source = try words.value("--source")
      command.offline = words.has("--offline")
      command.online = words.has("--online")
      command.id = try words.value("--id")
      command.save = words.has("--save")
      command.favorites = words.has("--favorites")
      command.author = try words.value("--author")
      command.tag = try words.value("--tag")
      command.lengths = try LengthOptions(words)
      command.output = try FormatOptions(words)
      command.global = try GlobalOptions(words)
      // In ArgumentParser's order: the option groups as they are decoded, then the command.
      try command.lengths.validate()
      try command.output.validate()
      try command.global.validate()
      try command.validate()
      return command
    } catch {
      return nil
    }
  }
}
