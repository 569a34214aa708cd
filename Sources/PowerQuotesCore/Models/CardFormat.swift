/// The picture formats `share --image` writes.
public enum CardFormat: String, CaseIterable, Sendable {
  /// SVG text: small, sharp at any size, drawn by browsers and image viewers.
  case svg
  /// A PNG image, drawn from the SVG by librsvg: what every app can post.
  case png

  /// The format a file's extension names (`.svg` or `.png`, in any case); nil for any other.
  public init?(path: String) {
    let name = PathName.name(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    self.init(rawValue: name[name.index(after: dot)...].lowercased())
  }
}
