import Foundation

/// The full-screen app's screens as pure views: an ``AppState`` in, a ``ScreenFrame`` out.
///
/// ```
///  Random  Favorites                  powerquotes
///          ╭──────────────────────────────╮
///          │ Dear Self,                   │
///          ...
/// (status line)
/// n next  f favorite  s share  Tab favorites  ? help  q quit
/// ```
public enum AppScreenView {
  /// What `f` flashes.
  public static let added = "Favorite added!"
  /// What deleting flashes.
  public static let removed = "Removed."
  /// What `d` asks.
  public static let removeQuestion = "Remove this favorite? (y/n)"
  /// The table when the favorites could not be read (the status line says why).
  public static let notRead = "The favorites could not be read: press r to try again."

  /// The sentence for a window smaller than the app needs.
  public static func tooSmall(_ size: ScreenSize) -> String {
    "The window is \(size), too small for the app: make it at least \(ScreenSize.smallest)."
  }

  /// The sentence for an error, clean.
  public static func sentence(for error: any Error) -> String {
    UntrustedText.sanitized(
      (error as? any LocalizedError)?.errorDescription ?? String(describing: error))
  }

  /// Rows of the favorites table that fit in `size`.
  public static func tableHeight(_ size: ScreenSize) -> Int { size.rows - 5 }

  /// The frame for `state`; times are shown in `localTime`.
  public static func render(_ state: AppState, localTime: LocalTime) -> ScreenFrame {
    let size = state.size
    var frame = ScreenFrame(size: size)
    guard size.fitsApp else {
      for (row, line) in TerminalText.wrap(tooSmall(size), width: max(size.columns, 1))
        .enumerated()
      {
        frame.put(line, row: row)
      }
      return frame
    }
    tabs(state, &frame)
    if state.helpShown {
      help(&frame)
    } else if let text = state.sharedText {
      shared(text, &frame)
    } else {
      switch state.screen {
      case .random: random(state, &frame)
      case .favorites: favorites(state, &frame)
      case .quote: quote(state, localTime: localTime, &frame)
      }
    }
    status(state, &frame)
    footer(state, &frame)
    return frame
  }

  // MARK: - Parts of every screen

  private static func tabs(_ state: AppState, _ frame: inout ScreenFrame) {
    let onRandom = state.screen == .random
    frame.put(" Random ", row: 0, column: 0, role: onRandom ? .activeTab : .tab)
    frame.put(" Favorites ", row: 0, column: 9, role: onRandom ? .tab : .activeTab)
    let name = "powerquotes"
    frame.put(name, row: 0, column: frame.size.columns - name.count - 1, role: .title)
  }

  private static let spinnerSteps: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  private static func status(_ state: AppState, _ frame: inout ScreenFrame) {
    let row = frame.size.rows - 2
    var count = ""
    if state.screen == .favorites && state.favoritesLoaded {
      count =
        state.visible == nil
        ? "\(state.favorites.count) favorites"
        : "\(state.visibleCount) of \(state.favorites.count)"
    }
    let countWidth = TerminalText.displayWidth(count)
    // A sentence leaves the count its room.
    let room = frame.size.columns - (countWidth > 0 ? countWidth + 2 : 0)
    if let message = state.message {
      let role: ScreenRole =
        switch message.kind {
        case .note: .status
        case .flash: .flash
        case .alert: .alert
        case .error: .error
        }
      frame.put(" " + message.text + " ", row: row, width: room, role: role)
    } else if state.fetching {
      let step = spinnerSteps[state.spinner % spinnerSteps.count]
      frame.put(" \(step) Fetching a quote…", row: row, width: room, role: .status)
    }
    if countWidth > 0 {
      frame.put(count, row: row, column: frame.size.columns - countWidth - 1, role: .muted)
    }
  }

  private static func footer(_ state: AppState, _ frame: inout ScreenFrame) {
    let keys: [(String, String)]
    if state.confirmingRemove {
      keys = [("y", "remove"), ("n", "keep")]
    } else if state.helpShown || state.sharedText != nil {
      keys = [("any key", "back")]
    } else {
      switch state.screen {
      case .random:
        keys = [
          ("n", "next"), ("f", "favorite"), ("s", "share"), ("i", "picture"), ("Tab", "favorites"),
          ("?", "help"), ("q", "quit"),
        ]
      case .favorites where state.searching:
        keys = [("letters", "filter"), ("Enter", "table"), ("Esc", "clear"), ("Tab", "random")]
      case .favorites:
        keys = [
          ("↑↓", "move"), ("/", "search"), ("Enter", "open"), ("Tab", "random"), ("?", "help"),
          ("q", "quit"),
        ]
      case .quote:
        keys = [
          ("s", "share"), ("i", "picture"), ("d", "delete"), ("e", "edit"), ("u", "undo"),
          ("Esc", "back"), ("?", "help"), ("q", "quit"),
        ]
      }
    }
    let row = frame.size.rows - 1
    var column = 1
    for (key, word) in keys {
      let width = TerminalText.displayWidth(key) + 1 + TerminalText.displayWidth(word)
      guard column + width < frame.size.columns else { break }
      frame.put(key, row: row, column: column, role: .key)
      frame.put(word, row: row, column: column + TerminalText.displayWidth(key) + 1, role: .footer)
      column += width + 2
    }
  }

