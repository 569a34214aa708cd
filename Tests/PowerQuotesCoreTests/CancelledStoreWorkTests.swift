import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// Ctrl-C in the shell cancels the task running a command; the SQLite store's synchronous work
/// stops at its next statement, and what it was writing is rolled back.
@Suite("Cancelled work in the SQLite store")
struct CancelledStoreWorkTests {
  let database: QuoteDatabase

  init() throws {
    database = try QuoteDatabase.inMemory()
  }

  static func quote(_ number: Int) -> ImportedQuote {
    ImportedQuote(
      position: number,
      quote: Quote(text: "Quote \(number).", author: "Author \(number % 50)", source: .manual),
      tags: number % 3 == 0 ? ["third"] : [])
  }

  @Test("An import whose task is cancelled part way throws CancellationError and saves nothing")
  func importStops() async throws {
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let database = self.database
    let task = Task {
      try database.importFavorites(count: 20_000, at: testDate, dryRun: false) { insert in
        for number in 1...20_000 {
          // As the shell's Ctrl-C does, from the middle of the work.
          if number == 2_000 { withUnsafeCurrentTask { $0?.cancel() } }
          insert(Self.quote(number))
        }
      }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(try database.favorites().map(\.quote) == [Samples.rumi])
    // The store works on, for the next line of the shell.
    let counts = try database.importFavorites((1...3).map(Self.quote), at: testDate, dryRun: false)
    #expect(counts.added == 3)
    #expect(try database.favoriteCount() == 4)
  }

  @Test("A listing whose task is cancelled stops")
  func listingStops() async throws {
    _ = try database.importFavorites((1...5_000).map(Self.quote), at: testDate, dryRun: false)
    let database = self.database
    let task = Task {
      var rows = 0
      try database.forEachFavoriteRow(
        matching: nil, tag: nil, after: 0, limit: nil, columns: .table
      ) { _ in
        rows += 1
        if rows == 100 { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return rows
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
