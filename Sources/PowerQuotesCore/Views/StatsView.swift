/// The text of `fav stats`: totals, then the top authors, works (when favorites name some),
/// sources, tags and months.
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

    if stats.works > 0 {
      lines.append("")
      lines.append(painter.bold("Top works (\(stats.works) in all)"))
      lines += table(stats.topWorks, width: width, bars: false, painter: painter)
    }

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

  /// The most months without a favorite that are shown one by one, as 0; a longer gap is one
  /// line.
  static let maxGapShown = 12

  /// The months from the first to the last with a favorite, those without as 0.
  ///
  /// A chart shows the gaps; but a gap of more than ``maxGapShown`` months is one line,
  /// `2027-01..9999-11`, so one date far off (a year 9999 in an import) costs a line, not
  /// thousands. A month that is not `YYYY-MM` stays as it is, at the end.
  static func filledMonths(_ months: [FavoriteStats.Count]) -> [FavoriteStats.Count] {
    var filled: [FavoriteStats.Count] = []
    var others: [FavoriteStats.Count] = []
    var last: Int?
    for month in months {
      guard let index = CalendarMonth(text: month.name)?.index else {
        others.append(month)
        continue
      }
      let text = { CalendarMonth(index: $0).text }
      if let last, index - last - 1 > maxGapShown {
        filled.append(.init(text(last + 1) + ".." + text(index - 1), 0))
      } else if let last, last + 1 < index {
        filled += (last + 1..<index).map { .init(text($0), 0) }
      }
      filled.append(month)
      last = index
    }
    return filled + others
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
