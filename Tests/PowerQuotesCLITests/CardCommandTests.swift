import ArgumentParser
import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCLI

@Suite("share --image: picture cards")
struct CardCommandTests: CLITestSuite {
  let fixture: CLIFixture
  let folder: TemporaryFolder

  init() throws {
    fixture = try CLIFixture()
    folder = try TemporaryFolder()
  }

  private func env(terminal: TerminalInfo = .plain) -> AppEnvironment {
    .test(database: database, console: console, terminal: terminal)
  }

  /// The files in the test's folder.
  private func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test("fav share ID --image FILE.svg writes the favorite's card and says where")
  func favoriteSVG() async throws {
    defer { folder.remove() }
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let path = folder.file("card.svg")
    try await execute(["fav", "share", "1", "--image", path, "--theme", "light"], env())
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.contains(">— Rumi</text>"))
    #expect(svg.contains("fill=\"#FAF7F0\""))
    #expect(console.out.isEmpty)
    #expect(console.err == "Wrote the SVG card to \(path).\n")
    #expect(try files() == ["card.svg"])
  }

  @Test("A favorite's card names its work after the author, escaped")
  func favoriteWithWork() async throws {
    defer { folder.remove() }
    _ = try database.addFavorite(
      Samples.seneca, work: "Letters <to> Lucilius & \u{1B}[31mothers", at: testDate)
    try await execute(["fav", "share", "1", "--image", "-", "--format", "svg"], env())
    // The escape sequence goes; the markup is escaped.
    #expect(console.out.contains(">— Seneca, Letters &lt;to&gt; Lucilius &amp; others</text>"))
    #expect(!console.out.contains("\u{1B}"))
  }

  @Test("share --image - --format svg prints the card of the quote shown last")
  func lastShownToStandardOutput() async throws {
    defer { folder.remove() }
    try database.recordShown(Samples.socrates, at: testDate)
    try await execute(
      ["share", "--image", "-", "--format", "svg", "--size", "1920x1080", "--theme", "dark"], env())
    #expect(console.out.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1920\" "))
    #expect(console.out.contains(">Know thyself.</text>"))
    #expect(console.out.contains(">— Socrates</text>"))
    #expect(console.err.isEmpty)
  }

  @Test("A PNG card has the size asked for, and is written whole in place of an old file")
  func png() async throws {
    defer { folder.remove() }
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let path = folder.file("card.PNG")
    try "an older card".write(toFile: path, atomically: true, encoding: .utf8)
    try await execute(["fav", "share", "1", "--image", path, "--size", "1080x1350"], env())
    let image = try DecodedPNG(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(image.width == 1080)
    #expect(image.height == 1350)
    #expect(console.err == "Wrote the PNG card to \(path).\n")
    // No temporary file is left beside it.
    #expect(try files() == ["card.PNG"])
  }

  @Test("A PNG is not written to a terminal")
  func pngToTerminal() async throws {
    defer { folder.remove() }
    try database.recordShown(Samples.socrates, at: testDate)
    let tty = TerminalInfo(
      width: 80, inputIsTerminal: true, outputIsTerminal: true, usesColor: false)
    let error = await #expect(throws: CardImageError.imageToTerminal) {
      try await execute(["share", "--image", "-", "--format", "png"], env(terminal: tty))
    }
    #expect(exitCode(try #require(error)) == 1)
    #expect(console.out.isEmpty)
  }

  @Test("A PNG is not written to a terminal named as a file, as /dev/tty or /dev/stdout name one")
  func pngToTerminalFile() async throws {
    defer { folder.remove() }
    _ = try database.addFavorite(Samples.rumi, at: testDate)
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let error = await #expect(throws: CardImageError.imageToTerminal) {
      try await execute(
        ["fav", "share", "1", "--image", terminal.replicaPath, "--format", "png"], env())
    }
    #expect(exitCode(try #require(error)) == 1)
    // An SVG is text, cleaned: it may go to a terminal.
    try await execute(
      ["fav", "share", "1", "--image", terminal.replicaPath, "--format", "svg"], env())
    #expect(console.err == "Wrote the SVG card to \(terminal.replicaPath).\n")
  }

  @Test("Without librsvg: one sentence naming the package, exit 1, no file left behind")
  func missingLibrary() async throws {
    defer { folder.remove() }
    let path = folder.file("card.png")
    let command = try #require(
      try PowerQuotesCommand.parseAsRoot(["share", "--image", path]) as? Share)
    let missing = PNGRenderer(library: "libpowerquotes-missing-rsvg.so.2")
    let error = #expect(throws: PNGRendererError.self) {
      try command.shareOptions.writeCard(Samples.rumi, work: "", env: env(), renderer: missing)
    }
    let thrown = try #require(error)
    #expect(exitCode(thrown) == 1)
    let message = try #require(thrown.errorDescription)
    #expect(
      message.hasPrefix("powerquotes draws PNG cards with librsvg, and it could not be loaded ("))
    #expect(message.hasSuffix("). Install it (apt-get install librsvg2-2), or write an .svg card."))
    #expect(message.contains("libpowerquotes-missing-rsvg.so.2"))
    #expect(try files().isEmpty)
    #expect(console.err.isEmpty)
  }

  @Test("A quote too long for the card: one sentence, exit 1, no file")
  func tooLong() async throws {
    defer { folder.remove() }
    let long = String(repeating: "Patience is bitter, but its fruit is sweet. ", count: 40)
    _ = try database.addFavorite(
      Quote(text: long, author: "Rousseau", source: .dummyJSON), at: testDate)
    let error = await #expect(throws: CardImageError.self) {
      try await execute(["fav", "share", "1", "--image", folder.file("card.svg")], env())
    }
    #expect(exitCode(try #require(error)) == 1)
    #expect(try files().isEmpty)
  }

  @Test(
    "Nonsense in the card's options is a usage sentence (exit 64)",
    arguments: [
      (
        ["share", "--image", "card.jpg"],
        "Cannot tell the card's format from the name 'card.jpg': end it in .svg or .png, or "
          + "give --format svg or --format png."
      ),
      (
        ["share", "--image", "-"],
        "--image - writes the card to standard output: say which format with --format svg or "
          + "--format png."
      ),
      (
        ["share", "--image", "card.png", "--size", "big"],
        "--size takes WIDTHxHEIGHT in pixels, each from 480 to 4096, such as 1080x1350; 'big' "
          + "is not one."
      ),
      (
        ["share", "--image", "card.png", "--size", "10x10"],
        "--size takes WIDTHxHEIGHT in pixels, each from 480 to 4096, such as 1080x1350; '10x10' "
          + "is not one."
      ),
      (
        ["fav", "share", "1", "--theme", "dark"],
        "--format, --theme and --size shape a picture card: give --image FILE too."
      ),
      (
        ["share", "--image", "card.svg", "--copy"],
        "--image writes the card itself: leave out --output and --copy."
      ),
      (["share", "--image", ""], "--image needs a file name (- for standard output)."),
    ])
  func usage(arguments: [String], message: String) async throws {
    defer { folder.remove() }
    let error = await #expect(throws: (any Error).self) {
      try await execute(arguments, env())
    }
    let thrown = try #require(error)
    #expect(exitCode(thrown) == 64)
    #expect(PowerQuotesCommand.message(for: thrown) == message)
  }

  @Test("--image refuses the database's own files, as --output does, and leaves them alone")
  func refusesTheDatabase() async throws {
    defer { folder.remove() }
    let path = folder.file("library.sqlite")
    let store = try QuoteDatabase.open(path: path)
    _ = try store.addFavorite(Samples.rumi, at: testDate)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for target in [path, path + "-wal", folder.path + "/./library.sqlite-journal"] {
      let error = await #expect(throws: OutputFileError.isTheDatabase(path: target)) {
        try await execute(
          ["fav", "share", "1", "--image", target, "--format", "svg"],
          .test(database: store, console: console))
      }
      #expect(exitCode(try #require(error)) == 1)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
