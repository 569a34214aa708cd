import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

@Suite("The store opened on first use")
struct LazyDatabaseTests {
  @Test("An SQLite store left for the exit stays open after its environment is gone")
  func leftOpenUntilExit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    weak var opened: QuoteDatabase?
    do {
      let lazy = LazyDatabase.opening(path, timeout: 1, environment: [:])
      opened = try #require(try lazy.get() as? QuoteDatabase)
      try opened?.recordShown(Samples.rumi, at: testDate)
      lazy.leaveOpenUntilExit()
    }
    #expect(opened != nil)
    #expect(try opened?.lastShown() == Samples.rumi)
  }

  @Test("A store that checkpoints when it closes is closed as usual")
  func closedWhenClosingCheckpoints() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    try QuoteDatabase.open(path: path).recordShown(Samples.rumi, at: testDate)
    weak var opened: QuoteDatabase?
    do {
      let lazy = LazyDatabase { try QuoteDatabase.open(path: path, logLimit: 0) }
      opened = try #require(try lazy.get() as? QuoteDatabase)
      #expect(opened?.checkpointsOnClose == true)
      lazy.leaveOpenUntilExit()
    }
    #expect(opened == nil)
    #expect(DatabaseFile.logSize(path: path) == 0)
  }

  @Test("Nothing opened, nothing kept: leaving an unopened store opens nothing")
  func unopenedStaysUnopened() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("q.sqlite")
    LazyDatabase.opening(path, timeout: 1, environment: [:]).leaveOpenUntilExit()
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
