import ArgumentParser
import PowerQuotesCore

/// What is printed for an error from reading a command line or running its command: `main`'s
/// and the shell's one way to turn an error into text and a status.
///
/// ArgumentParser's messages (its errors, usage and help) quote the words of the line as they
/// were typed: `Unknown option '--bogus…'`, `The value '…' is invalid for '<id>'`. So the text is
/// cleaned here as the product's own messages are (``UntrustedText``): no escape sequence or
/// control character from a line reaches the terminal; the line breaks of usage and help stay.
struct CommandMessage: Equatable {
  /// The text, without a final line break; empty when there is nothing to say (an `ExitCode`).
  var text: String
  /// Whether it is what was asked for (help, `--version`), for standard output, rather than an
  /// error, for standard error.
  var isOutput: Bool
  /// The exit status.
  var status: Int32

  /// The message for `error`, from parsing `words` (a command line without `powerquotes`, or
  /// a shell line's words) or from running the command they give.
  ///
  /// A usage error the command found while running is shown with that command's usage, as one
  /// that `validate()` found (see ``RunTimeUsageError``); without `words`, with the root's.
  init(_ error: any Error, words: [String]? = nil) {
    let error = words.flatMap { RunTimeUsageError.asParsed(error, words: $0) } ?? error
    let adapted = UserFacingError.adapting(error)
    let status = UserFacingError.exitCode(for: error)
    var text = PowerQuotesCommand.fullMessage(for: adapted)
    // The root's help, rendered without its list of global options: rendered again with it.
    if GlobalOptions.summaryIsDeferred && text.contains(GlobalOptions.summaryHeading) {
      text = GlobalOptions.$summaryIsDeferred.withValue(false) {
        PowerQuotesCommand.fullMessage(for: adapted)
      }
    }
    if status == ExitCode.validationFailure.rawValue,
      let word = words?.first(where: Self.isDashedText)
    {
      // A word such as "-5 degrees today" is read as an option, and the quote goes missing.
      var lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      lines.insert(
        "Text that starts with '-' goes last, after '--' (... -- \"\(word)\"), or after an "
          + "option's '=' (--author=\"\(word)\").", at: 1)
      text = lines.joined(separator: "\n")
    }
    self.text = UntrustedText.sanitizedKeepingLines(text)
    self.isOutput = status == ExitCode.success.rawValue
    self.status = status
  }

  /// Whether `word` is text that starts with a dash rather than an option: it holds a space, or
  /// the dash is followed by a digit (no option of powerquotes starts so).
  static func isDashedText(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "--" else { return false }
    return word.contains(where: \.isWhitespace) || word.dropFirst().first?.isNumber == true
  }

  /// Prints the text, with a line break, on standard output or standard error.
  func print(to console: Console) {
    guard !text.isEmpty else { return }
    isOutput ? console.print(text) : console.note(text)
  }
}

/// A usage error that a command throws while running (a `ValidationError` from `run`, such as
/// an edit form whose author is empty), reported as one thrown by `validate()` is: with the
/// usage of the command that ran.
///
/// ArgumentParser knows which command an error is about only while it parses: it keeps the
/// stack of commands in the error it throws. An error thrown later has no stack, and
/// `fullMessage(for:)` shows it with the usage of the type it is asked on, the root. So the line
/// is parsed again with the error pending here, and the command's `GlobalOptions`, which every
/// command that runs has and whose `validate()` ArgumentParser calls as it parses the command,
/// throws it there.
enum RunTimeUsageError {
  /// The error to throw from `GlobalOptions.validate()`, while a line is parsed again.
  @TaskLocal static var pending: ValidationError?

  /// `error` as ArgumentParser reports it when it is thrown while parsing `words`; nil when it
  /// is not a usage error, or the words do not reach it.
  static func asParsed(_ error: any Error, words: [String]) -> (any Error)? {
    guard let usage = error as? ValidationError else { return nil }
    do {
      _ = try $pending.withValue(usage) { try PowerQuotesCommand.parse(words: words) }
    } catch {
      // Only the same sentence: a line that now fails for another reason keeps the root's.
      if PowerQuotesCommand.message(for: error) == usage.message { return error }
    }
    return nil
  }
}
