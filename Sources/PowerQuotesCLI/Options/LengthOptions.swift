import ArgumentParser
import PowerQuotesCore

/// `--short`, `--long` and `--max-length N`: only a quote of that length, as fortune's `-s`,
/// `-l` and `-n` ask.
@DirectlyParsedGroup
struct LengthOptions: ParsableArguments {
  @Flag(help: "Only a short quote: at most 160 characters.")
  var short = false

  @Flag(help: "Only a long quote: more than 160 characters.")
  var long = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Only a quote of at most this many characters.", valueName: "n")
  )
  var maxLength: Int?

  /// The length asked for, or nil for any.
  var length: QuoteLength? {
    if short { return .short }
    if long { return .long }
    return maxLength.map(QuoteLength.atMost)
  }

  /// The flag given, for sentences about what it cannot be used with.
  var flagName: String? {
    if short { return "--short" }
    if long { return "--long" }
    return maxLength == nil ? nil : "--max-length"
  }

  func validate() throws {
    if [short, long, maxLength != nil].filter({ $0 }).count > 1 {
      throw ValidationError("--short, --long and --max-length cannot be used together: give one.")
    }
    if let maxLength, !QuoteLength.maxLengthRange.contains(maxLength) {
      throw ValidationError(
        "--max-length must be a number of characters from \(QuoteLength.maxLengthRange.lowerBound) "
          + "to \(QuoteLength.maxLengthRange.upperBound), not \(maxLength).")
    }
  }
}
