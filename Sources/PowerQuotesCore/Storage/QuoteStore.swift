/// Everything the library keeps: favorites and the quotes seen.
///
/// ``QuoteDatabase`` is one; controllers take `any QuoteStore` (or the half they use).
public typealias QuoteStore = FavoriteStore & QuotePoolStore & LibraryStore
