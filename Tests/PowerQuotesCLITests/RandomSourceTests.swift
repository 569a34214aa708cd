import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Synchronization
import Testing

@testable import PowerQuotesCLI

@Suite("random --source")
struct RandomSourceTests: CLITestSuite {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  func env(
    client: QuoteClient = .failing,
    zenQuotes: ZenQuotesClient = .failing
  ) -> AppEnvironment {
    .test(database: database, client: client, zenQuotes: zenQuotes, console: console)
  }

  // MARK: - ZenQuotes

  @Test("--source zenquotes shows its quote, credits zenquotes.io on stderr, and remembers it")
  func zenQuotes() async throws {
    try await execute(["random", "--source", "zenquotes"], env(zenQuotes: .returning(Samples.lao)))
    #expect(console.out.contains("— Lao Tzu"))
    #expect(console.err == "Quotes by zenquotes.io\n")
    #expect(try database.lastShown() == Samples.lao)
  }

  @Test("The attribution is printed once per run, however many ZenQuotes quotes it shows")
  func attributionOncePerRun() async throws {
    let run = env(zenQuotes: .returning([Samples.lao, Samples.seneca]))
    try await execute(["random", "--source", "zenquotes"], run)
    try await execute(["random", "--source", "zenquotes", "--format", "json"], run)
    #expect(console.out.contains("— Lao Tzu"))
    #expect(console.out.contains(#""author" : "Seneca""#))
    #expect(console.err == "Quotes by zenquotes.io\n")

    // A new run is a new environment: it credits again.
    console.clear()
    try await execute(["random", "--source", "zenquotes"], env(zenQuotes: .returning(Samples.lao)))
    #expect(console.err == "Quotes by zenquotes.io\n")
  }

  @Test("In one shell session two ZenQuotes quotes get one attribution, after the first card")
  func attributionOncePerShellSession() async throws {
    let lines = Mutex(["random --source zenquotes", "next --source zenquotes", "save"])
    let reader = LineReader(
      isInteractive: false,
      next: { _ in lines.withLock { $0.isEmpty ? .end : .line($0.removeFirst()) } },
      remember: { _ in }
    )
    let session = ShellSession(
      env: env(zenQuotes: .returning([Samples.lao, Samples.seneca])),
      reader: reader
    )
    #expect(await session.run() == 0)
    #expect(console.out.contains("— Lao Tzu"))
    #expect(console.out.contains("— Seneca"))
    #expect(console.out.contains("Favorite added! (id 1)"))
    #expect(console.err == "Quotes by zenquotes.io\n")
    // The favorite keeps its source, and `fav show` says it.
    #expect(try database.favorites().map(\.quote) == [Samples.seneca])
    console.clear()
    try await execute(["fav", "show", "1"], env())
    #expect(console.out.contains("Favorite 1 · ZenQuotes · saved "))
  }

  @Test(
    "When ZenQuotes fails, a saved quote is shown with a note naming ZenQuotes",
    arguments: [
      (
        QuoteClientError.rateLimited(retryAfter: nil, service: .zenQuotes),
        "ZenQuotes is rate limiting requests; showing an offline quote.\n"
      ),
      (
        .serverError(status: 503, service: .zenQuotes),
        "ZenQuotes is failing (server error 503); showing an offline quote.\n"
      ),
      (
        .unreachable(reason: "could not connect to the server", service: .zenQuotes),
        "ZenQuotes is unreachable (could not connect to the server); showing an offline quote.\n"
      ),
    ]
  )
  func zenQuotesFallback(error: QuoteClientError, note: String) async throws {
    try await execute(["random", "--source", "zenquotes"], env(zenQuotes: .throwing(error)))
    #expect(console.err == note)
    #expect(console.out.contains("Dear Self,"))
    let shown = try #require(try database.lastShown())
    #expect(Quote.builtIn.contains(shown))
  }

