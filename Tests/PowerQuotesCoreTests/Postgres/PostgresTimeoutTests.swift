import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// `--timeout` past the connection: the server gives up on a statement that waits for another
/// connection's lock, or runs, longer than the store's timeout, and the store says so in one
/// sentence, with nothing changed and the connection still usable.
@Suite(.enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipReason))
struct PostgresTimeoutTests {
  @Test func aRowLockedByAnotherConnectionIsGivenUpOn() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let store = try PostgresStore.open(url: url, timeout: 0.5)
      _ = try store.addFavorite(Samples.rumi, at: testDate)
      let rumi = try #require(try store.favorite(id: 1))
      let holder = try PostgresConnection(url: url, timeout: 10)
      try holder.execute("BEGIN")
      try holder.execute("SELECT id FROM favorite WHERE id = 1 FOR UPDATE")
      #expect {
        try store.editFavorite(rumi, quote: Samples.lao, note: "", at: testDate)
      } throws: { error in
        let sentence = error.localizedDescription
        return error as? PostgresError == .lockTimedOut(server: url.server, seconds: 0.5)
          && sentence
            == "The PostgreSQL server at \(url.server) waited 0.5 seconds for another "
            + "connection to finish with the library, and gave up; nothing was changed. Try "
            + "again, or raise --timeout."
          && !sentence.contains(url.password ?? "-")
      }
      try holder.execute("ROLLBACK")
      // Nothing changed, nothing recorded, and the same connection goes on.
      #expect(try store.favorite(id: 1)?.quote == Samples.rumi)
      #expect(try store.libraryChanges().map(\.kind) == [.add])
      _ = try store.editFavorite(rumi, quote: Samples.lao, note: "", at: testDate)
      #expect(try store.favorite(id: 1)?.quote.text == Samples.lao.text)
    }
  }

  @Test func anotherMachinesChangeInProgressIsWaitedForUpToTheTimeout() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let store = try PostgresStore.open(url: url, timeout: 0.3)
      // As another machine's import holds it: taken, let go, and still locked until the commit.
      let holder = try PostgresConnection(url: url, timeout: 10)
      try holder.executeScript(
        """
        BEGIN;
        INSERT INTO library_recording (singleton, change_id) VALUES (1, 0);
        DELETE FROM library_recording
        """)
      #expect(throws: PostgresError.lockTimedOut(server: url.server, seconds: 0.3)) {
        try store.addFavorite(Samples.rumi, at: testDate)
      }
      #expect(throws: PostgresError.lockTimedOut(server: url.server, seconds: 0.3)) {
        try store.undoLastChange()
      }
      try holder.execute("COMMIT")
      #expect(try store.favoriteCount() == 0)
      guard case .added = try store.addFavorite(Samples.rumi, at: testDate) else {
        Issue.record("Rumi was not added once the other change was over")
        return
      }
    }
  }

  @Test func aStatementRunningPastTheTimeoutIsGivenUpOn() throws {
    try PostgresTestServer.withFreshDatabase { url in
      let store = try PostgresStore.open(url: url, timeout: 0.3)
      #expect(throws: PostgresError.timedOut(server: url.server, seconds: 0.3)) {
        try store.execute("SELECT pg_sleep(5)")
      }
      #expect(store.connection.isOpen)
      #expect(try store.favoriteCount() == 0)
    }
  }
}
