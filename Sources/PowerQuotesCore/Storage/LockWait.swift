import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How long a connection waits for another's lock on the database: as long as the holder shows
/// progress, and only `stallLimit` seconds once it shows none.
///
/// Eight `fav import`s of 100k rows at once must each wait for the others, minutes in all, yet a
/// lock held by something stuck (a `sqlite3` shell left in a transaction) must not be waited for
/// forever. A writer's progress shows in the files: its transaction spills pages into the
/// write-ahead log, its commit appends to it, its checkpoint writes the database. So the wait
/// goes on while the database or its log changes size or time, and ends `stallLimit` seconds
/// after the last change, as SQLite's busy timeout would.
final class LockWait: Sendable {
  private struct State {
    var started = ContinuousClock.now
    var lastChange = ContinuousClock.now
    var signature: [Int64] = []
    var noted = false
  }

  private let files: [String]
  private let stallLimit: Duration
  private let noteAfter: Duration
  private let onLongWait: @Sendable () -> Void
  private let state = Mutex(State())

  /// Waits for locks on the database at `path`; `onLongWait` is called once a wait has lasted
  /// `noteAfter` (to tell a person why nothing happens).
  init(
    path: String,
    stallLimit: Duration = .seconds(10),
    noteAfter: Duration = .seconds(3),
    onLongWait: @escaping @Sendable () -> Void = {}
  ) {
    files = [path, path + "-wal"]
    self.stallLimit = stallLimit
    self.noteAfter = noteAfter
    self.onLongWait = onLongWait
  }

  /// SQLite's busy handler: sleeps a little and says whether to try again.
  ///
  /// `tries` is 0 at the start of each wait.
  func shouldRetry(tries: Int) -> Bool {
    let now = ContinuousClock.now
    let signature = currentSignature()
    let (keepWaiting, note) = state.withLock { state -> (Bool, Bool) in
      if tries == 0 {
        state = State(started: now, lastChange: now, signature: signature, noted: false)
      } else if signature != state.signature {
        state.signature = signature
        state.lastChange = now
      }
      let note = !state.noted && now - state.started >= noteAfter
      if note { state.noted = true }
      return (now - state.lastChange < stallLimit, note)
    }
    if note { onLongWait() }
    if keepWaiting {
      // 1 ms at first, then up to 25 ms: a short wait is short, a long one costs no CPU.
      usleep(UInt32(min(tries + 1, 25)) * 1000)
    }
    return keepWaiting
  }

  /// Sizes and change times of the database and its log.
  private func currentSignature() -> [Int64] {
    files.flatMap { file -> [Int64] in
      var info = stat()
      guard stat(file, &info) == 0 else { return [-1, -1] }
      return [
        Int64(info.st_size),
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      ]
    }
  }
}
