import CReadline
import Foundation

/// GNU readline for the shell on a terminal: line editing, ~/.inputrc, history and completion.
///
/// Uses readline's callback interface with `poll`, so that Ctrl-C can abandon the line being
/// typed without readline's own signal handlers. Readline is one global state machine, so this
/// type is too: its C callbacks reach Swift through the static properties below, used only from
/// the shell's one reading thread.
enum ReadlineEditor {
  /// The line the callback received; set by `lineHandler`, read by `readLine`.
  nonisolated(unsafe) private static var received: LineEvent?
  /// What to put in the line for the word being typed, given the line before it, the word
  /// and the quote that opened it, and the candidates as a list shows them (see
  /// ``ShellCompleter/listed(line:word:openQuote:)``).
  nonisolated(unsafe) private static var completer:
    ((String, String, Character?) -> (inserted: [String], shown: [String]))?
  /// The candidates of the completion under way, as they go into the line.
  nonisolated(unsafe) private static var candidates: [String] = []
  /// The same candidates as a list of them shows them: without quotes and escapes.
  nonisolated(unsafe) private static var shown: [String] = []

  /// Sets readline up: the name ~/.inputrc knows it by, completion, and the saved history.
  static func start(
    completer: @escaping (String, String, Character?) -> (inserted: [String], shown: [String]),
    history: ShellHistory
  ) {
    pq_rl_set_readline_name("powerquotes")
    // Readline's own handlers would keep the line on Ctrl-C; the shell abandons it instead.
    pq_rl_set_catch_signals(0)
    pq_rl_set_completer_quote_characters("\"'")
    pq_rl_set_attempted_completion(attemptCompletion)
    pq_rl_set_completion_display_matches_hook(displayMatches)
    self.completer = completer
    history.load()
  }

  /// A line reader over readline, abandoning the line on Ctrl-C.
  static func lineReader(interrupts: InterruptMonitor, history: ShellHistory) -> LineReader {
    LineReader(
      isInteractive: true,
      next: { prompt in readLine(prompt: prompt, interrupts: interrupts) },
      remember: { line in history.add(line) }
    )
  }

  private static func readLine(prompt: String, interrupts: InterruptMonitor) -> LineEvent {
    received = nil
    _ = interrupts.takePending()
    pq_rl_callback_install(prompt, lineHandler)
    defer { pq_rl_callback_remove() }
    while true {
      if interrupts.takePending() {
        // Like bash: drop what was typed, move to a fresh line.
        pq_rl_free_line_state()
        pq_rl_callback_sigcleanup()
        pq_rl_replace_line("", 0)
        FileHandle.standardOutput.write(Data("^C\n".utf8))
        return .interrupted
      }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      // A short timeout, so a Ctrl-C noticed by the signal source is acted on promptly.
      let ready = poll(&descriptor, 1, 50)
      if ready > 0 {
        if descriptor.revents & Int16(POLLIN) == 0 { return .end }
        pq_rl_callback_read_char()
        if let received { return received }
      } else if ready < 0 && errno != EINTR {
        return .end
      }
    }
  }

  private static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = {
    line in
    // Removing the handler here stops readline from showing the prompt again after this line.
    pq_rl_callback_remove()
    guard let line else {
      // Ctrl-D on an empty line: end the session on a fresh line.
      FileHandle.standardOutput.write(Data("\n".utf8))
      ReadlineEditor.received = .end
      return
    }
    ReadlineEditor.received = .line(String(cString: line))
    free(line)
  }

  private static let attemptCompletion:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >? = { text, start, _ in
      // Never fall back to file names: the shell's words are not files.
      pq_rl_set_attempted_completion_over(1)
      guard let text, let buffer = pq_rl_line_buffer() else { return nil }
      // The quote the word was opened with (readline found it, as rl_completer_quote_characters
      // asked); the word starts after it. The completions close it themselves, escaping what
      // they hold, so readline must not add its own closing quote.
      let quote = UInt8(clamping: pq_rl_completion_quote_character())
      let openQuote = quote == 0 ? nil : Character(UnicodeScalar(quote))
      pq_rl_set_completion_suppress_quote(openQuote == nil ? 0 : 1)
      var length = Int(start)
      if openQuote != nil, length > 0, UInt8(bitPattern: buffer[length - 1]) == quote {
        length -= 1
      }
      let line = String(
        decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
      let found = ReadlineEditor.completer?(line, String(cString: text), openQuote)
      ReadlineEditor.candidates = found?.inserted ?? []
      ReadlineEditor.shown = found?.shown ?? []
      return pq_rl_completion_matches(text, generator)
    }

  /// Lists the candidates as they read, rather than as they go into the line: readline would
  /// show each with the closing quote the completion puts after it (`Rumi"`).
  private static let displayMatches:
    @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32, Int32) -> Void = {
      _, _, _ in
      let shown = ReadlineEditor.shown
      // readline's list: the common part first (not shown), then the matches, then NULL.
      var list: [UnsafeMutablePointer<CChar>?] = [strdup("")] + shown.map { strdup($0) } + [nil]
      defer { for item in list { free(item) } }
      let widest = shown.map { $0.utf8.count }.max() ?? 0
      list.withUnsafeMutableBufferPointer {
        pq_rl_display_match_list($0.baseAddress, Int32(shown.count), Int32(widest))
      }
      pq_rl_forced_update_display()
    }

  private static let generator:
    @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
      _, state in
      let index = Int(state)
      guard index < ReadlineEditor.candidates.count else { return nil }
      return strdup(ReadlineEditor.candidates[index])
    }
}
