/// The text of `fav stats`: totals, then the top authors, sources, tags and months.
///
/// On a terminal (`bars`), the top authors and the months get bars of Unicode blocks scaled to
/// fit `width`; elsewhere the same lines without bars, name and number, for `grep` and `awk`.
/// Counts are plain digits. Authors and tags are cleaned for the terminal and cut to fit.
public enum StatsView {
  /// The widest a name column grows, however wide the terminal.
  static let maxNameWidth = 28
  /// The fewest columns a bar gets; a narrower terminal shows the lines without bars.
  static let minBarWidth = 4

  /// The stats as lines of text, with a trailing newline; "" for an empty library (the command
  /// says so in a sentence instead).
  public static func render(
    _ stats: FavoriteStats,
    width: Int,
    bars: Bool,
    painter: TextPainter
  ) -> String {
    guard stats.total > 0 else { return "" }
    var lines: [String] = []
    let tagged = stats.total - stats.untagged
    lines.append(
      painter.bold(
        "\(stats.total) favorite\(stats.total == 1 ? "" : "s") by \(stats.authors) "
          + "author\(stats.authors == 1 ? "" : "s"), \(tagged) tagged"))

    lines.append("")
    lines.append(painter.bold("Top authors"))
    lines += table(stats.topAuthors, width: width, bars: bars, painter: painter)

    lines.append("")
    lines.append(painter.bold("Sources"))
    let sources = stats.sources.map {
      FavoriteStats.Count(QuoteSource(rawValue: $0.name).description, $0.count)
    }
    lines += table(sources, width: width, bars: false, painter: painter)

    if !stats.tags.isEmpty {
      lines.append("")
      lines.append(painter.bold("Tags"))
      let tags = stats.tags + (stats.untagged > 0 ? [.init("(no tag)", stats.untagged)] : [])
      lines += table(tags, width: width, bars: false, painter: painter)
    }

    lines.append("")
    lines.append(painter.bold("Saved per month"))
    lines += table(filledMonths(stats.months), width: width, bars: bars, painter: painter)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The months from the first to the last with a favorite, those without as 0, so a chart
  /// shows the gaps; a month that is not `YYYY-MM` stays as it is, at the end.
  static func filledMonths(_ months: [FavoriteStats.Count]) -> [FavoriteStats.Count] {
    var filled: [FavoriteStats.Count] = []
    var others: [FavoriteStats.Count] = []
    for month in months {
      guard let (year, number) = parsedMonth(month.name) else {
        others.append(month)
        continue
      }
      if let last = filled.last, let (lastYear, lastNumber) = parsedMonth(last.name) {
        var (y, m) = lastNumber == 12 ? (lastYear + 1, 1) : (lastYear, lastNumber + 1)
        while (y, m) < (year, number) {
          filled.append(.init(monthText(y, m), 0))
          (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
        }
      }
      filled.append(month)
    }
    return filled + others
  }

  private static func parsedMonth(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "-")
    guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
      (1...12).contains(month)
    else { return nil }
    return (year, month)
  }

  private static func monthText(_ year: Int, _ month: Int) -> String {
    "\(year)-\(month < 10 ? "0" : "")\(month)"
  }

  /// Lines of `  name  count`, or `  name  bar count` with `bars`, fitted to `width`.
  static func table(
    _ rows: [FavoriteStats.Count],
    width: Int,
    bars: Bool,
    painter: TextPainter
  ) -> [String] {
    let names = rows.map { TerminalText.fitted($0.name, width: maxNameWidth) }
    let nameWidth = names.map(\.width).max() ?? 0
    let maximum = rows.map(\.count).max() ?? 0
    let countWidth = String(maximum).count
    // "  " + name + "  " + bar + " " + count, and a column spare at the right edge.
    let barWidth = width - 2 - nameWidth - 2 - 1 - countWidth - 1
    let drawsBars = bars && barWidth >= minBarWidth
    return zip(rows, names).map { row, name in
      var line = "  " + name.text + String(repeating: " ", count: nameWidth - name.width + 2)
      if drawsBars {
        let bar = BarChart.bar(row.count, maximum: maximum, width: barWidth)
        line += painter.accent(bar)
        line += String(repeating: " ", count: barWidth - bar.count + 1)
      }
      let count = String(row.count)
      return line + String(repeating: " ", count: countWidth - count.count) + count
    }
  }
}
