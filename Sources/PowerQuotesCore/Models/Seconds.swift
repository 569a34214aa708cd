import Foundation

/// A number of seconds as messages say it.
public enum Seconds {
  /// `10` for ten seconds, `0.5` for half of one: no trailing `.0`, at most three decimals.
  public static func text(_ seconds: TimeInterval) -> String {
    let milliseconds = (seconds * 1000).rounded()
    guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return String(seconds) }
    let whole = Int64(milliseconds)
    if whole % 1000 == 0 { return String(whole / 1000) }
    var text = String(format: "%.3f", milliseconds / 1000)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// ``text(_:)`` with its unit in words: `1 second`, `10 seconds`, `0.5 seconds`.
  public static func phrase(_ seconds: TimeInterval) -> String {
    let number = text(seconds)
    return number == "1" ? "1 second" : "\(number) seconds"
  }
}
