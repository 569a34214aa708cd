extension FavoritesController {
  /// Every favorite's id, author, the start of its quote and its tags, in memory: the
  /// full-screen app's table (see ``FavoriteIndex``).
  public func index() throws -> FavoriteIndex {
    let size = try listSize(author: nil) { _ in false }
    var index = FavoriteIndex(reservingRoomFor: size.count)
    try forEachRow(author: nil, columns: .table) { index.append($0) }
    index.compact()
    return index
  }
}