  @Test("--source zenquotes --online fails with ZenQuotes' sentence")
  func zenQuotesOnline() async throws {
    let error = QuoteClientError.rateLimited(retryAfter: nil, service: .zenQuotes)
    let thrown = await #expect(throws: error) {
      try await execute(
        ["random", "--source", "zenquotes", "--online"], env(zenQuotes: .throwing(error)))
    }
    #expect(UserFacingError.message(for: try #require(thrown))?.hasPrefix("ZenQuotes is") == true)
    #expect(console.out.isEmpty)
  }

  @Test("A ZenQuotes quote drawn offline from the pool is credited too")
  func offlineZenQuotesQuoteIsCredited() async throws {
    try database.recordShown(Samples.lao, at: testDate)
    try await execute(["random", "--source", "offline"], env())
    #expect(console.out.contains("— Lao Tzu"))
    #expect(console.err == "Quotes by zenquotes.io\n")
  }

  // MARK: - The other sources

  @Test(
    "--source offline never asks a service", arguments: [["--source", "offline"], ["--offline"]])
  func offline(flags: [String]) async throws {
    // Both clients fail the test if called.
    try await execute(["random"] + flags, env())
    #expect(console.err.isEmpty)
    #expect(Quote.builtIn.contains(try #require(try database.lastShown())))
  }

  @Test(
    "random prepares the client it will ask, and no other",
    arguments: [
      (["random"], 1, 0),
      (["random", "--online", "--id", "3"], 1, 0),
      (["random", "--source", "zenquotes"], 0, 1),
      (["random", "--offline"], 0, 0),
      (["random", "--favorites"], 0, 0),
    ] as [([String], Int, Int)]
  )
  func preparesTheClientItAsks(arguments: [String], dummyJSON: Int, zenQuotes: Int) async throws {
    let prepared = Mutex((dummyJSON: 0, zenQuotes: 0))
    let quote = Samples.rumi
    let client = QuoteClient(
      random: { quote }, quote: { _ in quote },
      prepare: { prepared.withLock { $0.dummyJSON += 1 } })
    let zen = ZenQuotesClient(
      random: { Samples.lao }, prepare: { prepared.withLock { $0.zenQuotes += 1 } })
    _ = try? await execute(arguments, env(client: client, zenQuotes: zen))
    let counts: [Int] = prepared.withLock { [$0.dummyJSON, $0.zenQuotes] }
    #expect(counts == [dummyJSON, zenQuotes])
  }

  @Test("--source dummyjson asks DummyJSON, and its note still names DummyJSON")
  func dummyJSON() async throws {
    try await execute(
      ["random", "--source", "dummyjson", "--save"], env(client: .returning(Samples.rumi)))
    #expect(console.out.contains("— Rumi"))
    #expect(console.err == "Favorite added! (id 1)\n")
    #expect(try database.favorites().map(\.quote.source) == [.dummyJSON])
    console.clear()
    let client = QuoteClient.throwing(.timedOut(seconds: 10))
    try await execute(["random", "--source", "dummyjson"], env(client: client))
    #expect(
      console.err == "DummyJSON is unreachable (no reply within 10 s); showing an offline quote.\n")
  }

  // MARK: - Flags and $POWERQUOTES_SOURCE

  @Test(
    "Flags win over $POWERQUOTES_SOURCE, which wins over the default",
    arguments: [
      ([], [:], RandomPlan.service(.dummyJSON, fallback: true)),
      ([], ["POWERQUOTES_SOURCE": ""], .service(.dummyJSON, fallback: true)),
      ([], ["POWERQUOTES_SOURCE": "zenquotes"], .service(.zenQuotes, fallback: true)),
      ([], ["POWERQUOTES_SOURCE": " ZenQuotes "], .service(.zenQuotes, fallback: true)),
      ([], ["POWERQUOTES_SOURCE": "offline"], .offline),
      ([], ["POWERQUOTES_SOURCE": "dummyjson"], .service(.dummyJSON, fallback: true)),
      (["--online"], ["POWERQUOTES_SOURCE": "zenquotes"], .service(.zenQuotes, fallback: false)),
      (["--online"], ["POWERQUOTES_SOURCE": "offline"], .service(.dummyJSON, fallback: false)),
      (["--offline"], ["POWERQUOTES_SOURCE": "zenquotes"], .offline),
      (["--id", "3"], ["POWERQUOTES_SOURCE": "zenquotes"], .quote(id: 3)),
      (["--id", "3"], ["POWERQUOTES_SOURCE": "offline"], .quote(id: 3)),
      (
        ["--source", "dummyjson"], ["POWERQUOTES_SOURCE": "zenquotes"],
        .service(.dummyJSON, fallback: true)
      ),
      (["--source", "offline"], [:], .offline),
      (["--source", "offline", "--offline"], [:], .offline),
      (["--source", "zenquotes", "--online"], [:], .service(.zenQuotes, fallback: false)),
      // An explicit --source never reads the variable, so a bad value there does not matter.
      (
        ["--source", "zenquotes"], ["POWERQUOTES_SOURCE": "fortune"],
        .service(.zenQuotes, fallback: true)
      ),
    ] as [([String], [String: String], RandomPlan)]
  )
  func plan(flags: [String], environment: [String: String], expected: RandomPlan) throws {
    let random = try Random.parse(flags)
    #expect(try random.plan(environment: environment) == expected)
  }

  @Test("A bad $POWERQUOTES_SOURCE is a usage error with a sentence")
  func badEnvironmentValue() throws {
    let random = try Random.parse([])
    let error = try #require(throws: ConfigurationError.self) {
      try random.plan(environment: ["POWERQUOTES_SOURCE": "fortune\u{1B}[2J\u{9B}31m\u{202E}"])
    }
    #expect(
      error.localizedDescription
        == "POWERQUOTES_SOURCE must be dummyjson, zenquotes or offline, not 'fortune'. "
        + "Fix it or unset it, or give --source."
    )
    #expect(UserFacingError.exitCode(for: error) == 64)
  }

  @Test(
    "Conflicting flags are usage errors (exit 64)",
    arguments: [
      ["random", "--source", "zenquotes", "--id", "3"],
      ["random", "--source", "offline", "--id", "3"],
      ["random", "--source", "offline", "--online"],
      ["random", "--source", "zenquotes", "--offline"],
      ["random", "--source", "dummyjson", "--offline"],
      ["random", "--source", "fortune"],
      ["random", "--zenquotes-url", "ftp://zenquotes.io"],
      ["today", "--zenquotes-url", "zenquotes.io"],
    ]
  )
  func conflicts(arguments: [String]) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    #expect(
      PowerQuotesCommand.exitCode(for: UserFacingError.adapting(try #require(error))).rawValue
        == 64)
  }

  @Test("--source zenquotes --id says why it cannot be")
  func zenQuotesHasNoIDs() throws {
    #expect {
      try PowerQuotesCommand.parseAsRoot(["random", "--source", "zenquotes", "--id", "3"])
    } throws: { error in
      PowerQuotesCommand.message(for: error)
        == "--id is a DummyJSON id, so it cannot be used with --source zenquotes."
    }
  }

  @Test("The ZenQuotes server: --zenquotes-url, else $POWERQUOTES_ZENQUOTES_URL, else zenquotes.io")
  func zenQuotesURL() throws {
    let none = RunSettings(environment: [:])
    #expect(try none.zenQuotesURL.get().absoluteString == "https://zenquotes.io")
    let fromEnvironment = ["POWERQUOTES_ZENQUOTES_URL": "http://127.0.0.1:8080"]
    #expect(
      try RunSettings(environment: fromEnvironment).zenQuotesURL.get().absoluteString
        == "http://127.0.0.1:8080")
    let option = try GlobalOptions.parse(["--zenquotes-url", "http://localhost:9"])
    #expect(
      try RunSettings(option, environment: fromEnvironment).zenQuotesURL.get().absoluteString
        == "http://localhost:9")
    let error = try #require(throws: ConfigurationError.self) {
      try RunSettings(environment: ["POWERQUOTES_ZENQUOTES_URL": "zenquotes.io"]).zenQuotesURL
        .get()
    }
    #expect(
      error.localizedDescription
        == "POWERQUOTES_ZENQUOTES_URL must be an http or https URL such as https://zenquotes.io, "
        + "not 'zenquotes.io'."
    )
  }
}
