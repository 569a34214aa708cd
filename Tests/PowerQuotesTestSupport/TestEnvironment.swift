import Foundation
import PowerQuotesCore
import Synchronization

/// Everything a command wrote, captured.
public final class CapturedConsole: Sendable {
  private let outText = Mutex("")
  private let errText = Mutex("")

  /// Starts empty.
  public init() {}

  /// What was written to standard output.
  public var out: String { outText.withLock { $0 } }
  /// What was written to standard error.
  public var err: String { errText.withLock { $0 } }

  /// A console that writes here.
  public var console: Console {
    Console(
      out: { text in self.outText.withLock { $0 += text } },
      err: { text in self.errText.withLock { $0 += text } }
    )
  }

  /// Forgets what was captured so far.
  public func clear() {
    outText.withLock { $0 = "" }
    errText.withLock { $0 = "" }
  }
}

/// Lines a test types, one per `readLine`.
public final class ScriptedInput: Sendable {
  private let lines: Mutex<[String]>

  /// Will answer with `lines`, then end of input.
  public init(_ lines: [String]) { self.lines = Mutex(lines) }

  /// An input source over these lines.
  public var source: InputSource {
    InputSource(readLine: {
      self.lines.withLock { lines in lines.isEmpty ? nil : lines.removeFirst() }
    })
  }
}

/// A fixed clock.
public let testDate = Date(timeIntervalSince1970: 1_800_000_000)

extension AppEnvironment {
  /// An environment for tests: the given database and clients (failing by default, so nothing
  /// reaches a network unstubbed), captured output, a fixed clock in UTC and the first index
  /// always.
  public static func test(
    database: any QuoteStore,
    client: QuoteClient = .failing,
    zenQuotes: ZenQuotesClient = .failing,
    console: CapturedConsole,
    input: InputSource = .empty,
    terminal: TerminalInfo = .plain,
    now: @escaping @Sendable () -> Date = { testDate },
    timeZone: TimeZone = .utc,
    randomIndex: @escaping @Sendable (Int) -> Int = { _ in 0 },
    downloadClient: DownloadClient = .failing
  ) -> AppEnvironment {
    AppEnvironment(
      quoteClient: client,
      zenQuotesClient: zenQuotes,
      database: LazyDatabase(database),
      console: console.console,
      input: input,
      now: now,
      localTime: .zone(timeZone),
      randomIndex: randomIndex,
      terminal: terminal,
      downloadClient: downloadClient
    )
  }
}

extension TimeZone {
  /// Coordinated Universal Time.
  // swift-format-ignore: NeverForceUnwrap
  // Every Foundation knows UTC.
  public static let utc = TimeZone(identifier: "UTC")!
}

extension QuoteClient {
  /// A client that always answers with `quote`.
  public static func returning(_ quote: Quote) -> QuoteClient {
    QuoteClient(random: { quote }, quote: { _ in quote })
  }

  /// A client whose every call throws `error`.
  public static func throwing(_ error: QuoteClientError) -> QuoteClient {
    QuoteClient(random: { throw error }, quote: { _ in throw error })
  }
}

extension ZenQuotesClient {
  /// A client that always answers with `quote`.
  public static func returning(_ quote: Quote) -> ZenQuotesClient {
    ZenQuotesClient(random: { quote })
  }

  /// A client that answers with `quotes` in turn, then the last one again.
  public static func returning(_ quotes: [Quote]) -> ZenQuotesClient {
    let left = Mutex(quotes)
    return ZenQuotesClient(random: {
      try left.withLock { left in
        guard let next = left.first else { throw UnstubbedError(name: "ZenQuotesClient.random") }
        if left.count > 1 { left.removeFirst() }
        return next
      }
    })
  }

  /// A client whose every call throws `error`.
  public static func throwing(_ error: QuoteClientError) -> ZenQuotesClient {
    ZenQuotesClient(random: { throw error })
  }
}

/// A fresh folder under the system's temporary folder, removed when the test is done with it.
public struct TemporaryFolder: Sendable {
  /// Its path.
  public let path: String

  /// Makes the folder.
  public init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appending(path: "powerquotes-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// A path inside the folder.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Removes the folder and everything in it.
  public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Sample quotes used across tests.
public enum Samples {
  /// A DummyJSON quote.
  public static let rumi = Quote(
    text: "Your heart is the size of an ocean. Go find yourself in its hidden depths.",
    author: "Rumi",
    source: .dummyJSON,
    sourceID: 1
  )
  /// A quote by an author with a diacritic.
  public static let umar = Quote(
    text: "Be mindful of what you say.",
    author: "Umar ibn Al-Khattāb (R.A)",
    source: .dummyJSON,
    sourceID: 20
  )
  /// A ZenQuotes quote: no id.
  public static let lao = Quote(
    text: "The journey of a thousand miles begins with one step.",
    author: "Lao Tzu",
    source: .zenQuotes
  )
  /// Another ZenQuotes quote.
  public static let seneca = Quote(
    text: "Luck is what happens when preparation meets opportunity.",
    author: "Seneca",
    source: .zenQuotes
  )
  /// A quote typed by hand.
  public static let socrates = Quote(text: "Know thyself.", author: "Socrates", source: .manual)
}
