/// The colours of a picture card (`share --image --theme`).
///
/// They follow the terminal card's styles: a frame drawn dim, the "Dear Self," heading in the
/// accent colour (the terminal's cyan, ``TextPainter/accent(_:)``), the quote in the plain text
/// colour and the author italic and quieter.
public enum CardTheme: String, CaseIterable, Sendable {
  /// The seed app's calm palette: deep sea blue with a pale cyan accent. The default.
  case blue
  /// Dark text on warm paper.
  case light
  /// Light text on near-black.
  case dark

  /// The colours, as `#RRGGBB`.
  struct Colors {
    var background: String
    var frame: String
    var heading: String
    var text: String
    var author: String
    var wordmark: String
  }

  var colors: Colors {
    switch self {
    case .blue:
      Colors(
        background: "#1D3557", frame: "#457B9D", heading: "#A8DADC", text: "#F1FAEE",
        author: "#A8DADC", wordmark: "#6D92B5")
    case .light:
      Colors(
        background: "#FAF7F0", frame: "#D9D2C3", heading: "#2A6F97", text: "#1F2933",
        author: "#52606D", wordmark: "#9AA5B1")
    case .dark:
      Colors(
        background: "#14171C", frame: "#323842", heading: "#7FC8D6", text: "#E9ECEF",
        author: "#A3ADB8", wordmark: "#5C6672")
    }
  }
}
