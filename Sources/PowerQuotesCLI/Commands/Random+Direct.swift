import ArgumentParser
import PowerQuotesCore

extension Random: DirectCommand {
  static let directFlagNames =
    ["--offline", "--online", "--save", "--favorites"] + LengthOptions.flagNames
  static let directOptionNames =
    ["--source", "--id", "--author", "--tag"] + LengthOptions.optionNames
    + FormatOptions.optionNames + GlobalOptions.optionNames

  init(direct words: LongOptionWords) throws {
    self.init()
    source = try words.value("--source")
    offline = words.has("--offline")
    online = words.has("--online")
    id = try words.value("--id")
    save = words.has("--save")
    favorites = words.has("--favorites")
    author = try words.value("--author")
    tag = try words.value("--tag")
    lengths = try .validated(words)
    output = try .validated(words)
    global = try .validated(words)
  }
}

extension Random {
  /// The plan of the `random` line that `arguments` (a command line without `powerquotes`)
  /// make, read from its words without building the command: nil when the line draws from the
  /// favorites (no server), is not a `random` of plain long options (see `LongOptionWords`),
  /// or when its words or `$POWERQUOTES_SOURCE` do not read.
  ///
  /// The plan ``plan(environment:)`` gives for the same line when it validates (a line that
  /// does not validate fails before it asks anyone), so that `main` can start loading the
  /// network library before the command is built.
  static func earlyPlan(commandLine arguments: [String], environment: [String: String])
    -> RandomPlan?
  {
    guard arguments.first == commandName,
      let words = LongOptionWords(
        arguments.dropFirst(), flags: directFlagNames, options: directOptionNames,
        takesArguments: takesArguments),
      !words.has("--favorites")
    else { return nil }
    return try? plan(
      id: words.value("--id"), offline: words.has("--offline"), online: words.has("--online"),
      source: words.value("--source"), environment: environment)
  }
}
