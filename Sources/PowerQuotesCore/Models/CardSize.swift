/// A picture card's size in pixels: `share --image`'s `--size WIDTHxHEIGHT`.
public struct CardSize: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Each side's bounds: smaller cards cannot hold a quote at a readable size, and a larger
  /// one would be a 64 MiB image to draw.
  public static let sideRange = 480...4096

  /// 1080x1080, the default: a square post.
  public static let square = CardSize(width: 1080, height: 1080)
  /// The sizes `--size` names in its help: square, a 4:5 portrait post, and 16:9.
  public static let suggested = [square, CardSize(width: 1080, height: 1350), .wide]
  /// 1920x1080, a 16:9 screen.
  public static let wide = CardSize(width: 1920, height: 1080)

  /// A size of `width` by `height` pixels, not checked: only ``sideRange``'s sizes are made
  /// outside this module (through ``init(parsing:)`` and the constants), so a card is never
  /// laid out on a page too small to hold its type.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size `text` names, as `1080x1350` (an `X` or `×` also separates them); nil when it
  /// is not two whole numbers in ``sideRange``.
  public init?(parsing text: String) {
    let parts = text.split(omittingEmptySubsequences: false) { "xX×".contains($0) }
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isWholeNumber) }),
      let width = Int(parts[0]), let height = Int(parts[1]),
      Self.sideRange.contains(width), Self.sideRange.contains(height)
    else { return nil }
    self.init(width: width, height: height)
  }

  /// `WIDTHxHEIGHT`, as `--size` takes it.
  public var description: String { "\(width)x\(height)" }
}
