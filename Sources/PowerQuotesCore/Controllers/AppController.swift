/// The full-screen app's rules: how each event changes the ``AppState``.
///
/// And what work it asks for. Pure: the terminal driver feeds it events and performs the effects (``AppWorker``).
public enum AppController {
  /// Ticks a flashed sentence stays (a tenth of a second each).
  public static let flashTicks = 15

  /// The state and effects the app opens with.
  public static func start(size: ScreenSize) -> (AppState, [AppEffect]) {
    var state = AppState(size: size)
    state.fetching = true
    return (state, [.fetchQuote])
  }

  /// Whether the app wants ticks now: a spinner turns or a sentence is about to go.
  public static func wantsTicks(_ state: AppState) -> Bool {
    state.fetching || state.flashTicks > 0
  }

  /// Applies `event` to `state` and returns the work it asks for.
  public static func update(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
    switch event {
    case .key(let key):
      return press(key, &state)
    case .resize(let size):
      state.size = size
      keepSelectionShown(&state)
      return []
    case .tick:
      if state.fetching { state.spinner += 1 }
      if state.flashTicks > 0 {
        state.flashTicks -= 1
        if state.flashTicks == 0 && state.message?.kind == .flash { state.message = nil }
      }
      return []
    case .quoteShown(let quote, let note):
      state.quote = quote
      state.fetching = false
      if let note { state.message = AppMessage(note, kind: .note) }
      return []
    case .failed(let sentence):
      state.fetching = false
      state.message = AppMessage(sentence, kind: .error)
      return []
    case .favoriteAdded(let result):
      switch result {
      case .added: flash(AppScreenView.added, &state)
      case .alreadyFavorite:
        state.message = AppMessage(AddFavoriteView.alreadyFavorite, kind: .alert)
      }
      return []
    case .shared(let sentence):
      flash(sentence, &state)
      return []
    case .cardWritten(let path):
      // A path to read and remember: it stays until a key.
      state.message = AppMessage(CardImageView.wrote(.png, to: path), kind: .note)
      return []
    case .shareText(let text):
      state.sharedText = text
      return []
    case .said(let line):
      state.message = AppMessage(UntrustedText.sanitized(line), kind: .note)
      return []
    case .favoritesLoaded(let index):
      state.favorites = index
      state.favoritesLoaded = true
      state.visible = index.rows(matchingAuthor: state.search)
      // The same favorite stays selected when it is still there.
      if let id = state.reselect, let row = index.row(ofID: id) {
        state.selected = state.visible.map { $0.firstIndex(of: Int32(row)) ?? 0 } ?? row
      }
      state.reselect = nil
      keepSelectionShown(&state)
      return []
    case .favoritesNotRead(let sentence):
      state.favoritesNotRead = true
      state.message = AppMessage(sentence, kind: .error)
      return []
    case .favoriteOpened(let favorite):
      state.opened = favorite
      if state.screen == .favorites { state.screen = .quote }
      return []
    case .favoriteGone(let sentence):
      if state.screen == .quote { state.screen = .favorites }
      state.opened = nil
      state.message = AppMessage(sentence, kind: .error)
      return reload(&state)
    case .favoriteRemoved:
      state.screen = .favorites
      state.opened = nil
      flash(AppScreenView.removed, &state)
      return reload(&state)
    case .libraryChanged(let sentence):
      flash(sentence, &state)
      if state.screen == .quote, let opened = state.opened {
        return reload(&state) + [.openFavorite(opened.id)]
      }
      return reload(&state)
    }
  }

  /// Reads the favorites again, the table in memory let go first, so that two are never held
  /// at once (at 100,000 favorites each is about 8 MB); the selected favorite is remembered.
  private static func reload(_ state: inout AppState) -> [AppEffect] {
    if state.favoritesLoaded { state.reselect = state.selectedID }
    state.favorites = FavoriteIndex()
    state.favoritesLoaded = false
    state.favoritesNotRead = false
    state.visible = nil
    return [.loadFavorites]
  }

  private static func flash(_ sentence: String, _ state: inout AppState) {
    state.message = AppMessage(sentence, kind: .flash)
    state.flashTicks = flashTicks
  }

  private static func press(_ key: AppKey, _ state: inout AppState) -> [AppEffect] {
    if key == .interrupt {
      state.quitting = true
      return [.quit]
    }
    // A sentence waits for a key; the key then does its own work.
    let hadMessage = state.message
    state.message = nil
    state.flashTicks = 0
    if state.confirmingRemove {
      state.confirmingRemove = false
      if key == .character("y") || key == .character("Y"), let opened = state.opened {
        return [.removeFavorite(opened.id)]
      }
      state.message = AppMessage(RemoveView.kept, kind: .flash)
      state.flashTicks = flashTicks
      return []
    }
    if state.sharedText != nil {
      state.sharedText = nil
      return []
    }
    if state.helpShown {
      state.helpShown = false
      if key == .character("q") { return quit(&state) }
      return []
    }
    if state.screen == .favorites && state.searching {
      return type(key, &state)
    }
    switch key {
    case .character("q"): return quit(&state)
    case .character("?"):
      state.helpShown = true
      return []
    case .tab, .backTab:
      return switchTab(&state)
    case .character("u"):
      return [.undo]
    case .character("r"):
      if state.screen == .quote, let opened = state.opened {
        return reload(&state) + [.openFavorite(opened.id)]
      }
      return reload(&state)
    default: break
    }
    switch state.screen {
    case .random: return onRandom(key, &state)
    case .favorites: return onFavorites(key, &state, hadMessage: hadMessage)
    case .quote: return onQuote(key, &state)
    }
  }

