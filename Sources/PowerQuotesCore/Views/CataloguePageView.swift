/// A page of DummyJSON's catalogue: DummyJSON's ids, authors, and the start of each quote.
public enum CataloguePageView {
  /// The page's table, with a trailing newline.
  public static func render(
    _ page: CataloguePage,
    width: Int,
    painter: TextPainter
  ) -> String {
    let shape = FavoriteListShape(
      count: page.quotes.count,
      largestID: Int64(page.quotes.compactMap(\.sourceID).max() ?? 0),
      widestAuthor: page.quotes.map { FavoriteListView.authorWidth($0.author) }.max() ?? 0
    )
    let view = FavoriteListView(shape: shape, width: width, painter: painter)
    return page.quotes.reduce(view.header()) { table, quote in
      table + view.row(id: Int64(quote.sourceID ?? 0), quote: quote)
    }
  }

  /// What `back` says on the first page.
  public static let firstPage = "This is the first page."

  /// Where the page stands: "page 3 of 49 (1454 quotes)".
  public static func position(_ page: CataloguePage) -> String {
    "page \(page.number) of \(page.pages) (\(page.total) quote\(page.total == 1 ? "" : "s"))"
  }
}