  // MARK: - Screens

  /// The body: every row between the tabs and the status line.
  private static func bodyRows(_ size: ScreenSize) -> Range<Int> { 1..<(size.rows - 2) }

  private static func random(_ state: AppState, _ frame: inout ScreenFrame) {
    guard let quote = state.quote else {
      let rows = bodyRows(frame.size)
      let text = state.fetching ? "Fetching a quote…" : "No quote yet: press n."
      let width = TerminalText.displayWidth(text)
      frame.put(
        text, row: (rows.lowerBound + rows.upperBound) / 2,
        column: max(0, (frame.size.columns - width) / 2), role: .muted)
      return
    }
    let card = cardLines(quote, columns: frame.size.columns)
    place(card: card, extra: [], in: bodyRows(frame.size), &frame)
  }

  private static func quote(
    _ state: AppState, localTime: LocalTime, _ frame: inout ScreenFrame
  ) {
    guard let favorite = state.opened else { return }
    let detail = lines(
      FavoriteDetailView.render(
        favorite, width: cardWidth(frame.size.columns), painter: TextPainter(enabled: false),
        localTime: localTime))
    // The detail starts with the card as `random` draws it: its lines, then the facts.
    let cardCount = cardLines(favorite.quote, columns: frame.size.columns).count
    place(
      card: Array(detail.prefix(cardCount)), extra: Array(detail.dropFirst(cardCount)),
      in: bodyRows(frame.size), &frame)
  }

  private static func favorites(_ state: AppState, _ frame: inout ScreenFrame) {
    let columns = frame.size.columns
    let searchText =
      state.search.isEmpty && !state.searching
      ? "/ Search authors"
      : "/ " + UntrustedText.sanitized(state.search) + (state.searching ? "▏" : "")
    frame.put(
      " " + searchText, row: 1, width: columns, role: state.searching ? .search : .muted)
    let authorWidth = max(12, min(28, columns / 4))
    let tagsWidth = columns >= 80 ? min(24, columns / 6) : 0
    let quoteColumn = 1 + authorWidth + 1
    let quoteWidth = columns - quoteColumn - (tagsWidth > 0 ? tagsWidth + 2 : 1)
    let tagsColumn = quoteColumn + quoteWidth + 1
    frame.put("Author", row: 2, column: 1, role: .heading)
    frame.put("Quote", row: 2, column: quoteColumn, role: .heading)
    if tagsWidth > 0 { frame.put("Tags", row: 2, column: tagsColumn, role: .heading) }
    let first = 3
    let height = tableHeight(frame.size)
    guard state.favoritesLoaded else {
      let text = state.favoritesNotRead ? notRead : "Reading favorites…"
      frame.put(text, row: first, column: 1, width: columns - 2, role: .muted)
      return
    }
    if state.visibleCount == 0 {
      let text =
        state.favorites.count == 0
        ? "No favorites yet: press f on a random quote to save it."
        : "No author matches \u{201C}\(UntrustedText.sanitized(state.search))\u{201D}."
      frame.put(text, row: first, column: 1, role: .muted)
      return
    }
    for offset in 0..<height {
      let index = state.top + offset
      guard index < state.visibleCount else { break }
      let row = state.row(atVisible: index)
      let author = state.favorites.author(row)
      let quote = state.favorites.quoteStart(row)
      let tags = tagsWidth > 0 ? state.favorites.tags(row) : ""
      if index == state.selected && !state.searching {
        var line =
          " "
          + TerminalText.padded(
            TerminalText.truncated(author, width: authorWidth), toWidth: authorWidth)
          + " "
          + TerminalText.padded(
            TerminalText.truncated(quote, width: quoteWidth), toWidth: quoteWidth)
        if tagsWidth > 0 { line += " " + TerminalText.truncated(tags, width: tagsWidth) }
        frame.put(line, row: first + offset, width: columns, role: .selected, filled: true)
      } else {
        frame.put(author, row: first + offset, column: 1, width: authorWidth, role: .author)
        frame.put(quote, row: first + offset, column: quoteColumn, width: quoteWidth)
        if tagsWidth > 0 {
          frame.put(tags, row: first + offset, column: tagsColumn, width: tagsWidth, role: .muted)
        }
      }
    }
  }

