import CTerminal
import Foundation
import PowerQuotesCore
import Synchronization

/// The full-screen app's driver: the one owner of the terminal.
///
/// It reads keys, hands them to
/// ``AppController``, performs the effects with ``AppWorker`` off the loop (their results come
/// back as events), and draws ``AppScreenView``'s frames with ncursesw (CTerminal). Every way
/// out — `q`, Ctrl-C, SIGTERM, SIGHUP, an error — gives the terminal back first.
struct TerminalApp {
  /// Why the app cannot start, as one sentence.
  enum StartError: LocalizedError {
    case noTerminal
    case dumbTerminal
    case tooSmall(ScreenSize)
    case noCurses(String)

    var errorDescription: String? {
      switch self {
      case .noTerminal:
        "The app needs a terminal; run a command instead (see 'powerquotes --help')."
      case .dumbTerminal:
        "This terminal (TERM=dumb) cannot show the app; use 'powerquotes shell' or a command."
      case .tooSmall(let size): AppScreenView.tooSmall(size)
      case .noCurses(let reason):
        "The app needs ncursesw (Debian's libncursesw6): \(UntrustedText.sanitized(reason))."
      }
    }
  }

  /// How the app ended.
  enum Ending {
    /// `q`.
    case quit
    /// Ctrl-C.
    case interrupted
    /// SIGTERM or SIGHUP.
    case signal(Int32)
  }

  let env: AppEnvironment

  /// Checks that the app can start here; the sentence says why not.
  static func check(_ env: AppEnvironment) throws(StartError) {
    guard env.terminal.inputIsTerminal && env.terminal.outputIsTerminal else {
      throw .noTerminal
    }
    let term = env.environment["TERM"] ?? ""
    guard !term.isEmpty && term != "dumb" else { throw .dumbTerminal }
    let size = ScreenSize(rows: env.terminal.height, columns: env.terminal.width)
    guard size.fitsApp else { throw .tooSmall(size) }
  }

  /// Runs the app until it ends.
  func run() async throws -> Ending {
    try Self.check(env)
    // Loaded here, and only here: no other start maps libncursesw.
    guard pq_term_load() != 0, pq_term_start() != 0 else {
      throw StartError.noCurses(String(cString: pq_term_error()))
    }
    defer { pq_term_end() }
    let inbox = Inbox()
    // Written on the screen, a line on standard error would tear it: each is a status line.
    let standardError = StandardErrorCapture { inbox.post(.said($0)) }
    defer { standardError.end() }
    let screen = Screen(
      palette: .forTerminal(colors: Int(pq_term_colors()), allowed: env.terminal.usesColor))
    // `i` writes picture cards where the app was started, as `share --image NAME` would.
    let worker = AppWorker(env: env, pictures: FileManager.default.currentDirectoryPath)
    var (state, effects) = AppController.start(size: Screen.size())
    var lastTick = ContinuousClock.now
    while true {
      for effect in effects {
        switch effect {
        case .quit:
          break
        case .edit(let id):
          inbox.post(await edit(id, standardError: standardError))
        default:
          inbox.started()
          Task.detached {
            let event = await worker.perform(effect)
            inbox.finished(event)
          }
        }
      }
      effects = []
      if state.quitting { return .quit }
      screen.draw(AppScreenView.render(state, localTime: env.localTime))
      // Wait for a key: not at all when work came back, briefly while work is out or something
      // moves. (Asked in one step: work that comes back in between is seen as come back.)
      let timeout: Int32 =
        switch inbox.waiting {
        case .events: 0
        case .work: 15
        case .nothing: AppController.wantsTicks(state) ? 100 : 1000
        }
      let code = pq_term_read_key(timeout)
      if code == Int32(PQ_KEY_SIGNAL) {
        return .signal(pq_term_pending_signal())
      }
      var events: [AppEvent] = []
      if code == Int32(PQ_KEY_RESIZE) {
        events.append(.resize(Screen.size()))
      } else if let key = Self.key(code) {
        if key == .interrupt {
          _ = AppController.update(&state, .key(key))
          return .interrupted
        }
        events.append(.key(key))
      }
      events += inbox.take()
      if AppController.wantsTicks(state), ContinuousClock.now - lastTick >= .milliseconds(100) {
        lastTick = .now
        events.append(.tick)
      }
      for event in events {
        effects += AppController.update(&state, event)
      }
    }
  }

  /// Edits favorite `id` with `fav edit`'s form in `$EDITOR`, the terminal handed over
  /// meanwhile; what `fav edit` says becomes the event.
  private func edit(_ id: Int64, standardError: StandardErrorCapture) async -> AppEvent {
    pq_term_suspend()
    // The editor has the terminal, standard error included.
    standardError.pause()
    defer {
      standardError.resume()
      pq_term_resume()
    }
    let said = Mutex("")
    var env = env
    env.console = Console(
      out: { text in said.withLock { $0 += text } }, err: { text in said.withLock { $0 += text } })
    do {
      let command = try Favorites.Edit.parse([String(id)])
      try await command.run(env)
      let sentence = said.withLock { $0 }.trimmingCharacters(in: .whitespacesAndNewlines)
      return .libraryChanged(UntrustedText.sanitized(sentence))
    } catch {
      let sentence = said.withLock { $0 }.trimmingCharacters(in: .whitespacesAndNewlines)
      return .failed(
        sentence.isEmpty ? AppScreenView.sentence(for: error) : UntrustedText.sanitized(sentence))
    }
  }

