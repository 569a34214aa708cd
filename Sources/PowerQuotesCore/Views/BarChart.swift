/// Horizontal bars of Unicode block characters, as `fav stats` draws on a terminal.
///
/// A bar is whole blocks (`█`) and one partial block of eighths (`▏` to `▉`), so it shows a
/// value to an eighth of a column.
public enum BarChart {
  /// The partial blocks, one to seven eighths wide.
  static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The bar for `value` on a scale where `maximum` fills `width` columns.
  ///
  /// At most `width` columns; a value above zero always shows at least an eighth.
  public static func bar(_ value: Int, maximum: Int, width: Int) -> String {
    guard value > 0, maximum > 0, width > 0 else { return "" }
    let clamped = min(value, maximum)
    // In eighths of a column, rounded to the nearest; never less than one for a value above 0.
    let length = max(1, (clamped * width * 8 + maximum / 2) / maximum)
    var bar = String(repeating: "█", count: length / 8)
    if length % 8 > 0 { bar.append(eighths[length % 8 - 1]) }
    return bar
  }
}
