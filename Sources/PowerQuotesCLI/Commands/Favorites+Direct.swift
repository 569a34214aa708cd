import ArgumentParser

// The listings and searches of the library, built directly when their words are plain (see
// `DirectCommand`): each sets every property its ArgumentParser form has.

extension Favorites.List: DirectCommand {
  static let directFlagNames = ListingOptions.flagNames
  static let directOptionNames =
    TagOptions.optionNames + FormatOptions.optionNames + ListingOptions.optionNames
    + GlobalOptions.optionNames

  init(direct words: LongOptionWords) throws {
    self.init()
    tagOption = try .validated(words)
    output = try .validated(words)
    listing = try .validated(words)
    global = try .validated(words)
  }
}

extension Favorites.Search: DirectCommand {
  static let directFlagNames = ListingOptions.flagNames
  static let directOptionNames =
    FormatOptions.optionNames + ListingOptions.optionNames + GlobalOptions.optionNames
  static let takesArguments = true

  init(direct words: LongOptionWords) throws {
    self.init()
    self.words = words.arguments
    output = try .validated(words)
    listing = try .validated(words)
    global = try .validated(words)
  }
}

extension Favorites.Find: DirectCommand {
  static let directFlagNames = ListingOptions.flagNames
  static let directOptionNames =
    TagOptions.optionNames + FormatOptions.optionNames + ListingOptions.optionNames
    + GlobalOptions.optionNames
  static let takesArguments = true

  init(direct words: LongOptionWords) throws {
    self.init()
    self.words = words.arguments
    tagOption = try .validated(words)
    output = try .validated(words)
    listing = try .validated(words)
    global = try .validated(words)
  }
}

extension Favorites.Stats: DirectCommand {
  static let directFlagNames = PagerOptions.flagNames
  static let directOptionNames = FormatOptions.optionNames + GlobalOptions.optionNames

  init(direct words: LongOptionWords) throws {
    self.init()
    output = try .validated(words)
    pager = try .validated(words)
    global = try .validated(words)
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
    tagOption = try .validated(words)
    global = try .validated(words)
  }
}
