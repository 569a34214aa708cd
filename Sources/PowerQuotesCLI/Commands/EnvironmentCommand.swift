import ArgumentParser
import PowerQuotesCore

/// A command whose work is `run(_:)` over an injected environment.
///
/// ArgumentParser's `run()` only builds the live environment and forwards, so tests and the
/// REPL run the same code against their own environment.
protocol EnvironmentCommand: AsyncParsableCommand, Sendable {
  /// The shared options, for building the live environment.
  var global: GlobalOptions { get }

  /// Does the command's work.
  func run(_ env: AppEnvironment) async throws
}

extension EnvironmentCommand {
  mutating func run() async throws {
    try await run(AppEnvironment.live(global))
  }
}