  private static func quit(_ state: inout AppState) -> [AppEffect] {
    state.quitting = true
    return [.quit]
  }

  private static func switchTab(_ state: inout AppState) -> [AppEffect] {
    state.searching = false
    if state.screen == .random {
      state.screen = .favorites
      // Re-entered: what other processes changed shows up.
      return reload(&state)
    }
    state.screen = .random
    return []
  }

  private static func onRandom(_ key: AppKey, _ state: inout AppState) -> [AppEffect] {
    switch key {
    case .character("n"), .character(" "):
      guard !state.fetching else { return [] }
      state.fetching = true
      return [.fetchQuote]
    case .character("f"):
      return state.quote.map { [.addFavorite($0)] } ?? []
    case .character("s"):
      return state.quote.map { [.share($0)] } ?? []
    case .character("i"):
      return state.quote.map { [.writeCard($0, work: "", name: cardName(of: $0))] } ?? []
    default:
      return []
    }
  }

  /// The picture file of a random quote: named after where it came from, so that writing the
  /// same quote again replaces its picture.
  static func cardName(of quote: Quote) -> String {
    guard let id = quote.sourceID else { return "powerquotes-card.png" }
    let source = quote.source.rawValue.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    return "powerquotes-\(source.isEmpty ? "quote" : source)-\(id).png"
  }

  /// The picture file of favorite `id`.
  static func cardName(ofFavorite id: Int64) -> String { "powerquotes-favorite-\(id).png" }

  private static func onFavorites(
    _ key: AppKey, _ state: inout AppState, hadMessage: AppMessage?
  ) -> [AppEffect] {
    let page = max(1, AppScreenView.tableHeight(state.size) - 1)
    switch key {
    case .up, .wheelUp: move(to: state.selected - 1, &state)
    case .down, .wheelDown: move(to: state.selected + 1, &state)
    case .pageUp: move(to: state.selected - page, &state)
    case .pageDown: move(to: state.selected + page, &state)
    case .home: move(to: 0, &state)
    case .end: move(to: state.visibleCount - 1, &state)
    case .character("/"):
      state.searching = true
    case .escape:
      if !state.search.isEmpty { setSearch("", &state) }
    case .enter, .right:
      if let id = state.selectedID { return [.openFavorite(id)] }
    default:
      break
    }
    return []
  }

  /// A key while the search bar has the keys: letters filter at once.
  private static func type(_ key: AppKey, _ state: inout AppState) -> [AppEffect] {
    switch key {
    case .character(let character):
      setSearch(state.search + String(character), &state)
    case .backspace:
      if !state.search.isEmpty { setSearch(String(state.search.dropLast()), &state) }
    case .enter, .down:
      state.searching = false
      move(to: 0, &state)
    case .escape:
      state.searching = false
      setSearch("", &state)
    case .tab, .backTab:
      return switchTab(&state)
    default:
      break
    }
    return []
  }

  private static func onQuote(_ key: AppKey, _ state: inout AppState) -> [AppEffect] {
    switch key {
    case .escape, .left, .backspace:
      state.screen = .favorites
      return reload(&state)
    case .character("s"):
      return state.opened.map { [.share($0.quote)] } ?? []
    case .character("d"):
      guard state.opened != nil else { return [] }
      state.confirmingRemove = true
      state.message = AppMessage(AppScreenView.removeQuestion, kind: .alert)
      return []
    case .character("e"):
      return state.opened.map { [.edit($0.id)] } ?? []
    case .character("i"):
      return state.opened.map {
        [.writeCard($0.quote, work: $0.work, name: cardName(ofFavorite: $0.id))]
      } ?? []
    default:
      return []
    }
  }

  private static func setSearch(_ text: String, _ state: inout AppState) {
    state.search = text
    state.visible = state.favorites.rows(matchingAuthor: text)
    state.selected = 0
    state.top = 0
  }

  private static func move(to index: Int, _ state: inout AppState) {
    state.selected = max(0, min(index, state.visibleCount - 1))
    keepSelectionShown(&state)
  }

  /// Scrolls the table so that the selected row is on screen.
  private static func keepSelectionShown(_ state: inout AppState) {
    let height = max(1, AppScreenView.tableHeight(state.size))
    state.selected = max(0, min(state.selected, state.visibleCount - 1))
    if state.selected < state.top { state.top = state.selected }
    if state.selected >= state.top + height { state.top = state.selected - height + 1 }
    state.top = max(0, min(state.top, max(0, state.visibleCount - height)))
  }
}
