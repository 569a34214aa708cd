/// The report `fav import` prints: counts, then one line per rejected row.
public enum ImportReportView {
  /// One line of counts, such as `Read 12 favorites: 10 added, 1 already a favorite,
  /// 1 rejected.`: the first count is what the file held, not what was added.
  public static func summary(_ report: ImportReport) -> String {
    let already =
      report.alreadyFavorites == 1
      ? "1 already a favorite" : "\(report.alreadyFavorites) already favorites"
    if report.dryRun {
      return "Dry run: \(favorites(report.total)) checked: \(report.added) would be added, "
        + "\(already), \(report.rejected.count) rejected\(skipped(report)). Nothing was "
        + "changed.\n"
    }
    return "Read \(favorites(report.total)): \(report.added) added, \(already), "
      + "\(report.rejected.count) rejected\(skipped(report)).\n"
  }

  /// The note before a dry run's report when the library has no file yet at `path`.
  public static func noDatabaseYet(_ path: String) -> String {
    "There is no favorites database at \(UntrustedText.sanitized(path)) yet: this dry run checks "
      + "against an empty library, and creates none."
  }

  /// `; 2 entries skipped (bookmarks, limit notices, ...)`, naming what the format's reader
  /// skips, or nothing when none were.
  private static func skipped(_ report: ImportReport) -> String {
    guard report.skipped > 0 else { return "" }
    let name = report.format.positionName
    let entries =
      report.skipped == 1
      ? "1 \(name)" : "\(report.skipped) \(name == "entry" ? "entries" : name + "s")"
    let what =
      switch report.format {
      case .kobo: "bookmarks, dog-ears, notes without highlighted text, hidden highlights"
      case .koreader, .koreaderText: "bookmarks, highlights without text"
      default: "bookmarks, limit notices, highlights without text, notes with no highlight"
      }
    return "; \(entries) skipped (\(what))"
  }

  /// A line per rejected row, indented, such as `  row 7: the quote is empty.`.
  public static func rejections(_ report: ImportReport) -> String {
    report.rejected.map { rejection in
      "  \(report.format.positionName) \(rejection.position): \(rejection.reason.message)\n"
    }.joined()
  }

  private static func favorites(_ count: Int) -> String {
    count == 1 ? "1 favorite" : "\(count) favorites"
  }
}
