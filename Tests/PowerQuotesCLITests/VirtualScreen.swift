import PowerQuotesCore

/// What a terminal shows after a program's output: enough of xterm's control sequences (those
/// ncurses sends for TERM=xterm) to read a full-screen program's screen as text in a test.
struct VirtualScreen {
  private(set) var cells: [[String]]
  private var row = 0
  private var column = 0
  private var top = 0
  private var bottom: Int
  private var last = " "
  let columns: Int
  let rows: Int

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    bottom = rows - 1
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen after `output`, from blank.
  static func after(_ output: String, columns: Int, rows: Int) -> VirtualScreen {
    var screen = VirtualScreen(columns: columns, rows: rows)
    screen.feed(output)
    return screen
  }

  /// The screen's text, a line a row, without trailing spaces.
  var text: String {
    cells.map { line in
      var text = line.joined()
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  mutating func feed(_ output: String) {
    var scalars = Array(output.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\u{1B}": escape(&scalars)
      case "\r": column = 0
      case "\n": lineFeed()
      case "\u{08}": column = max(0, column - 1)
      case "\t": column = min(columns - 1, (column / 8 + 1) * 8)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: break
      default: put(scalar)
      }
    }
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let text = String(scalar)
    let width = TerminalText.displayWidth(text)
    if width == 0 {
      let previous = max(0, column - 1)
      cells[row][previous] += text
      return
    }
    if column + width > columns {
      column = 0
      lineFeed()
    }
    cells[row][column] = text
    if width == 2 && column + 1 < columns { cells[row][column + 1] = "" }
    column += width
    last = text
    if column >= columns { column = columns - 1 }
  }

  private mutating func lineFeed() {
    if row == bottom { scroll(up: 1) } else { row = min(rows - 1, row + 1) }
  }

  private mutating func scroll(up count: Int) {
    for _ in 0..<count {
      cells.remove(at: top)
      cells.insert(Array(repeating: " ", count: columns), at: bottom)
    }
  }

  private mutating func scroll(down count: Int) {
    for _ in 0..<count {
      cells.remove(at: bottom)
      cells.insert(Array(repeating: " ", count: columns), at: top)
    }
  }

  private mutating func escape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
    guard let next = scalars.popFirst() else { return }
    switch next {
    case "[": control(&scalars)
    case "(", ")": _ = scalars.popFirst()
    case "M": if row == top { scroll(down: 1) } else { row = max(0, row - 1) }
    case "D": lineFeed()
    case "E":
      column = 0
      lineFeed()
    default: break  // "=", ">", "7", "8": nothing on the screen's text
    }
  }

  private mutating func control(_ scalars: inout ArraySlice<Unicode.Scalar>) {
    var parameters = ""
    var final: Unicode.Scalar = "m"
    while let scalar = scalars.popFirst() {
      if (0x40...0x7E).contains(scalar.value) {
        final = scalar
        break
      }
      parameters.unicodeScalars.append(scalar)
    }
    if parameters.hasPrefix("?") {
      // Private modes: 1049 switches screens (cleared either way here).
      if parameters.contains("1049") { clear() }
      return
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    func number(_ index: Int, _ fallback: Int = 1) -> Int {
      index < numbers.count && numbers[index] > 0 ? numbers[index] : fallback
    }
    let blank = Array(repeating: " ", count: columns)
    switch final {
    case "H", "f":
      row = min(rows - 1, number(0) - 1)
      column = min(columns - 1, number(1) - 1)
    case "A": row = max(0, row - number(0))
    case "B": row = min(rows - 1, row + number(0))
    case "C": column = min(columns - 1, column + number(0))
    case "D": column = max(0, column - number(0))
    case "d": row = min(rows - 1, number(0) - 1)
    case "G", "`": column = min(columns - 1, number(0) - 1)
    case "K":
      switch number(0, 0) {
      case 1: for index in 0...column { cells[row][index] = " " }
      case 2: cells[row] = blank
      default: for index in column..<columns { cells[row][index] = " " }
      }
    case "J":
      switch number(0, 0) {
      case 2, 3: clear()
      case 1:
        for index in 0..<row { cells[index] = blank }
        for index in 0...column { cells[row][index] = " " }
      default:
        for index in column..<columns { cells[row][index] = " " }
        for index in (row + 1)..<rows { cells[index] = blank }
      }
    case "X":
      for index in column..<min(columns, column + number(0)) { cells[row][index] = " " }
    case "@":
      for _ in 0..<number(0) {
        cells[row].insert(" ", at: column)
        cells[row].removeLast()
      }
    case "P":
      for _ in 0..<number(0) {
        cells[row].remove(at: column)
        cells[row].append(" ")
      }
    case "L":
      for _ in 0..<number(0) where row <= bottom {
        cells.remove(at: bottom)
        cells.insert(blank, at: row)
      }
    case "M":
      for _ in 0..<number(0) where row <= bottom {
        cells.remove(at: row)
        cells.insert(blank, at: bottom)
      }
    case "S": scroll(up: number(0))
    case "T": scroll(down: number(0))
    case "r":
      top = number(0) - 1
      bottom = min(rows - 1, number(1, rows) - 1)
      row = 0
      column = 0
    case "b":
      for _ in 0..<number(0) { put(last.unicodeScalars.first ?? " ") }
    default:
      break  // m (attributes), t (window), and the rest: nothing on the text
    }
  }

  private mutating func clear() {
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }
}
