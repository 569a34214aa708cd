import Foundation

/// One favorite in full: its card, then its id, source and when it was saved.
public enum FavoriteDetailView {
  /// The detail for `favorite`; times are shown in `localTime`.
  public static func render(
    _ favorite: Favorite,
    width: Int,
    painter: TextPainter,
    localTime: LocalTime
  ) -> String {
    var source = favorite.quote.source.description
    if let sourceID = favorite.quote.sourceID {
      source += " #\(sourceID)"
    }
    let saved = localTime.clock(at: favorite.savedAt).minuteText
    let facts = "Favorite \(favorite.id) · \(UntrustedText.sanitized(source)) · saved \(saved)"
    return QuoteCardView.render(favorite.quote, width: width, painter: painter)
      + painter.dim(facts) + "\n"
  }
}
