import Foundation

/// How `sync` shows its progress: a bar redrawn in place on a terminal, one summary line after.
public enum SyncProgressView {
  /// The bar line, to be written after a carriage return: count, percentage and rate.
  ///
  /// `[██████████░░░░░░░░░░]  600/1454  41%  320 quotes/s`, fitted to `width` columns.
  public static func bar(_ progress: SyncProgress, width: Int) -> String {
    let fraction = progress.total > 0 ? min(1, Double(progress.done) / Double(progress.total)) : 0
    let rate =
      progress.seconds > 0 ? Double(progress.done - progress.resumedFrom) / progress.seconds : 0
    let numbers =
      "  \(progress.done)/\(progress.total)  \(Int((fraction * 100).rounded(.down)))%"
      + "  \(Int(rate.rounded())) quotes/s"
    let barWidth = max(10, min(40, width - numbers.count - 3))
    let filled = Int((fraction * Double(barWidth)).rounded(.down))
    return "[" + String(repeating: "█", count: filled)
      + String(repeating: "░", count: barWidth - filled) + "]" + numbers
  }

  /// The line that closes a sync.
  public static func summary(_ progress: SyncProgress) -> String {
    let seconds = String(format: "%.1f", progress.seconds)
    let resumed = progress.resumedFrom > 0 ? ", resumed at \(progress.resumedFrom)" : ""
    let fetched = progress.done - progress.resumedFrom
    return "Synced \(progress.done) of \(progress.total) DummyJSON quotes (\(fetched) fetched "
      + "in \(seconds) s\(resumed)); \(progress.added) new in the offline pool."
  }
}
