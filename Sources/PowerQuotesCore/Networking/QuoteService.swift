/// An online service that quotes come from, named in every error it causes.
public enum QuoteService: String, CaseIterable, Sendable {
  /// The DummyJSON quotes API.
  case dummyJSON
  /// The ZenQuotes API.
  case zenQuotes

  /// The service's name for people: "DummyJSON", "ZenQuotes".
  public var name: String {
    switch self {
    case .dummyJSON: "DummyJSON"
    case .zenQuotes: "ZenQuotes"
    }
  }

  /// The option that points powerquotes at another server for this service.
  public var urlOption: String {
    switch self {
    case .dummyJSON: "--api-url"
    case .zenQuotes: "--zenquotes-url"
    }
  }
}
