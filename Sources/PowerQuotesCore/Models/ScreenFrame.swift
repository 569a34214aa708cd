/// The size of a terminal screen, in rows and columns.
public struct ScreenSize: Equatable, Sendable, CustomStringConvertible {
  /// Rows, top to bottom.
  public var rows: Int
  /// Columns, left to right.
  public var columns: Int

  /// Makes a size.
  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }

  /// The smallest screen the app draws itself on: 40 columns by 12 rows.
  public static let smallest = ScreenSize(rows: 12, columns: 40)

  /// Whether the app fits: at least ``smallest`` both ways.
  public var fitsApp: Bool { rows >= Self.smallest.rows && columns >= Self.smallest.columns }

  /// "80x24".
  public var description: String { "\(columns)x\(rows)" }
}

/// What a part of the screen is: the views say what, ``ScreenPalette`` says how it looks.
public enum ScreenRole: String, CaseIterable, Sendable {
  /// Text with nothing special about it.
  case plain
  /// A tab not shown.
  case tab
  /// The tab shown.
  case activeTab
  /// The app's name and headings on the quote card ("Dear Self,").
  case title
  /// The card's frame.
  case border
  /// A table's column headings.
  case heading
  /// An author's name.
  case author
  /// Facts and counts in the background.
  case muted
  /// The row the arrows are on.
  case selected
  /// The search bar.
  case search
  /// The status line's note (the offline note, a count).
  case status
  /// A flashed sentence ("Favorite added!").
  case flash
  /// A sentence that stays until a key is pressed ("Already a Favorite", a question).
  case alert
  /// An error.
  case error
  /// The footer's words.
  case footer
  /// The footer's keys.
  case key
}

/// One frame of the full-screen app: rows of text runs, each with its ``ScreenRole``.
///
/// The views make it; the terminal driver draws it; tests write it as text
/// (``snapshot(palette:)``). Its text is already clean (``UntrustedText``) and fitted: a run
/// never reaches past the frame's width, and runs on a row never overlap.
public struct ScreenFrame: Equatable, Sendable {
  /// A piece of text at a column.
  public struct Run: Equatable, Sendable {
    /// The first column.
    public var column: Int
    /// The text, which takes ``width`` columns.
    public var text: String
    /// Its columns.
    public var width: Int
    /// What it is.
    public var role: ScreenRole
  }

  /// The frame's size.
  public var size: ScreenSize
  /// The runs of each row, left to right.
  public private(set) var rows: [[Run]]

  /// An empty frame of `size`.
  public init(size: ScreenSize) {
    self.size = size
    rows = Array(repeating: [], count: max(size.rows, 0))
  }

  /// Writes `text` (clean text) at `row` from `column`.
  ///
  /// It is cut to the frame's width with "…" when
  /// it is wider, and to `width` columns when given; with `filled`, padded with spaces to that
  /// width (a highlighted row). Text after a run already on the row moves past it.
  public mutating func put(
    _ text: String, row: Int, column: Int = 0, width: Int? = nil, role: ScreenRole = .plain,
    filled: Bool = false
  ) {
    guard rows.indices.contains(row) else { return }
    let start = max(column, rows[row].last.map { $0.column + $0.width } ?? 0)
    let room = min(width.map { column + $0 } ?? size.columns, size.columns) - start
    guard room > 0 else { return }
    var fitted = TerminalText.truncated(text, width: room)
    var fittedWidth = TerminalText.displayWidth(fitted)
    if filled && fittedWidth < room {
      fitted += String(repeating: " ", count: room - fittedWidth)
      fittedWidth = room
    }
    guard fittedWidth > 0 else { return }
    rows[row].append(Run(column: start, text: fitted, width: fittedWidth, role: role))
  }

  /// The frame's text, one line a row without trailing spaces.
  public var text: String {
    rows.map { runs in
      var line = ""
      var column = 0
      for run in runs {
        line += String(repeating: " ", count: max(0, run.column - column)) + run.text
        column = run.column + run.width
      }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

  /// The frame as a snapshot test keeps it: its text in a box of its width, then each styled
  /// run as `row:first-last attributes` with `palette`'s attributes.
  public func snapshot(palette: ScreenPalette) -> String {
    let edge = "+" + String(repeating: "-", count: size.columns) + "+"
    var lines = [edge]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(line)
      lines.append(
        "|" + line
          + String(repeating: " ", count: max(0, size.columns - TerminalText.displayWidth(line)))
          + "|")
    }
    lines.append(edge)
    for (number, runs) in rows.enumerated() {
      for run in runs {
        let attributes = palette.attributes(run.role)
        guard attributes != ScreenAttributes() else { continue }
        lines.append("\(number):\(run.column)-\(run.column + run.width - 1) \(attributes)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
