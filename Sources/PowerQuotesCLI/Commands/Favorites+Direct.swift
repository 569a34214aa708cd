import ArgumentParser

// The listings and searches of the library, built directly when their words are plain (see
// `DirectCommand`). Each sets every property its ArgumentParser form has, then validates in
// ArgumentParser's order: the option groups as they are decoded, then the command.

extension Favorites.List: DirectCommand {
  static let directOptionNames =
    TagOptions.optionNames + FormatOptions.optionNames + GlobalOptions.optionNames

  init(direct words: LongOptionWords) throws {
    self.init()
    tagOption = try TagOptions(words)
    output = try FormatOptions(words)
    global = try GlobalOptions(words)
    try tagOption.validate()
    try output.validate()
    try global.validate()
    try validate()
  }
}

extension Favorites.Search: DirectCommand {
  static let directOptionNames = FormatOptions.optionNames + GlobalOptions.optionNames
  static let takesArguments = true

  init(direct words: LongOptionWords) throws {
    self.init()
    self.words = words.arguments
    output = try FormatOptions(words)
    global = try GlobalOptions(words)
    try output.validate()
    try global.validate()
    try validate()
  }
}

extension Favorites.Find: DirectCommand {
  static let directOptionNames =
    TagOptions.optionNames + FormatOptions.optionNames + GlobalOptions.optionNames
  static let takesArguments = true

  init(direct words: LongOptionWords) throws {
    self.init()
    self.words = words.arguments
    tagOption = try TagOptions(words)
    output = try FormatOptions(words)
    global = try GlobalOptions(words)
    try tagOption.validate()
    try output.validate()
    try global.validate()
    try validate()
  }
}

extension Favorites.Stats: DirectCommand {
  static let directOptionNames = FormatOptions.optionNames + GlobalOptions.optionNames

  init(direct words: LongOptionWords) throws {
    self.init()
    output = try FormatOptions(words)
    global = try GlobalOptions(words)
    try output.validate()
    try global.validate()
    try validate()
  }
}

extension Favorites.Export: DirectCommand {
  static let directOptionNames =
    ["--format", "--output", "--author"] + TagOptions.optionNames + GlobalOptions.optionNames

  init(direct words: LongOptionWords) throws {
    self.init()
    format = try words.value("--format") ?? .json
    output = try words.value("--output")
    author = try words.value("--author")
    tagOption = try TagOptions(words)
    global = try GlobalOptions(words)
    try tagOption.validate()
    try global.validate()
    try validate()
  }
}
