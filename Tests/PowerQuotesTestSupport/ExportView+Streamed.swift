import PowerQuotesCore

extension ExportView {
  /// Every favorite in `format`, made by ``ExportView/stream(_:rows:to:)`` as `fav export`
  /// makes it, collected into one string for a test to compare.
  public static func streamed(_ favorites: [Favorite], format: ExportFormat) -> String {
    var bytes: [UInt8] = []
    // The sinks here cannot throw.
    _ = try? stream(
      format,
      rows: { body in
        for favorite in favorites { try body(.decoded(favorite)) }
      },
      to: { bytes += $0 })
    return String(decoding: bytes, as: UTF8.self)
  }
}
