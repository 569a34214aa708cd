/// A key as the full-screen app reads it.
public enum AppKey: Equatable, Sendable {
  /// A printable character.
  case character(Character)
  /// An arrow.
  case up, down, left, right
  /// Paging and jumping.
  case pageUp, pageDown, home, end
  /// Enter, Esc, Backspace, Tab, Shift-Tab and Delete.
  case enter, escape, backspace, tab, backTab, delete
  /// Ctrl-C.
  case interrupt
  /// The mouse wheel.
  case wheelUp, wheelDown
}

/// What happens to the app: a key, a new size, a tick of the clock, or work that finished.
public enum AppEvent: Sendable {
  /// A key was pressed.
  case key(AppKey)
  /// The window has a new size.
  case resize(ScreenSize)
  /// A tenth of a second passed while something moves (the spinner, a flashed sentence).
  case tick
  /// A random quote arrived; `note` says when it is an offline one.
  case quoteShown(Quote, note: String?)
  /// Work failed; the sentence says why.
  case failed(String)
  /// `f` saved the quote, or found it saved already.
  case favoriteAdded(AddFavoriteResult)
  /// The share text was copied; the sentence says with what.
  case shared(String)
  /// No clipboard: the share text, to be selected by hand.
  case shareText(String)
  /// The favorites were read.
  case favoritesLoaded(FavoriteIndex)
  /// The favorites could not be read; the sentence says why.
  case favoritesNotRead(String)
  /// A favorite was read in full, for the Quote screen.
  case favoriteOpened(Favorite)
  /// The favorite shown has gone (another process removed it); the sentence says so.
  case favoriteGone(String)
  /// The favorite was moved to the trash.
  case favoriteRemoved(Int64)
  /// The library changed (an edit, an undo); the sentence says how.
  case libraryChanged(String)
  /// The quote's picture card was written to the file at this path (`~` for the home folder).
  case cardWritten(String)
  /// A line written to standard error while the screen was the app's (such as "Waiting for
  /// the database…"), shown in the status line instead.
  case said(String)
}

/// Work the app asks for; it comes back as an ``AppEvent`` (``AppWorker``).
public enum AppEffect: Equatable, Sendable {
  /// A random quote, online with the offline fallback, as `random` shows one.
  case fetchQuote
  /// Save the quote.
  case addFavorite(Quote)
  /// Copy the quote's share text.
  case share(Quote)
  /// Write the quote's picture card (PNG) to a file of this name in the app's pictures folder;
  /// `work` is shown after the author.
  case writeCard(Quote, work: String, name: String)
  /// Read the favorites table.
  case loadFavorites
  /// Read a favorite in full.
  case openFavorite(Int64)
  /// Move a favorite to the trash.
  case removeFavorite(Int64)
  /// Edit a favorite in `$EDITOR` (the terminal is handed over meanwhile).
  case edit(Int64)
  /// Undo the library's last change.
  case undo
  /// Leave the app.
  case quit
}

/// A sentence on the status line.
public struct AppMessage: Equatable, Sendable {
  /// How it shows and how long it stays.
  public enum Kind: Equatable, Sendable {
    /// A note, until a key is pressed.
    case note
    /// Flashed: gone after a moment, or at a key.
    case flash
    /// Until a key is pressed, standing out ("Already a Favorite", a question).
    case alert
    /// An error, until a key is pressed.
    case error
  }

  /// The sentence, clean.
  public var text: String
  /// Its kind.
  public var kind: Kind

  /// Makes a message.
  public init(_ text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }
}

/// Everything the full-screen app shows: one value, changed only by ``AppController/update(_:_:)``
/// and drawn by ``AppScreenView/render(_:localTime:)``.
public struct AppState: Sendable {
  /// The screens.
  public enum Screen: Equatable, Sendable {
    /// The random quote card.
    case random
    /// The favorites table.
    case favorites
    /// One favorite in full.
    case quote
  }

  /// The window's size.
  public var size: ScreenSize
  /// The screen shown.
  public var screen = Screen.random
  /// The random quote shown, once one arrived.
  public var quote: Quote?
  /// Whether a random quote is on its way.
  public var fetching = false
  /// The spinner's step.
  public var spinner = 0
  /// The status line's sentence.
  public var message: AppMessage?
  /// Ticks left before a flashed sentence goes.
  public var flashTicks = 0
  /// The favorites table, once read.
  public var favorites = FavoriteIndex()
  /// Whether the favorites table is read (false while it is read again).
  public var favoritesLoaded = false
  /// The favorite to select again once the table is read again.
  public var reselect: Int64?
  /// Whether the last reading of the favorites failed.
  public var favoritesNotRead = false
  /// The rows the search leaves, or nil for all.
  public var visible: [Int32]?
  /// The search bar's text.
  public var search = ""
  /// Whether keys go to the search bar.
  public var searching = false
  /// The selected row, an index among the visible rows.
  public var selected = 0
  /// The first visible row shown.
  public var top = 0
  /// The favorite on the Quote screen.
  public var opened: Favorite?
  /// Whether the app asks "Remove this favorite? (y/n)".
  public var confirmingRemove = false
  /// Whether the keys' help is shown.
  public var helpShown = false
  /// Share text shown to be selected by hand (no clipboard tool).
  public var sharedText: String?
  /// Whether the app is done.
  public var quitting = false

  /// The app as it opens, in a window of `size`.
  public init(size: ScreenSize) { self.size = size }

  /// How many rows the search leaves.
  public var visibleCount: Int { visible?.count ?? favorites.count }

  /// The table row of visible row `index`.
  public func row(atVisible index: Int) -> Int { visible.map { Int($0[index]) } ?? index }

  /// The id of the selected favorite, if any.
  public var selectedID: Int64? {
    guard selected >= 0 && selected < visibleCount else { return nil }
    return favorites.ids[row(atVisible: selected)]
  }
}
