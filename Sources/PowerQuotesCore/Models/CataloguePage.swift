/// One page of the catalogue as the user asked for it.
public struct CataloguePage: Sendable, Equatable {
  /// The page's number, from 1.
  public var number: Int
  /// How many pages the catalogue has at this page size.
  public var pages: Int
  /// How many quotes the catalogue has.
  public var total: Int
  /// The quotes on the page.
  public var quotes: [Quote]

  /// Makes a page.
  public init(number: Int, pages: Int, total: Int, quotes: [Quote]) {
    self.number = number
    self.pages = pages
    self.total = total
    self.quotes = quotes
  }
}
