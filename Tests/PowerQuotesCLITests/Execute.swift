import PowerQuotesCore
import Testing

@testable import PowerQuotesCLI

/// Runs a command line in process, as `main` does: parse (`random` directly when it can be),
/// then `run(env)`.
func execute(_ arguments: [String], _ env: AppEnvironment) async throws {
  let command = try PowerQuotesCommand.parseDirectly(words: arguments)
  let runnable = try #require(command as? any EnvironmentCommand)
  try await runnable.run(env)
}
