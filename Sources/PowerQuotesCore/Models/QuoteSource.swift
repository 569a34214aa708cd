/// Where a quote came from.
///
/// Stored with every favorite and pool quote.
///
/// A struct rather than an enum so that a database written by a newer powerquotes, with a source
/// this one does not know, still reads.
public struct QuoteSource: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
  /// The stored name, such as `dummyjson`.
  public var rawValue: String

  /// Makes a source from its stored name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The DummyJSON quotes API.
  public static let dummyJSON = QuoteSource(rawValue: "dummyjson")
  /// The ZenQuotes API.
  public static let zenQuotes = QuoteSource(rawValue: "zenquotes")
  /// The public-domain quotes compiled into powerquotes.
  public static let builtIn = QuoteSource(rawValue: "builtin")
  /// Typed by the user with `fav add "text" --author NAME`.
  public static let manual = QuoteSource(rawValue: "manual")
  /// Read by `fav import` from a file that does not say where the quote came from.
  public static let imported = QuoteSource(rawValue: "imported")

  /// A name for people: "DummyJSON", "ZenQuotes", "built-in", "added by hand", "imported".
  public var description: String {
    switch self {
    case .dummyJSON: "DummyJSON"
    case .zenQuotes: "ZenQuotes"
    case .builtIn: "built-in"
    case .manual: "added by hand"
    case .imported: "imported"
    default: rawValue
    }
  }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
