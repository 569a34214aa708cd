/// Does the work the full-screen app asks for (``AppEffect``) with the existing controllers, and
/// says how it went as an ``AppEvent``: never throws, so an error is a status line, not a crash.
///
/// `edit` and `quit` belong to the terminal driver (the editor needs the terminal), so
/// ``perform(_:)`` answers them with nil.
public struct AppWorker: Sendable {
  private let env: AppEnvironment
  private let pictures: String
  private let cards: CardImageController

  /// A worker over `env` that writes picture cards into the folder `pictures`, drawing them
  /// with `renderer`.
  public init(env: AppEnvironment, pictures: String, renderer: PNGRenderer = .live) {
    self.env = env
    self.pictures = pictures
    cards = CardImageController(renderer: renderer)
  }

  /// Does `effect`; nil for the driver's own effects.
  public func perform(_ effect: AppEffect) async -> AppEvent? {
    do {
      switch effect {
      case .fetchQuote:
        let shown = try await env.quoteController().random(mode: .automatic)
        return .quoteShown(shown.quote, note: shown.fallbackNote)
      case .addFavorite(let quote):
        return .favoriteAdded(try env.favoritesController().add(quote))
      case .share(let quote):
        let text = ShareView.render(quote, style: .plain)
        do {
          return .shared(ShareView.copied(with: try env.clipboard.copy(text)))
        } catch {
          // No tool, or one that failed (no display): the text, to be selected by hand.
          return .shareText(text)
        }
      case .writeCard(let quote, let work, let name):
        let path = PathName.joined(pictures, name)
        try cards.write(
          quote, work: work, toPath: path, format: .png, size: .square, theme: .blue,
          protecting: try env.database.filePath())
        // The status line is one row: the home folder is ~.
        return .cardWritten(PathName.shortened(path, home: env.environment["HOME"]))
      case .loadFavorites:
        do {
          return .favoritesLoaded(try env.favoritesController().index())
        } catch {
          return .favoritesNotRead(AppScreenView.sentence(for: error))
        }
      case .openFavorite(let id):
        do {
          return .favoriteOpened(try env.favoritesController().favorite(id: id))
        } catch let error as FavoritesError {
          return .favoriteGone(AppScreenView.sentence(for: error))
        }
      case .removeFavorite(let id):
        let controller = try env.favoritesController()
        _ = try controller.remove(try controller.favoritesToRemove(ids: [id]))
        return .favoriteRemoved(id)
      case .undo:
        return .libraryChanged(
          LibraryChangeView.sentence(undid: try env.libraryController().undo()))
      case .edit, .quit:
        return nil
      }
    } catch {
      return .failed(AppScreenView.sentence(for: error))
    }
  }
}