  /// The key for a code from `pq_term_read_key`, or nil for none.
  static func key(_ code: Int32) -> AppKey? {
    switch code {
    case Int32(PQ_KEY_UP): .up
    case Int32(PQ_KEY_DOWN): .down
    case Int32(PQ_KEY_LEFT): .left
    case Int32(PQ_KEY_RIGHT): .right
    case Int32(PQ_KEY_PAGE_UP): .pageUp
    case Int32(PQ_KEY_PAGE_DOWN): .pageDown
    case Int32(PQ_KEY_HOME): .home
    case Int32(PQ_KEY_END): .end
    case Int32(PQ_KEY_BACKSPACE), 8, 127: .backspace
    case Int32(PQ_KEY_ENTER), 10, 13: .enter
    case Int32(PQ_KEY_BACK_TAB): .backTab
    case Int32(PQ_KEY_DELETE): .delete
    case Int32(PQ_KEY_WHEEL_UP): .wheelUp
    case Int32(PQ_KEY_WHEEL_DOWN): .wheelDown
    case 3: .interrupt
    case 9: .tab
    case 27: .escape
    case 0..<32, 0x7F..<0xA0: nil
    case 0..<0x110000: Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
    default: nil
    }
  }
}

/// Events that work done off the loop hands back, and how much work is out.
private final class Inbox: Sendable {
  private let state = Mutex((events: [AppEvent](), out: 0))

  /// What there is to wait for.
  enum Waiting { case events, work, nothing }

  /// Whether events wait to be taken, or work is out, or neither.
  var waiting: Waiting {
    state.withLock { !$0.events.isEmpty ? .events : $0.out > 0 ? .work : .nothing }
  }

  /// Work went out.
  func started() { state.withLock { $0.out += 1 } }

  /// Work came back, with `event` when it has one.
  func finished(_ event: AppEvent?) {
    state.withLock {
      $0.out -= 1
      if let event { $0.events.append(event) }
    }
  }

  /// An event from the loop itself.
  func post(_ event: AppEvent) { state.withLock { $0.events.append(event) } }

  /// The events handed back since last asked.
  func take() -> [AppEvent] {
    state.withLock {
      let events = $0.events
      $0.events = []
      return events
    }
  }
}

/// Draws frames with ncursesw: roles become attributes and colour pairs.
private final class Screen {
  let palette: ScreenPalette
  private var pairs: [ScreenAttributes: Int32] = [:]

  init(palette: ScreenPalette) { self.palette = palette }

  static func size() -> ScreenSize {
    var rows: Int32 = 0
    var columns: Int32 = 0
    pq_term_size(&rows, &columns)
    return ScreenSize(rows: Int(rows), columns: Int(columns))
  }

  func draw(_ frame: ScreenFrame) {
    pq_term_erase()
    for (number, runs) in frame.rows.enumerated() {
      for run in runs {
        let attributes = palette.attributes(run.role)
        var bits: Int32 = 0
        if attributes.bold { bits |= Int32(PQ_ATTR_BOLD) }
        if attributes.reverse { bits |= Int32(PQ_ATTR_REVERSE) }
        if attributes.italic { bits |= Int32(PQ_ATTR_ITALIC) }
        let pair = pair(attributes)
        var text = run.text
        text.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            pq_term_put(
              Int32(number), Int32(run.column), $0.baseAddress, Int32($0.count), bits, pair)
          }
        }
      }
    }
    pq_term_show()
  }

  /// The colour pair of `attributes`' colours, defined on first use; 0 for none.
  private func pair(_ attributes: ScreenAttributes) -> Int32 {
    guard attributes.foreground != nil || attributes.background != nil else { return 0 }
    let colours = ScreenAttributes(
      foreground: attributes.foreground, background: attributes.background)
    if let pair = pairs[colours] { return pair }
    let pair = Int32(pairs.count + 1)
    pq_term_define_pair(pair, Int32(colours.foreground ?? -1), Int32(colours.background ?? -1))
    pairs[colours] = pair
    return pair
  }
}

/// Standard error sent, line by line, to a function instead of the terminal, until ``end()``.
///
/// Descriptor 2 is pointed at a pipe that a thread of its own reads; ``pause()`` points it back
/// at the terminal for a while (the editor's turn), ``end()`` for good.
final class StandardErrorCapture: Sendable {
  /// Whether one is capturing now: standard error is then a pipe, but a person watches.
  static var isActive: Bool { active.load(ordering: .relaxed) }
  private static let active = Atomic(false)

  /// The terminal's standard error, kept; -1 when the pipe could not be made.
  private let saved: Int32
  /// The pipe's writing end.
  private let writer: Int32

  init(_ line: @escaping @Sendable (String) -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      (saved, writer) = (-1, -1)
      return
    }
    let reader = ends[0]
    saved = dup(STDERR_FILENO)
    writer = ends[1]
    _ = fcntl(reader, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writer, F_SETFD, FD_CLOEXEC)
    dup2(writer, STDERR_FILENO)
    Self.active.store(true, ordering: .relaxed)
    Thread.detachNewThread {
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(reader, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        pending += buffer[..<count]
        while let end = pending.firstIndex(of: 0x0A) {
          let text = String(decoding: pending[..<end], as: UTF8.self)
          pending.removeSubrange(...end)
          if !text.isEmpty { line(text) }
        }
      }
      if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
      close(reader)
    }
  }

  /// Standard error to the terminal again for a while.
  func pause() {
    if saved >= 0 { dup2(saved, STDERR_FILENO) }
  }

  /// Standard error to the status line again.
  func resume() {
    if saved >= 0 { dup2(writer, STDERR_FILENO) }
  }

  /// Standard error to the terminal for good; the reading thread ends with the pipe.
  func end() {
    guard saved >= 0 else { return }
    Self.active.store(false, ordering: .relaxed)
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(writer)
  }
}
