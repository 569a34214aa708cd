// powerquotes-bench: a benchmark, not a test. It measures; it asserts nothing.
//
//   swift run -c release powerquotes-bench [--sizes 1000,10000,100000] [--keep DIR]
//   swift run -c release powerquotes-bench --app DATABASE
//
// For each size it fills a temporary database file with that many favorites (and as many pool
// quotes), then prints the median time of: adding a favorite (with the duplicate check), adding a
// duplicate, an author search, listing every favorite, and an offline random quote.
// With --keep DIR the filled databases stay in DIR (powerquotes-N.sqlite), so the real binary can
// be measured against them, e.g. with `/usr/bin/time -v powerquotes fav list --database ...`.
//
// With --app DATABASE it measures the full-screen app's table on that database instead (what
// Benchmarks/compare.sh runs on its 100,000 favorites): reading it into memory, filtering it
// by author, and from a key to the next frame (AppController.update, then AppScreenView.render)
// while typing in the search bar and while scrolling, at 80x24 and 120x40; and the peak RSS.
// The terminal's own drawing (ncurses) is not in it.
import Foundation
import PowerQuotesCore

struct Options {
  var sizes = [1_000, 10_000, 100_000]
  var keep: String?
  var app: String?

  init(arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--sizes":
        let list = rest.popFirst()?.split(separator: ",").compactMap { Int($0) } ?? []
        guard !list.isEmpty, list.allSatisfy({ $0 > 0 }) else {
          throw UsageError(message: "--sizes takes positive numbers separated by commas.")
        }
        sizes = list
      case "--keep":
        guard let folder = rest.popFirst() else {
          throw UsageError(message: "--keep takes a folder.")
        }
        keep = folder
      case "--app":
        guard let path = rest.popFirst() else {
          throw UsageError(message: "--app takes a database.")
        }
        app = path
      case "-h", "--help":
        throw UsageError(message: "usage: powerquotes-bench [--sizes 1000,10000] [--keep DIR]")
      default:
        throw UsageError(message: "Unknown argument '\(argument)'. See --help.")
      }
    }
  }
}

struct UsageError: Error {
  var message: String
}

/// Authors spread like DummyJSON's: a few prolific ones and a long tail.
let authors =
  [
    "Rumi", "Muhammad Ali", "Umar ibn Al-Khattāb (R.A)", "Abu Bakr (R.A)",
    "Ali ibn Abi Talib (R.A)",
    "Albert Einstein", "Mahatma Gandhi", "Martin Luther King, Jr.", "Bruce Lee", "Maya Angelou",
  ] + (0..<990).map { "Author \($0)" }

func quote(_ n: Int) -> Quote {
  Quote(
    text: "Benchmark quote number \(n): the unexamined life is not worth living, they say.",
    author: authors[(n * 7919) % authors.count],
    source: .manual
  )
}

/// The median of `runs` timings of `body`, in microseconds.
func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<runs {
    let elapsed = try clock.measure(body)
    samples.append(
      Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
  }
  samples.sort()
  return samples[samples.count / 2]
}

func format(_ microseconds: Double) -> String {
  microseconds >= 1000
    ? String(format: "%9.2f ms", microseconds / 1000) : String(format: "%9.1f µs", microseconds)
}

