import Foundation

/// One favorite in full: its card, then its id, source and when it was saved.
public enum FavoriteDetailView {
  /// The detail for `favorite`; times are shown in `timeZone`.
  public static func render(
    _ favorite: Favorite,
    width: Int,
    painter: TextPainter,
    timeZone: TimeZone
  ) -> String {
    var source = favorite.quote.source.description
    if let sourceID = favorite.quote.sourceID {
      source += " #\(sourceID)"
    }
    let saved = savedFormat(timeZone: timeZone).string(from: favorite.savedAt)
    let facts = "Favorite \(favorite.id) · \(TerminalText.sanitized(source)) · saved \(saved)"
    return QuoteCardView.render(favorite.quote, width: width, painter: painter)
      + painter.dim(facts) + "\n"
  }

  private static func savedFormat(timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm xxx"
    return formatter
  }
}
