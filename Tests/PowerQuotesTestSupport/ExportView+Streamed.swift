import PowerQuotesCore

extension ExportView {
  /// Every favorite in `format`, made by ``ExportView/stream(_:of:to:)`` as `fav export`
  /// makes it, collected into one string for a test to compare.
  public static func streamed(_ favorites: [Favorite], format: ExportFormat) -> String {
    var text = ""
    // The sinks here cannot throw.
    _ = try? stream(format, of: { body in try favorites.forEach(body) }, to: { text += $0 })
    return text
  }
}
