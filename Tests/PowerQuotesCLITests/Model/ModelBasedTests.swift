import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// Random sequences of library commands (add, edit by flag and by form, tag, untag, rm,
/// restore, trash --empty, undo, import, find) from one to three processes at once, the built
/// binary among them, checked after every step against a model of the library as README
/// describes it; at the end the stores' own integrity checks, and every earlier state back
/// through `fav undo`, one change at a time.
///
/// CI runs one fixed seed for a number of steps; `Scripts/model-test.sh` runs random seeds for
/// as long as asked. A failure names the environment that replays it (``ModelSettings``).
@Suite("Model-based library test", .serialized)
struct ModelBasedTests {
  @Test("SQLite: random commands against the model")
  func sqlite() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try await check(SharedLibrary.sqlite(in: folder), folder: folder)
  }

  @Test(
    "PostgreSQL: random commands against the model",
    .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.skipReason))
  )
  func postgres() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let library = try await PostgresTestDatabase.onThread { try SharedLibrary.postgres() }
    defer { library.remove() }
    try await check(library, folder: folder)
  }

  private func check(_ library: SharedLibrary, folder: TemporaryFolder) async throws {
    let settings = ModelSettings()
    let run = try ModelRun(settings: settings, library: library, folder: folder)
    do {
      try await run.run()
    } catch let mismatch as ModelMismatch {
      Issue.record(
        """
        \(library.name) parted from the model. Replay: \(settings) swift test --skip-build \
        --filter ModelBasedTests
        \(mismatch)
        """)
    }
  }
}
