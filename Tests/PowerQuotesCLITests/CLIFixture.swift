import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport

/// What every in-process command test starts from: an in-memory database and captured output.
///
/// A suite holds one as `fixture` and gets `database` and `console` from it.
struct CLIFixture: Sendable {
  /// A real SQLite database, in memory.
  let database: QuoteDatabase
  /// What the commands wrote.
  let console = CapturedConsole()

  /// A fresh fixture.
  init() throws {
    database = try QuoteDatabase.inMemory()
  }
}

/// A suite of in-process command tests over a ``CLIFixture``.
protocol CLITestSuite {
  /// The suite's database and console; Swift Testing makes a new suite value for each test.
  var fixture: CLIFixture { get }
}

extension CLITestSuite {
  /// The fixture's database.
  var database: QuoteDatabase { fixture.database }
  /// The fixture's captured output.
  var console: CapturedConsole { fixture.console }
}
