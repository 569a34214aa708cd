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
