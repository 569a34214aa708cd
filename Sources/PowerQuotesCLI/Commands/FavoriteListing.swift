import PowerQuotesCore

/// Favorites as `fav list`, `fav search` and the shell's `list`, `search` and `more` show them: a
/// table a page at a time through one ``FavoritePager``, a JSON array, or the sentence that says
/// there are none.
///
/// Rows are streamed from the database, so a long list is never all in memory.
struct FavoriteListing: ShellContinuation {
  private var pager: FavoritePager
  /// Only favorites with this tag, when given.
  private let tag: FavoriteTag?
  /// Only favorites whose work matches this, when given.
  private let work: String?
  private let env: AppEnvironment
  /// Rows a page shows; nil for the whole list on one page.
  private let pageSize: Int?
  /// At most how many rows the whole list shows (`--limit`), when not paged.
  private let limit: Int?
  /// Whether the list ended early (favorites were removed since it began).
  private var ended = false

  /// Shows the favorites (those whose author contains `author` and that have `tag`, when
  /// given): the first page of `pageSize` rows, or all of them (the first `limit`, when
  /// given).
  ///
  /// - Returns: the listing, to go on with `more`; nil for JSON, which is never paged.
  @discardableResult
  static func show(
    author: String?,
    tag: FavoriteTag? = nil,
    work: String? = nil,
    format: OutputFormat,
    env: AppEnvironment,
    pageSize: Int? = nil,
    limit: Int? = nil
  ) throws -> FavoriteListing? {
    let controller = try env.favoritesController()
    switch format {
    case .json:
      var output = BufferedOutput(env.console)
      var array = JSONArrayView()
      output.append(array.opening)
      let listed = try controller.forEachRow(
        author: author, tag: tag, work: work, limit: limit
      ) {
        array.appendElement($0, to: &output.bytes)
        output.lineEnded()
      }
      output.append(array.closing)
      output.flush()
      try listed.requireNoneLeftOut()
      return nil
    case .text:
      let shape =
        try FavoriteListView.shape {
          try controller.listSize(author: author, tag: tag, work: work, authors: $0)
        } ?? FavoriteListShape(count: 0, largestID: 0, widestAuthor: 0)
      var listing = FavoriteListing(
        pager: FavoritePager(
          author: author, shape: shape, width: env.terminal.width, painter: env.painter),
        tag: tag,
        work: work,
        env: env,
        pageSize: pageSize,
        limit: limit
      )
      if shape.count == 0 {
        env.console.note(
          tag.map { "No favorites tagged '\(UntrustedText.sanitized($0.name))'." }
            ?? FavoritePager.empty(author: author, work: work))
      } else {
        try listing.showPage(controller)
      }
      return listing
    }
  }

  mutating func more() async throws {
    guard !pager.isFinished && !ended else {
      env.console.note(FavoritePager.nothingMore)
      return
    }
    try showPage(env.favoritesController())
  }

  mutating func back() async throws {
    env.console.note("'back' turns the pages of 'browse'; type 'browse' first.")
  }

  private mutating func showPage(_ controller: FavoritesController) throws {
    let first = pager.shown + 1
    var output = BufferedOutput(env.console)
    guard let pageSize else {
      output.append(pager.header())
      try controller.forEachRow(
        author: pager.author, tag: tag, work: work, limit: limit, columns: .table
      ) {
        pager.appendRow($0, to: &output.bytes)
        output.lineEnded()
      }
      output.flush()
      return
    }
    // The header goes before the first row: a page that comes back empty prints none.
    let count = try controller.forEachRow(
      author: pager.author, tag: tag, work: work, after: pager.lastID, limit: pageSize,
      columns: .table
    ) { row in
      if pager.shown == first - 1 { output.append(pager.header()) }
      pager.appendRow(row, to: &output.bytes)
      output.lineEnded()
    }.count
    guard count > 0 else {
      ended = true
      env.console.note(FavoritePager.endedEarly)
      return
    }
    output.flush()
    env.console.note(pager.position(from: first))
  }
}
