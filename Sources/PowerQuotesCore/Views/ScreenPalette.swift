/// How a ``ScreenRole`` looks on a terminal: attributes and colours.
public struct ScreenAttributes: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Bold.
  public var bold = false
  /// Foreground and background swapped.
  public var reverse = false
  /// Italic.
  public var italic = false
  /// The foreground colour (a terminal colour number), or the terminal's own.
  public var foreground: Int?
  /// The background colour, or the terminal's own.
  public var background: Int?

  /// Plain text.
  public init(
    bold: Bool = false, reverse: Bool = false, italic: Bool = false, foreground: Int? = nil,
    background: Int? = nil
  ) {
    self.bold = bold
    self.reverse = reverse
    self.italic = italic
    self.foreground = foreground
    self.background = background
  }

  /// "bold reverse fg 75 bg 24", or "plain".
  public var description: String {
    var words: [String] = []
    if bold { words.append("bold") }
    if reverse { words.append("reverse") }
    if italic { words.append("italic") }
    if let foreground { words.append("fg \(foreground)") }
    if let background { words.append("bg \(background)") }
    return words.isEmpty ? "plain" : words.joined(separator: " ")
  }
}

/// The app's colours: the seed app's calm blues, on 256 or 16 colours; without colour (`NO_COLOR`,
/// `--color never`, a terminal without colours), bold and reverse only.
public struct ScreenPalette: Sendable, Equatable {
  /// How many colours are used.
  public enum Depth: Sendable, Equatable {
    /// None: bold and reverse only.
    case none
    /// The 16 ANSI colours.
    case sixteen
    /// The 256-colour palette.
    case full
  }

  /// The depth used.
  public var depth: Depth

  /// A palette of `depth`.
  public init(depth: Depth) { self.depth = depth }

  /// The palette for a terminal of `colors` colours when colour is allowed.
  public static func forTerminal(colors: Int, allowed: Bool) -> ScreenPalette {
    guard allowed else { return ScreenPalette(depth: .none) }
    return ScreenPalette(depth: colors >= 256 ? .full : colors >= 8 ? .sixteen : .none)
  }

  /// The attributes of `role`.
  public func attributes(_ role: ScreenRole) -> ScreenAttributes {
    switch depth {
    case .none: Self.plainAttributes(role)
    case .sixteen: Self.sixteenAttributes(role)
    case .full: Self.fullAttributes(role)
    }
  }

  private static func plainAttributes(_ role: ScreenRole) -> ScreenAttributes {
    switch role {
    case .plain, .tab, .border, .author, .muted, .search, .status, .footer: ScreenAttributes()
    case .activeTab, .selected, .alert: ScreenAttributes(bold: role != .selected, reverse: true)
    case .title, .heading, .flash, .error, .key: ScreenAttributes(bold: true)
    }
  }

  // 4 blue, 6 cyan, 7 white, 12 bright blue, 14 bright cyan, 1 red.
  private static func sixteenAttributes(_ role: ScreenRole) -> ScreenAttributes {
    switch role {
    case .plain: ScreenAttributes()
    case .tab, .status, .footer: ScreenAttributes(foreground: 6)
    case .activeTab: ScreenAttributes(bold: true, foreground: 7, background: 4)
    case .title, .key: ScreenAttributes(bold: true, foreground: 12)
    case .border, .muted: ScreenAttributes(foreground: 4)
    case .heading: ScreenAttributes(bold: true, foreground: 6)
    case .author: ScreenAttributes(italic: true, foreground: 14)
    case .selected: ScreenAttributes(foreground: 7, background: 4)
    case .search: ScreenAttributes(foreground: 14)
    case .flash: ScreenAttributes(bold: true, foreground: 14)
    case .alert: ScreenAttributes(bold: true, foreground: 7, background: 4)
    case .error: ScreenAttributes(bold: true, foreground: 1)
    }
  }

  // Blues of the 256-colour cube: 24 and 25 deep, 67 and 110 soft, 75 and 117 bright, 153 pale.
  private static func fullAttributes(_ role: ScreenRole) -> ScreenAttributes {
    switch role {
    case .plain: ScreenAttributes()
    case .tab, .status: ScreenAttributes(foreground: 110)
    case .footer: ScreenAttributes(foreground: 67)
    case .activeTab: ScreenAttributes(bold: true, foreground: 231, background: 25)
    case .title, .key: ScreenAttributes(bold: true, foreground: 75)
    case .border, .muted: ScreenAttributes(foreground: 67)
    case .heading: ScreenAttributes(bold: true, foreground: 110)
    case .author: ScreenAttributes(italic: true, foreground: 117)
    case .selected: ScreenAttributes(foreground: 231, background: 24)
    case .search: ScreenAttributes(foreground: 153)
    case .flash: ScreenAttributes(bold: true, foreground: 117)
    case .alert: ScreenAttributes(bold: true, foreground: 231, background: 24)
    case .error: ScreenAttributes(bold: true, foreground: 174)
    }
  }
}
