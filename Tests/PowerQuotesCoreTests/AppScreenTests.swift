import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// The full-screen app as pure parts: its views as text snapshots, its table's filter, and its
/// rules for keys. (The app through a real terminal: AppEndToEndTests.)
@Suite("The full-screen app: screens, filter and keys")
struct AppScreenTests {
  static let utc = LocalTime(offset: { _ in 0 })
  static let saved = Date(timeIntervalSince1970: 1_795_000_000)

  static let favorites: [Favorite] = [
    Favorite(
      id: 1,
      quote: Quote(
        text: "Your heart is the size of an ocean. Go find yourself in its hidden depths.",
        author: "Rumi", source: .dummyJSON, sourceID: 1),
      savedAt: saved, tags: ["heart", "sea"]),
    Favorite(
      id: 2,
      quote: Quote(
        text: "You have power over your mind, not outside events. Realize this, and you will "
          + "find strength.",
        author: "Marcus Aurelius", source: .manual),
      savedAt: saved, note: "Read at Anna's wedding", tags: ["stoic"]),
    Favorite(
      id: 3,
      quote: Quote(
        text: "Cultivo una rosa blanca en junio como en enero.", author: "José Martí",
        source: .manual),
      savedAt: saved),
    Favorite(
      id: 4,
      quote: Quote(text: "希望是本无所谓有，无所谓无的。", author: "魯迅", source: .manual),
      savedAt: saved, tags: ["希望"]),
    Favorite(
      id: 7,
      quote: Quote(
        text: "Do not look at the faults of others.", author: "Umar ibn Al-Khattāb (R.A)",
        source: .dummyJSON),
      savedAt: saved),
  ]

  static func index() -> FavoriteIndex {
    var index = FavoriteIndex()
    for favorite in favorites { index.append(.decoded(favorite)) }
    index.compact()
    return index
  }

  /// Each screen in a state that shows what it can show.
  static func state(_ screen: String, size: ScreenSize) -> AppState {
    var state = AppState(size: size)
    state.favorites = index()
    state.favoritesLoaded = true
    switch screen {
    case "random":
      state.quote = favorites[0].quote
      state.message = AppMessage(AppScreenView.added, kind: .flash)
    case "favorites":
      state.screen = .favorites
      _ = AppController.update(&state, .key(.character("/")))
      _ = AppController.update(&state, .key(.character("M")))
      _ = AppController.update(&state, .key(.enter))
      _ = AppController.update(&state, .key(.down))
    default:
      state.screen = .quote
      state.opened = favorites[1]
      state.confirmingRemove = true
      state.message = AppMessage(AppScreenView.removeQuestion, kind: .alert)
    }
    return state
  }

  static let sizes = [
    ScreenSize(rows: 12, columns: 40), ScreenSize(rows: 24, columns: 80),
    ScreenSize(rows: 40, columns: 120),
  ]

