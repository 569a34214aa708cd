/// One page of DummyJSON's catalogue.
public struct QuotePage: Sendable, Equatable {
  /// The quotes on it, in id order; empty past the end.
  public var quotes: [Quote]
  /// How many quotes the whole catalogue has.
  public var total: Int
  /// How many quotes come before this page.
  public var skip: Int

  /// Makes a page.
  public init(quotes: [Quote], total: Int, skip: Int) {
    self.quotes = quotes
    self.total = total
    self.skip = skip
  }
}
