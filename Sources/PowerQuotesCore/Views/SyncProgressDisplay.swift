import Synchronization

/// What `sync` writes on standard error as it goes: the bar redrawn in place where a person
/// watches, a line when DummyJSON asks to wait, and the lines that close the run.
///
/// It keeps the little state this needs (whether a bar's line is open, how far the sync got),
/// and returns text for the caller to write; it never prints.
public final class SyncProgressDisplay: Sendable {
  private struct State {
    var barDrawn = false
    var last: SyncProgress?
  }

  private let live: Bool
  private let width: Int
  private let state = Mutex(State())

  /// A display that redraws the bar when `live` (standard error is a terminal), fitted to
  /// `width` columns.
  public init(live: Bool, width: Int) {
    self.live = live
    self.width = width
  }

  /// The text for `event`, possibly empty.
  public func text(for event: SyncEvent) -> String {
    state.withLock { state in
      switch event {
      case .progress(let progress):
        state.last = progress
        guard live else { return "" }
        state.barDrawn = true
        return "\r" + SyncProgressView.bar(progress, width: width)
      case .waiting(let seconds):
        defer { state.barDrawn = false }
        return (state.barDrawn ? "\n" : "")
          + "DummyJSON asks to slow down; waiting \(seconds) s.\n"
      }
    }
  }

  /// The text that closes a finished sync: the bar's line ended, then the summary.
  public func finished(_ result: SyncProgress) -> String {
    closingBar() + SyncProgressView.summary(result) + "\n"
  }

  /// The text that closes a sync stopped by Ctrl-C (`cancelled`) or an error: what is kept, and
  /// how to go on.
  public func stopped(cancelled: Bool) -> String {
    let how = cancelled ? "Stopped by Ctrl-C" : "The sync stopped"
    let again = CommandHint.run("sync") + " again"
    let note =
      if let last = state.withLock({ $0.last }) {
        "\(how): \(last.done) of \(last.total) quotes are saved. \(again) to continue."
      } else {
        "\(how) before a page was saved. \(again) to start it."
      }
    return closingBar() + note + "\n"
  }

  private func closingBar() -> String {
    state.withLock { state in
      defer { state.barDrawn = false }
      return state.barDrawn ? "\n" : ""
    }
  }
}
