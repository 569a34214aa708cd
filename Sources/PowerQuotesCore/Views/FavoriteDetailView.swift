import Foundation

/// One favorite in full: its card, then its id, source and when it was saved, its work, its tags
/// and its note.
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
    let saved =
      favorite.savedAt.map { "saved " + localTime.clock(at: $0).minuteText }
      ?? "saved at a time powerquotes cannot read"
    let facts = "Favorite \(favorite.id) · \(UntrustedText.sanitized(source)) · \(saved)"
    var detail =
      QuoteCardView.render(favorite.quote, work: favorite.work, width: width, painter: painter)
      + painter.dim(facts) + "\n"
    if !UntrustedText.isBlank(favorite.work) {
      detail += painter.dim("Work: ") + UntrustedText.sanitized(favorite.work) + "\n"
    }
    if !favorite.tags.isEmpty {
      detail += painter.dim("Tags: ") + TagText.hashed(favorite.tags) + "\n"
    }
    if !UntrustedText.isBlank(favorite.note) {
      // The note keeps its own lines, each wrapped to the card's width after its label.
      let noteWidth = max(QuoteCardView.minWidth, min(width, QuoteCardView.maxWidth)) - 6
      var label = painter.dim("Note: ")
      for line in favorite.note.split(separator: "\n", omittingEmptySubsequences: false) {
        let wrapped = TerminalText.wrap(UntrustedText.sanitized(String(line)), width: noteWidth)
        for piece in wrapped.isEmpty ? [""] : wrapped {
          detail += label + piece + "\n"
          label = "      "
        }
      }
    }
    return detail
  }
}
