/// What saving a favorite did.
public enum AddFavoriteResult: Sendable, Equatable {
  /// A new favorite was saved.
  case added(Favorite)
  /// An equal favorite was already saved; nothing changed. It carries the one already there.
  case alreadyFavorite(Favorite)
}