  private static func help(_ frame: inout ScreenFrame) {
    let keys: [(String, String)] = [
      ("Tab", "switch between Random and Favorites"),
      ("n, Space", "next quote"),
      ("f", "save the quote as a favorite"),
      ("s", "share: copy the share text, or show it"),
      ("i", "write the card's picture (PNG) in this folder"),
      ("/", "search favorites by author"),
      ("↑↓ PgUp PgDn", "move in the table (Home, End)"),
      ("Enter", "open the favorite"),
      ("d", "delete the favorite (asks; u undoes)"),
      ("e", "edit the favorite in $EDITOR"),
      ("u", "undo the last change"),
      ("r", "read the favorites again"),
      ("Esc, ←", "back to the table"),
      ("q, Ctrl-C", "quit"),
    ]
    let rows = bodyRows(frame.size)
    frame.put("Keys", row: rows.lowerBound + 1, column: 2, role: .title)
    for (offset, (key, text)) in keys.enumerated() {
      let row = rows.lowerBound + 2 + offset
      guard row < rows.upperBound else { break }
      frame.put(key, row: row, column: 2, width: 14, role: .key)
      frame.put(text, row: row, column: 17)
    }
  }

  private static func shared(_ text: String, _ frame: inout ScreenFrame) {
    let rows = bodyRows(frame.size)
    frame.put(
      "No clipboard tool: select the share text.", row: rows.lowerBound + 1, column: 2,
      role: .title)
    let wrapped = TerminalText.wrap(text, width: frame.size.columns - 4)
    for (offset, line) in wrapped.enumerated() {
      let row = rows.lowerBound + 3 + offset
      guard row < rows.upperBound else { break }
      frame.put(line, row: row, column: 2)
    }
  }

  // MARK: - The card

  private static func cardWidth(_ columns: Int) -> Int { columns - 4 }

  /// The card's lines as `random` draws it, for a window `columns` wide.
  private static func cardLines(_ quote: Quote, columns: Int) -> [String] {
    lines(
      QuoteCardView.render(quote, width: cardWidth(columns), painter: TextPainter(enabled: false)))
  }

  private static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Places the card, then `extra` lines, centred in `rows`; a card taller than the room
  /// loses its blank lines first, then its last text lines.
  private static func place(
    card: [String], extra: [String], in rows: Range<Int>, _ frame: inout ScreenFrame
  ) {
    var card = card
    let isFramed = card.first?.hasPrefix("╭") == true
    // Which card lines are the author's: those after the last blank line inside.
    let blank =
      isFramed
      ? "│"
        + String(
          repeating: " ", count: max(0, (card.first.map(TerminalText.displayWidth) ?? 2) - 2)) + "│"
      : ""
    let lastBlank = card.lastIndex(of: blank) ?? card.count
    var kinds: [ScreenRole] = card.indices.map { index in
      if isFramed && (index == 0 || index == card.count - 1) { return .border }
      if index == (isFramed ? 1 : 0) { return .title }
      return index > lastBlank ? .author : .plain
    }
    var room = rows.count
    var extra = extra
    // Facts go before any line of the card.
    while card.count + extra.count > room && !extra.isEmpty { extra.removeLast() }
    while card.count > room,
      let index = card.indices.dropFirst().dropLast().last(where: { card[$0] == blank })
    {
      card.remove(at: index)
      kinds.remove(at: index)
    }
    room = rows.count
    if card.count > room {
      // Keep the top, the author and the bottom border; cut the text in between.
      let keepEnd = isFramed ? 2 : 1
      let cut = card.count - room
      let start = max(1, card.count - keepEnd - cut)
      card.removeSubrange(start..<(start + cut))
      kinds.removeSubrange(start..<(start + cut))
    }
    let width = card.map(TerminalText.displayWidth).max() ?? 0
    let column = max(0, (frame.size.columns - width) / 2)
    let used = card.count + extra.count
    var row = rows.lowerBound + max(0, (rows.count - used) / 2)
    for (line, kind) in zip(card, kinds) {
      if isFramed && kind != .border, line.hasPrefix("│"), line.hasSuffix("│") {
        let inner = String(line.dropFirst().dropLast())
        frame.put("│", row: row, column: column, role: .border)
        frame.put(inner, row: row, column: column + 1, role: kind)
        frame.put(
          "│", row: row, column: column + 1 + TerminalText.displayWidth(inner), role: .border)
      } else {
        frame.put(line, row: row, column: column, role: kind)
      }
      row += 1
    }
    for line in extra {
      frame.put(line, row: row, column: column, role: .muted)
      row += 1
    }
  }
}
