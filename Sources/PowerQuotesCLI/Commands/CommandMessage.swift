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

  /// The message for `error`.
  init(_ error: any Error) {
    let adapted = UserFacingError.adapting(error)
    let status = UserFacingError.exitCode(for: error)
    self.text = UntrustedText.sanitizedKeepingLines(PowerQuotesCommand.fullMessage(for: adapted))
    self.isOutput = status == ExitCode.success.rawValue
    self.status = status
  }

  /// Prints the text, with a line break, on standard output or standard error.
  func print(to console: Console) {
    guard !text.isEmpty else { return }
    isOutput ? console.print(text) : console.note(text)
  }
}
