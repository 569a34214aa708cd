import FlyingFox
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// A server that answers `/api/random` like ZenQuotes, with `body` and `status`.
private func zenQuotes(body: String, status: HTTPStatusCode = .ok)
  -> @Sendable (HTTPServer) async
  -> Void
{
  { server in
    await server.appendRoute("GET /api/random") { _ in .json(body, status: status) }
  }
}

private let laoTzu =
  #"[{"q":"The journey of a thousand miles begins with one step.","a":"Lao Tzu","#
  + #""h":"<blockquote>The journey of a thousand miles begins with one step.</blockquote>"}]"#

private let tooManyRequests =
  #"[{"q":"Too many requests. Obtain an auth key for unlimited access.","a":"zenquotes.io","#
  + #""h":"Too many requests. Obtain an auth key for unlimited access @ zenquotes.io"}]"#

@Suite("Sources and today, with the built binary")
struct SourcesEndToEndTests {
  @Test("POWERQUOTES_SOURCE=zenquotes: the quote, the credit once, the favorite's source")
  func zenQuotesFlow() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await FixtureServer.with(zenQuotes(body: laoTzu)) { server in
      let env = [
        "POWERQUOTES_ZENQUOTES_URL": server.baseURL.absoluteString,
        "POWERQUOTES_SOURCE": "zenquotes",
        "POWERQUOTES_DATABASE": home.file("q.sqlite"),
      ]
      let random = try await runBinary(["random", "--save"], home: home.path, environment: env)
      #expect(random.status == 0, "\(random.err)")
      #expect(random.out.contains("The journey of a thousand miles"))
      #expect(random.out.contains("— Lao Tzu"))
      #expect(random.err == "Quotes by zenquotes.io\nFavorite added! (id 1)\n")

      let show = try await runBinary(["fav", "show", "1"], home: home.path, environment: env)
      #expect(show.status == 0)
      #expect(show.out.contains("Favorite 1 · ZenQuotes · saved "))

      let json = try await runBinary(
        ["fav", "show", "1", "--format", "json"], home: home.path, environment: env)
      #expect(json.out.contains(#""source" : "zenquotes""#))
      #expect(!json.out.contains("sourceId"))

      let script = try await runBinary(
        ["shell"], home: home.path, environment: env,
        input: "random\nrandom --source zenquotes --format json\n")
      #expect(script.status == 0)
      #expect(script.err == "Quotes by zenquotes.io\n")
    }
  }

  @Test("ZenQuotes' rate-limit quote is never shown: a saved quote, or an error with --online")
  func zenQuotesRateLimited() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    try await FixtureServer.with(zenQuotes(body: tooManyRequests)) { server in
      let env = [
        "POWERQUOTES_ZENQUOTES_URL": server.baseURL.absoluteString,
        "POWERQUOTES_DATABASE": home.file("q.sqlite"),
      ]
      let random = try await runBinary(
        ["random", "--source", "zenquotes"], home: home.path, environment: env)
      #expect(random.status == 0)
      #expect(random.out.contains("│ Dear Self,"))
      #expect(!random.out.contains("Too many requests"))
      #expect(random.err == "ZenQuotes is rate limiting requests; showing an offline quote.\n")

      let online = try await runBinary(
        ["random", "--source", "zenquotes", "--online"], home: home.path, environment: env)
      #expect(online.status == 1)
      #expect(online.out.isEmpty)
      #expect(
        online.err
          == "Error: ZenQuotes is rate limiting requests (5 quotes in 30 s without a key). "
          + "Try again in half a minute, or use --source dummyjson.\n"
      )

      let share = try await runBinary(["share"], home: home.path, environment: env)
      #expect(!share.out.contains("Too many requests"))
    }
  }

  @Test("A bad POWERQUOTES_SOURCE is a usage error: one sentence")
  func badSource() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let result = try await runBinary(
      ["random"], home: home.path, environment: ["POWERQUOTES_SOURCE": "fortune"])
    #expect(result.status == 64)
    // One sentence: no usage block (the variable is not a flag of any command).
    #expect(
      result.err
        == "Error: POWERQUOTES_SOURCE must be dummyjson, zenquotes or offline, not 'fortune'. "
        + "Fix it or unset it, or give --source.\n")
  }

  @Test("today: the same quote on every call, for the local date that TZ gives")
  func today() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let env = ["TZ": "Pacific/Kiritimati", "POWERQUOTES_DATABASE": home.file("q.sqlite")]
    let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
    let before = QuoteOfTheDay.day(of: Date(), in: .zone(zone))
    let first = try await runBinary(
      ["today", "--format", "json"], home: home.path, environment: env)
    let second = try await runBinary(
      ["today", "--format", "json"], home: home.path, environment: env)
    let after = QuoteOfTheDay.day(of: Date(), in: .zone(zone))
    #expect(first.status == 0)
    #expect(first.err.isEmpty)
    let today = try JSONDecoder().decode(QuoteOfTheDay.self, from: Data(first.out.utf8))
    #expect([before, after].contains(today.date))
    #expect(today.origin == .builtIn)
    if before == after {
      #expect(second.out == first.out)
    }
  }
}
