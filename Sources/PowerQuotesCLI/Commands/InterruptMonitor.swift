@preconcurrency import Dispatch
import Foundation
import Synchronization

/// Turns Ctrl-C into something the shell can act on, instead of ending the process.
///
/// While a command runs, Ctrl-C cancels it (a request in flight stops and the prompt returns);
/// while a line is being typed, it is noted for the line reader, which abandons the line.
final class InterruptMonitor: Sendable {
  private struct State {
    var pending = false
    var cancelRunning: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())
  // Set in init and cancelled in deinit only; Dispatch sources are thread-safe anyway.
  nonisolated(unsafe) private let source: any DispatchSourceSignal

  /// Starts catching SIGINT.
  init() {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [weak self] in self?.interrupted() }
    source.resume()
  }

  private func interrupted() {
    let cancel = state.withLock { state -> (@Sendable () -> Void)? in
      if let cancel = state.cancelRunning { return cancel }
      state.pending = true
      return nil
    }
    cancel?()
  }

  deinit {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }

  /// Whether Ctrl-C was pressed since the last call.
  func takePending() -> Bool {
    state.withLock { state in
      defer { state.pending = false }
      return state.pending
    }
  }

  /// Runs `operation` so that Ctrl-C cancels it.
  func cancellable<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    // The task starts under the lock, so a Ctrl-C from its first instruction on cancels it: set
    // after it, a question the task asked at once could be answered by the line typed after
    // Ctrl-C (seen on a loaded machine).
    let task = state.withLock { state in
      let task = Task { try await operation() }
      state.cancelRunning = { task.cancel() }
      return task
    }
    defer { state.withLock { $0.cancelRunning = nil } }
    do {
      return try await task.value
    } catch  where task.isCancelled {
      // Whatever the stopped work threw on its way out (a store's own error for the statement
      // it stopped), it was Ctrl-C that stopped it.
      throw CancellationError()
    }
  }
}