func run(_ options: Options) async throws {
  let folder =
    options.keep
    ?? FileManager.default.temporaryDirectory
    .appending(path: "powerquotes-bench-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { if options.keep == nil { try? FileManager.default.removeItem(atPath: folder) } }

  print("size     operation                                 median")
  for size in options.sizes {
    let path = folder + "/powerquotes-\(size).sqlite"
    try? FileManager.default.removeItem(atPath: path)
    let database = try QuoteDatabase.open(path: path)
    let date = Date()
    for n in 0..<size {
      _ = try database.addFavorite(quote(n), at: date)
      try database.recordShown(quote(n), at: date)
    }
    var next = size
    let add = try median(runs: 200) {
      _ = try database.addFavorite(quote(next), at: date)
      next += 1
    }
    let duplicate = try median(runs: 200) {
      _ = try database.addFavorite(quote(size / 2), at: date)
    }
    var matches = 0
    let search = try median(runs: 200) {
      matches = try database.favorites(authorContaining: "khattab").count
    }
    let rareSearch = try median(runs: 200) {
      _ = try database.favorites(authorContaining: "author 123").count
    }
    let list = try median(runs: size >= 100_000 ? 5 : 20) {
      _ = try database.favorites().count
    }
    let controller = QuoteController(
      database: database,
      client: .failing,
      now: { date },
      randomIndex: { Int.random(in: 0..<$0) }
    )
    var offline: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<200 {
      let elapsed = try await clock.measure { _ = try await controller.random(mode: .offline) }
      offline.append(
        Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    offline.sort()
    let rows: [(String, Double)] = [
      ("add (new, duplicate check)", add),
      ("add (a duplicate)", duplicate),
      ("author search 'khattab' (\(matches) hits)", search),
      ("author search 'author 123' (few hits)", rareSearch),
      ("list all favorites", list),
      ("offline random", offline[offline.count / 2]),
    ]
    for (name, value) in rows {
      print(
        String(size).padding(toLength: 9, withPad: " ", startingAt: 0)
          + name.padding(toLength: 42, withPad: " ", startingAt: 0) + format(value)
      )
    }
  }
  if let keep = options.keep {
    print("Databases kept in \(keep).")
  }
}

/// The full-screen app's table on the database at `path`: see the top of this file.
func runApp(path: String) throws {
  let database = try QuoteDatabase.open(path: path)
  let controller = FavoritesController(database: database, client: .failing, now: { Date() })
  var index = FavoriteIndex()
  // Let go before each reading, as the app does: the peak is one table's.
  let load = try median(runs: 5) {
    index = FavoriteIndex()
    index = try controller.index()
  }
  print("favorites in the table: \(index.count)")
  print(
    "read into memory (median of 5):".padding(toLength: 44, withPad: " ", startingAt: 0)
      + format(load))
  var hits = 0
  let filter = median(runs: 50) { hits = index.rows(matchingAuthor: "umar")?.count ?? 0 }
  print(
    "filter 'umar' (\(hits) rows), median:".padding(toLength: 44, withPad: " ", startingAt: 0)
      + format(filter))
  let clock = ContinuousClock()
  func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
  }
  for size in [ScreenSize(rows: 24, columns: 80), ScreenSize(rows: 40, columns: 120)] {
    var state = AppState(size: size)
    _ = AppController.update(&state, .favoritesLoaded(index))
    _ = AppController.update(&state, .key(.tab))
    func frames(_ keys: [AppKey]) -> [Double] {
      keys.map { key in
        microseconds(
          clock.measure {
            _ = AppController.update(&state, .key(key))
            _ = AppScreenView.render(state, localTime: .system)
          })
      }.sorted()
    }
    let word: [AppKey] = "umar ibn".map { .character($0) }
    let typing = frames(
      Array(
        repeating: [.character("/")] + word + Array(repeating: .backspace, count: word.count)
          + [.escape], count: 10
      ).flatMap { $0 })
    let scrolling = frames(
      Array(repeating: AppKey.pageDown, count: 200) + [.end, .home]
        + Array(repeating: .down, count: 200) + Array(repeating: .wheelUp, count: 100))
    for (name, samples) in [("typing in the search bar", typing), ("scrolling", scrolling)] {
      print(
        "key to frame, \(name), \(size):".padding(toLength: 44, withPad: " ", startingAt: 0)
          + format(samples[samples.count / 2]) + " median, " + format(samples.last ?? 0) + " max")
    }
  }
  var usage = rusage()
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  print(
    "peak RSS:".padding(toLength: 44, withPad: " ", startingAt: 0) + "\(usage.ru_maxrss / 1024) MiB"
  )
}

do {
  let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
  if let app = options.app {
    try runApp(path: app)
    exit(0)
  }
  try await run(options)
} catch let error as UsageError {
  FileHandle.standardError.write(Data((error.message + "\n").utf8))
  exit(64)
} catch {
  FileHandle.standardError.write(Data("powerquotes-bench: \(error.localizedDescription)\n".utf8))
  exit(1)
}