  static let snapshotFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "AppScreens")

  @Test(
    "Each screen at 40x12, 80x24 and 120x40, with and without colour, is its snapshot",
    arguments: ["random", "favorites", "quote"], [true, false])
  func snapshots(screen: String, colour: Bool) throws {
    let palette = ScreenPalette(depth: colour ? .full : .none)
    for size in Self.sizes {
      let frame = AppScreenView.render(Self.state(screen, size: size), localTime: Self.utc)
      let text = frame.snapshot(palette: palette)
      let file = Self.snapshotFolder.appending(
        path: "\(screen)-\(size)-\(colour ? "256" : "no-colour").txt")
      if ProcessInfo.processInfo.environment["POWERQUOTES_WRITE_GOLDEN"] == "1" {
        try text.write(to: file, atomically: true, encoding: .utf8)
      }
      let expected = try String(contentsOf: file, encoding: .utf8)
      #expect(text == expected, "\(file.lastPathComponent)")
      // Every row fits: no run reaches past the width, and none overlaps the one before.
      for runs in frame.rows {
        var end = 0
        for run in runs {
          #expect(run.column >= end && run.column + run.width <= size.columns)
          #expect(run.width == TerminalText.displayWidth(run.text))
          end = run.column + run.width
        }
      }
    }
  }

  @Test("Sixteen colours use only the 16 ANSI colours; no colour uses only bold and reverse")
  func palettes() {
    for role in ScreenRole.allCases {
      let sixteen = ScreenPalette(depth: .sixteen).attributes(role)
      #expect((sixteen.foreground ?? 0) < 16 && (sixteen.background ?? 0) < 16)
      let none = ScreenPalette(depth: .none).attributes(role)
      #expect(none.foreground == nil && none.background == nil && !none.italic)
    }
    #expect(ScreenPalette.forTerminal(colors: 256, allowed: false).depth == .none)
    #expect(ScreenPalette.forTerminal(colors: 256, allowed: true).depth == .full)
    #expect(ScreenPalette.forTerminal(colors: 8, allowed: true).depth == .sixteen)
  }

  @Test("A window under 40x12 gets one sentence, not a broken screen")
  func tooSmall() {
    var state = Self.state("favorites", size: ScreenSize(rows: 11, columns: 40))
    func shown() -> String {
      AppScreenView.render(state, localTime: Self.utc).text.split(separator: "\n")
        .joined(separator: " ")
    }
    #expect(shown() == "The window is 40x11, too small for the app: make it at least 40x12.")
    state.size = ScreenSize(rows: 30, columns: 30)
    #expect(shown() == "The window is 30x30, too small for the app: make it at least 40x12.")
  }

  @Test(
    "The author filter ignores case, accents and punctuation as fav search does",
    arguments: [
      ("", nil), ("  ", nil), ("ma", [1, 2, 4]), ("MARTI", [2]), ("jose", [2]), ("josé", [2]),
      ("ibn al khattab", [4]), ("(R.A)", [4]), ("魯", [3]), ("zzz", []),
    ] as [(String, [Int32]?)])
  func filter(text: String, rows: [Int32]?) {
    #expect(Self.index().rows(matchingAuthor: text) == rows)
  }

  @Test("The table keeps the start of each quote, its author and tags, cleaned")
  func indexRows() {
    var index = FavoriteIndex()
    let long = String(repeating: "é", count: 200)
    index.append(
      .decoded(
        Favorite(
          id: 9, quote: Quote(text: long, author: "A\u{1B}[31mB", source: .manual),
          savedAt: nil, tags: ["x", "y z"])))
    #expect(index.author(0) == "AB")
    #expect(index.quoteStart(0) == String(repeating: "é", count: 32) + "…")
    #expect(index.tags(0) == "#x #y z")
    #expect(index.row(ofID: 9) == 0 && index.row(ofID: 8) == nil)
  }

  // MARK: - Keys

  static func favoritesState(rows: Int = 12) -> AppState {
    var state = AppState(size: ScreenSize(rows: rows, columns: 80))
    _ = AppController.update(&state, .favoritesLoaded(index()))
    state.screen = .favorites
    return state
  }

  @Test("The app opens on Random fetching a quote; n and Space fetch the next, not twice")
  func randomKeys() {
    var (state, effects) = AppController.start(size: ScreenSize(rows: 24, columns: 80))
    #expect(effects == [.fetchQuote] && state.fetching && state.screen == .random)
    #expect(AppController.update(&state, .key(.character("n"))) == [])
    let quote = Self.favorites[0].quote
    _ = AppController.update(&state, .quoteShown(quote, note: "DummyJSON is unreachable."))
    #expect(
      !state.fetching && state.message == AppMessage("DummyJSON is unreachable.", kind: .note))
    #expect(AppController.update(&state, .key(.character(" "))) == [.fetchQuote])
    #expect(state.message == nil)
    _ = AppController.update(&state, .tick)
    #expect(state.spinner == 1)
    _ = AppController.update(&state, .quoteShown(quote, note: nil))
    #expect(AppController.update(&state, .key(.character("f"))) == [.addFavorite(quote)])
    #expect(AppController.update(&state, .key(.character("s"))) == [.share(quote)])
  }

  @Test("f flashes Favorite added! for a moment; a second f's sentence stays until a key")
  func favoriteTwice() {
    var state = AppState(size: ScreenSize(rows: 24, columns: 80))
    _ = AppController.update(&state, .favoriteAdded(.added(Self.favorites[0])))
    #expect(state.message == AppMessage("Favorite added!", kind: .flash))
    for _ in 0..<AppController.flashTicks { _ = AppController.update(&state, .tick) }
    #expect(state.message == nil && !AppController.wantsTicks(state))
    _ = AppController.update(&state, .favoriteAdded(.alreadyFavorite(Self.favorites[0])))
    let already = AppMessage(AddFavoriteView.alreadyFavorite, kind: .alert)
    for _ in 0..<100 { _ = AppController.update(&state, .tick) }
    #expect(state.message == already)
    _ = AppController.update(&state, .key(.character("x")))
    #expect(state.message == nil)
  }

  @Test("Tab switches tabs and reads the favorites again on the way in")
  func tabs() {
    var state = AppState(size: ScreenSize(rows: 24, columns: 80))
    #expect(AppController.update(&state, .key(.tab)) == [.loadFavorites])
    #expect(state.screen == .favorites)
    #expect(AppController.update(&state, .key(.tab)) == [] && state.screen == .random)
  }

  @Test("Reading the table again lets the old one go first and selects the same favorite after")
  func readAgain() {
    var state = Self.favoritesState()
    _ = AppController.update(&state, .key(.down))
    _ = AppController.update(&state, .key(.down))
    #expect(state.selectedID == 3)
    #expect(AppController.update(&state, .key(.character("r"))) == [.loadFavorites])
    // Never two tables at once: the old one is gone while the new one is read.
    #expect(!state.favoritesLoaded && state.favorites.count == 0 && state.selectedID == nil)
    #expect(AppScreenView.render(state, localTime: Self.utc).text.contains("Reading favorites…"))
    // Another process removed favorite 1: the same favorite, now on the second row.
    var index = FavoriteIndex()
    for favorite in Self.favorites.dropFirst() { index.append(.decoded(favorite)) }
    _ = AppController.update(&state, .favoritesLoaded(index))
    #expect(state.favoritesLoaded && state.selected == 1 && state.selectedID == 3)
    _ = AppController.update(&state, .key(.character("r")))
    _ = AppController.update(&state, .favoritesNotRead("The database is locked."))
    #expect(state.message == AppMessage("The database is locked.", kind: .error))
    _ = AppController.update(&state, .key(.down))
    #expect(AppScreenView.render(state, localTime: Self.utc).text.contains(AppScreenView.notRead))
    #expect(AppController.update(&state, .key(.character("r"))) == [.loadFavorites])
    #expect(AppScreenView.render(state, localTime: Self.utc).text.contains("Reading favorites…"))
  }

  @Test("i writes the card's picture, named after the favorite or the quote's source; says where")
  func picture() {
    var state = AppState(size: ScreenSize(rows: 24, columns: 80))
    #expect(AppController.update(&state, .key(.character("i"))) == [])
    let rumi = Self.favorites[0].quote
    _ = AppController.update(&state, .quoteShown(rumi, note: nil))
    #expect(
      AppController.update(&state, .key(.character("i")))
        == [.writeCard(rumi, work: "", name: "powerquotes-dummyjson-1.png")])
    let unnumbered = Self.favorites[1].quote
    _ = AppController.update(&state, .quoteShown(unnumbered, note: nil))
    #expect(
      AppController.update(&state, .key(.character("i")))
        == [.writeCard(unnumbered, work: "", name: "powerquotes-card.png")])
    state = Self.favoritesState()
    var favorite = Self.favorites[1]
    favorite.work = "Meditations"
    _ = AppController.update(&state, .favoriteOpened(favorite))
    #expect(
      AppController.update(&state, .key(.character("i")))
        == [.writeCard(favorite.quote, work: "Meditations", name: "powerquotes-favorite-2.png")])
    _ = AppController.update(&state, .cardWritten("/home/ana/powerquotes-favorite-2.png"))
    let wrote = AppMessage(
      "Wrote the PNG card to /home/ana/powerquotes-favorite-2.png.", kind: .note)
    for _ in 0..<100 { _ = AppController.update(&state, .tick) }
    #expect(state.message == wrote)
    // In the search bar, i is a letter.
    state = Self.favoritesState()
    _ = AppController.update(&state, .key(.character("/")))
    #expect(AppController.update(&state, .key(.character("i"))) == [] && state.search == "i")
  }

  @Test("The worker writes the PNG card whole; without librsvg it is one sentence and no file")
  func pictureWorker() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let env = AppEnvironment.test(
      database: try QuoteDatabase.inMemory(), console: CapturedConsole())
    let effect = AppEffect.writeCard(Self.favorites[0].quote, work: "", name: "card.png")
    let worker = AppWorker(env: env, pictures: folder.path + "/")
    guard case .cardWritten(let path) = await worker.perform(effect) else {
      Issue.record("no card written")
      return
    }
    #expect(path == folder.file("card.png"))
    // Under the home folder, the status line says ~.
    #expect(PathName.shortened("/home/ana/card.png", home: "/home/ana") == "~/card.png")
    #expect(
      PathName.shortened("/home/anabel/card.png", home: "/home/ana") == "/home/anabel/card.png")
    let png = try #require(FileManager.default.contents(atPath: path))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    try FileManager.default.removeItem(atPath: path)

    let missing = AppWorker(
      env: env, pictures: folder.path,
      renderer: PNGRenderer(library: "libpowerquotes-missing-rsvg.so.2"))
    guard case .failed(let sentence) = await missing.perform(effect) else {
      Issue.record("no failure")
      return
    }
    #expect(sentence.hasPrefix("powerquotes draws PNG cards with librsvg, and it could not be"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("/ types in the search bar, where q is a letter; Enter goes to the table, Esc clears")
  func search() {
    var state = Self.favoritesState()
    _ = AppController.update(&state, .key(.character("/")))
    for letter in "jq" { _ = AppController.update(&state, .key(.character(letter))) }
    #expect(!state.quitting && state.search == "jq" && state.visibleCount == 0)
    _ = AppController.update(&state, .key(.backspace))
    _ = AppController.update(&state, .key(.character("O")))
    #expect(state.visible == [2])
    _ = AppController.update(&state, .key(.enter))
    #expect(!state.searching && state.selectedID == 3)
    #expect(AppController.update(&state, .key(.enter)) == [.openFavorite(3)])
    _ = AppController.update(&state, .key(.escape))
    #expect(state.search == "" && state.visible == nil)
    _ = AppController.update(&state, .key(.character("/")))
    _ = AppController.update(&state, .key(.character("r")))
    _ = AppController.update(&state, .key(.escape))
    #expect(!state.searching && state.search == "" && state.visibleCount == 5)
    #expect(AppController.update(&state, .key(.character("q"))) == [.quit] && state.quitting)
  }

  @Test("Arrows, PgUp/PgDn, Home/End and the wheel move in the table and scroll it")
  func scrolling() {
    var state = Self.favoritesState(rows: 8)  // a table of 3 rows
    #expect(AppScreenView.tableHeight(state.size) == 3)
    _ = AppController.update(&state, .key(.end))
    #expect(state.selected == 4 && state.top == 2)
    _ = AppController.update(&state, .key(.home))
    #expect(state.selected == 0 && state.top == 0)
    _ = AppController.update(&state, .key(.pageDown))
    #expect(state.selected == 2 && state.top == 0)
    _ = AppController.update(&state, .key(.wheelDown))
    #expect(state.selected == 3 && state.top == 1)
    _ = AppController.update(&state, .key(.up))
    _ = AppController.update(&state, .key(.wheelUp))
    _ = AppController.update(&state, .key(.pageUp))
    #expect(state.selected == 0 && state.top == 0)
    _ = AppController.update(&state, .key(.up))
    #expect(state.selected == 0)
    _ = AppController.update(&state, .key(.end))
    _ = AppController.update(&state, .resize(ScreenSize(rows: 7, columns: 80)))
    #expect(state.selected == 4 && state.top == 3)
  }

  @Test("On the Quote screen: d asks, y removes, another key keeps; e edits; Esc goes back")
  func quoteKeys() {
    var state = Self.favoritesState()
    _ = AppController.update(&state, .favoriteOpened(Self.favorites[1]))
    #expect(state.screen == .quote)
    #expect(AppController.update(&state, .key(.character("d"))) == [])
    #expect(state.message == AppMessage("Remove this favorite? (y/n)", kind: .alert))
    #expect(AppController.update(&state, .key(.character("n"))) == [])
    #expect(state.message?.text == RemoveView.kept && state.screen == .quote)
    _ = AppController.update(&state, .key(.character("d")))
    #expect(AppController.update(&state, .key(.character("y"))) == [.removeFavorite(2)])
    #expect(AppController.update(&state, .favoriteRemoved(2)) == [.loadFavorites])
    #expect(state.screen == .favorites && state.message == AppMessage("Removed.", kind: .flash))
    _ = AppController.update(&state, .favoriteOpened(Self.favorites[1]))
    #expect(AppController.update(&state, .key(.character("e"))) == [.edit(2)])
    #expect(
      AppController.update(&state, .key(.character("s"))) == [.share(Self.favorites[1].quote)])
    #expect(
      AppController.update(&state, .libraryChanged("Favorite 2 edited."))
        == [.loadFavorites, .openFavorite(2)])
    #expect(AppController.update(&state, .key(.character("u"))) == [.undo])
    for back in [AppKey.escape, .left, .backspace] {
      state.screen = .quote
      #expect(AppController.update(&state, .key(back)) == [.loadFavorites])
      #expect(state.screen == .favorites)
    }
  }

  @Test("? shows the keys until a key; share text without a clipboard shows until a key")
  func overlays() {
    var state = AppState(size: ScreenSize(rows: 24, columns: 80))
    _ = AppController.update(&state, .key(.character("?")))
    #expect(state.helpShown)
    _ = AppController.update(&state, .key(.character("n")))
    #expect(!state.helpShown && !state.fetching)
    _ = AppController.update(&state, .shareText("\"Go.\" — Rumi\n"))
    #expect(AppScreenView.render(state, localTime: Self.utc).text.contains("\"Go.\" — Rumi"))
    _ = AppController.update(&state, .key(.character("q")))
    #expect(state.sharedText == nil && !state.quitting)
    #expect(AppController.update(&state, .key(.interrupt)) == [.quit] && state.quitting)
  }

  @Test("A long sentence on the status line leaves the table's count its room")
  func countStays() {
    var state = Self.favoritesState()
    let note =
      "DummyJSON is unreachable (could not connect to the server); showing an offline quote."
    _ = AppController.update(&state, .quoteShown(Self.favorites[0].quote, note: note))
    let status = AppScreenView.render(state, localTime: Self.utc).text
      .split(separator: "\n", omittingEmptySubsequences: false)[state.size.rows - 2]
    #expect(status.hasPrefix(" DummyJSON is unreachable") && status.hasSuffix("… 5 favorites"))
  }

  @Test("An error is a sentence on the status line; a favorite gone goes back to the table")
  func errors() {
    var state = Self.favoritesState()
    state.fetching = true
    _ = AppController.update(&state, .failed("The database is locked."))
    #expect(!state.fetching && state.message == AppMessage("The database is locked.", kind: .error))
    _ = AppController.update(&state, .favoriteOpened(Self.favorites[0]))
    #expect(
      AppController.update(&state, .favoriteGone("No favorite with id 1.")) == [.loadFavorites])
    #expect(state.screen == .favorites && state.opened == nil)
  }
}
