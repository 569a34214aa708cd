import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

/// `random` waits briefly for a quote service (a quote in a shell's start-up file never holds
/// the shell up); every other command keeps the longer default.
@Suite("random's brief wait for a service")
struct RandomTimeoutTests {
  /// `arguments` run against a server that never answers, as DummyJSON.
  func runAgainstSilentServer(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil
  ) async throws -> RunResult {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let server = try SilentServer()
    defer { server.stop() }
    return try await runBinary(
      arguments + ["--database", home.file("q.sqlite")],
      home: home.path,
      environment: ["POWERQUOTES_API_URL": server.baseURL.absoluteString].merging(environment) {
        $1
      },
      input: input
    )
  }

  /// The note `random` prints when DummyJSON did not answer within `seconds`.
  func note(_ seconds: String) -> String {
    "DummyJSON is unreachable (no reply within \(seconds) s); showing an offline quote.\n"
  }

  @Test(
    "random gives up on a silent server after 2 s, $POWERQUOTES_RANDOM_TIMEOUT or --timeout",
    arguments: [
      // Empty is unset (runBinary sets 10 for the other tests).
      ([], ["POWERQUOTES_RANDOM_TIMEOUT": ""], "2"),
      ([], ["POWERQUOTES_RANDOM_TIMEOUT": "0.3"], "0.3"),
      ([], ["POWERQUOTES_RANDOM_TIMEOUT": " 0.25 "], "0.25"),
      (["--timeout", "0.2"], ["POWERQUOTES_RANDOM_TIMEOUT": "5"], "0.2"),
      (["--timeout", "0.2"], ["POWERQUOTES_RANDOM_TIMEOUT": "soon"], "0.2"),
    ])
  func givesUp(options: [String], environment: [String: String], shown: String) async throws {
    let result = try await runAgainstSilentServer(
      ["random"] + options, environment: environment)
    #expect(result.status == 0)
    #expect(result.out.contains("│ Dear Self,"))
    #expect(result.err == note(shown))
  }

  @Test("A shell's random line waits briefly too; a line's --timeout wins")
  func shellLine() async throws {
    let result = try await runAgainstSilentServer(
      ["shell"], environment: ["POWERQUOTES_RANDOM_TIMEOUT": "0.3"],
      input: "random\nrandom --timeout 0.2\n")
    #expect(result.status == 0)
    #expect(result.err == note("0.3") + note("0.2"))
  }

  @Test(
    "A bad $POWERQUOTES_RANDOM_TIMEOUT is a usage error with a sentence (exit 64)",
    arguments: ["soon", "0", "0.05", "301", "-1", "nan", "inf", "2s\u{1B}[2J"])
  func badVariable(value: String) async throws {
    let result = try await runAgainstSilentServer(
      ["random"], environment: ["POWERQUOTES_RANDOM_TIMEOUT": value])
    #expect(result.status == 64)
    #expect(result.out.isEmpty)
    #expect(
      result.err
        == "Error: POWERQUOTES_RANDOM_TIMEOUT must be a number of seconds from 0.1 to 300, "
        + "not '\(UntrustedText.sanitized(value))'. Fix it or unset it, or give --timeout.\n")
  }

  @Test("random --offline never asks, so a bad $POWERQUOTES_RANDOM_TIMEOUT does not stop it")
  func offlineIgnoresVariable() async throws {
    let result = try await runAgainstSilentServer(
      ["random", "--offline"], environment: ["POWERQUOTES_RANDOM_TIMEOUT": "soon"])
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
  }

  @Test("Every other command keeps --timeout's default; random's variable does not touch it")
  func otherCommandsKeepTheLongerWait() throws {
    let environment = ["POWERQUOTES_RANDOM_TIMEOUT": "0.5"]
    let settings = RunSettings(environment: environment)
    #expect(try settings.serviceTimeout.get() == GlobalOptions.defaultTimeout)
    #expect(try settings.waitingBriefly().serviceTimeout.get() == 0.5)
    #expect(try RunSettings(environment: [:]).waitingBriefly().serviceTimeout.get() == 2)
    let option = try GlobalOptions.parse(["--timeout", "30"])
    #expect(try RunSettings(option, environment: environment).serviceTimeout.get() == 30)
    #expect(
      try RunSettings(option, environment: environment).waitingBriefly().serviceTimeout.get()
        == 30)
    #expect(Random.waitsBriefly)
    #expect(!Sync.waitsBriefly && !Browse.waitsBriefly)
    #expect(!Favorites.Add.waitsBriefly && !Favorites.Import.waitsBriefly)
  }
}
