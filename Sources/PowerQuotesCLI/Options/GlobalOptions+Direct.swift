import ArgumentParser

extension GlobalOptions: DirectOptionGroup {
  /// The names of the options, for commands built directly (see `LongOptionWords`).
  static let optionNames = ["--database", "--api-url", "--zenquotes-url", "--timeout", "--color"]

  /// The options `words` give, converted as ArgumentParser converts them.
  init(_ words: LongOptionWords) throws {
    self.init()
    database = try words.value("--database", as: String.self)
    apiURL = words.value("--api-url", Self.apiURL(_:))
    zenQuotesURL = words.value("--zenquotes-url", Self.zenQuotesURL(_:))
    timeout = try words.value("--timeout")
    color = try words.value("--color")
  }
}

extension FormatOptions: DirectOptionGroup {
  /// The names of the options, for commands built directly (see `LongOptionWords`).
  static let optionNames = ["--format"]

  /// The option `words` give, converted as ArgumentParser converts it.
  init(_ words: LongOptionWords) throws {
    self.init()
    format = try words.value("--format") ?? .text
  }
}

extension LengthOptions: DirectOptionGroup {
  /// The names of the flags and options, for commands built directly (see `LongOptionWords`).
  static let flagNames = ["--short", "--long"]
  static let optionNames = ["--max-length"]

  /// The flags and option `words` give, converted as ArgumentParser converts them.
  init(_ words: LongOptionWords) throws {
    self.init()
    short = words.has("--short")
    long = words.has("--long")
    maxLength = try words.value("--max-length")
  }
}

extension TagOptions: DirectOptionGroup {
  /// The names of the options, for commands built directly (see `LongOptionWords`).
  static let optionNames = ["--tag"]

  /// The option `words` give, converted as ArgumentParser converts it.
  init(_ words: LongOptionWords) throws {
    self.init()
    tag = try words.value("--tag")
  }
}

extension PagerOptions: DirectOptionGroup {
  /// The names of the flags, for commands built directly (see `LongOptionWords`).
  static let flagNames = ["--no-pager"]

  /// The flag `words` give.
  init(_ words: LongOptionWords) throws {
    self.init()
    noPager = words.has("--no-pager")
  }
}

extension ListingOptions: DirectOptionGroup {
  /// The names of the flags and options, for commands built directly (see `LongOptionWords`).
  static let flagNames = PagerOptions.flagNames
  static let optionNames = ["--limit"]

  /// The flags and option `words` give, converted as ArgumentParser converts them.
  init(_ words: LongOptionWords) throws {
    self.init()
    limit = try words.value("--limit")
    pager = try .validated(words)
  }
}
