import ArgumentParser
import CTerminal
import Foundation
import PowerQuotesCore

/// `powerquotes` with no arguments on a terminal: the full-screen app, the iOS app's three
/// screens (Random, Favorites, a favorite's Quote screen).
struct App: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract: "The full-screen app: a random quote, your favorites, live search by author.",
    discussion: """
      What 'powerquotes' with no arguments opens on a terminal. Press ? in it for the keys.
      """,
    shouldDisplay: false
  )

  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  static let shellRefusal: String? = "The app is full screen: run 'powerquotes' outside the shell."

  func run(_ env: AppEnvironment) async throws {
    switch try await TerminalApp(env: env).run() {
    case .quit:
      return
    case .interrupted:
      throw ExitCode(130)
    case .signal(let signal):
      // Ended as the signal would have ended it, the terminal given back first.
      Foundation.signal(signal, SIG_DFL)
      raise(signal)
      throw ExitCode(128 + signal)
    }
  }
}
