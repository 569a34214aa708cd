import ArgumentParser
import PowerQuotesCore

/// `powerquotes share`: the share sheet, for the quote shown last.
struct Share: EnvironmentCommand {
  static let configuration = CommandConfiguration(
    commandName: "share",
    abstract: "Print share text for the quote shown last, or write it as a picture card.",
    discussion: """
      Examples:
        $ powerquotes share
        $ powerquotes share --style markdown --output quote.md
        $ powerquotes share --image card.png --theme light --size 1080x1350

      \(ShareOptions.cardNote)
      """
  )

  @OptionGroup var shareOptions: ShareOptions
  @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

  func run(_ env: AppEnvironment) async throws {
    let controller = try env.quoteController()
    let quote = try controller.lastShown()
    try shareOptions.deliver(quote, work: try controller.work(of: quote), env: env)
  }
}

extension Favorites {
  /// `powerquotes fav share <id>`: the share sheet, for a favorite.
  struct Share: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "share",
      abstract: "Print share text for a favorite, or write it as a picture card.",
      discussion: """
        Examples:
          $ powerquotes fav share 3
          $ powerquotes fav share 3 --style json
          $ powerquotes fav share 3 --image card.svg
          $ powerquotes fav share 3 --image - --format png > card.png

        \(ShareOptions.cardNote)
        """
    )

    @Argument(
      help: "The favorite's id, as 'fav list' shows it.",
      completion: LibraryCompletion.favoriteIDs)
    var id: Int64

    @OptionGroup var shareOptions: ShareOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func validate() throws {
      try FavoriteID.check(id)
    }

    func run(_ env: AppEnvironment) async throws {
      let favorite = try env.favoritesController().favorite(id: id)
      try shareOptions.deliver(favorite.quote, work: favorite.work, env: env)
    }
  }
}

/// How and where share text goes, or the picture card that shows the quote.
struct ShareOptions: ParsableArguments {
  /// What the two share commands' help says about picture cards.
  static let cardNote = """
    --image draws the "Dear Self," card. PNG cards are drawn by librsvg (Debian's librsvg2-2), \
    loaded only then; its fonts come through fontconfig, which finds one for each script \
    (fonts-noto-core and fonts-noto-cjk cover Latin, Greek, Cyrillic, Arabic, Hebrew and CJK).
    """

  @Option(help: "The layout: plain (\"quote\" — Author), markdown or json.")
  var style: ShareStyle = .plain

  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Write to this file (- is standard output).", valueName: "file"),
    completion: .file())
  var output: String?

  @Flag(help: "Put it on the clipboard (with wl-copy, xclip or xsel).")
  var copy = false

  @Option(
    help: ArgumentHelp(
      "Write the \"Dear Self,\" card as a picture to this file, SVG or PNG by its extension "
        + "(- is standard output, with --format).",
      valueName: "file"),
    completion: .file(extensions: ["png", "svg"]))
  var image: String?

  @Option(help: "The card's format: svg or png (default: the --image file's extension).")
  var format: CardFormat?

  @Option(help: "The card's colours: blue (the default), light or dark.")
  var theme: CardTheme?

  @Option(
    help: ArgumentHelp(
      "The card's size in pixels: 1080x1080 (the default), 1080x1350, 1920x1080, or any "
        + "WIDTHxHEIGHT from \(CardSize.sideRange.lowerBound) to \(CardSize.sideRange.upperBound).",
      valueName: "WxH"))
  var size: String?

  func validate() throws {
    if output?.isEmpty == true {
      throw ValidationError("--output needs a file name.")
    }
    guard let image else {
      if format != nil || theme != nil || size != nil {
        throw ValidationError(
          "--format, --theme and --size shape a picture card: give --image FILE too.")
      }
      return
    }
    if image.isEmpty {
      throw ValidationError("--image needs a file name (- for standard output).")
    }
    if output != nil || copy {
      throw ValidationError("--image writes the card itself: leave out --output and --copy.")
    }
    if let size, CardSize(parsing: size) == nil {
      throw ValidationError(
        "--size takes WIDTHxHEIGHT in pixels, each from \(CardSize.sideRange.lowerBound) to "
          + "\(CardSize.sideRange.upperBound), such as 1080x1350; '\(UntrustedText.sanitized(size))' "
          + "is not one.")
    }
    if format == nil {
      guard let path = OutputPath.file(image) else {
        throw ValidationError(
          "--image - writes the card to standard output: say which format with --format svg "
            + "or --format png.")
      }
      if CardFormat(path: path) == nil {
        throw ValidationError(
          "Cannot tell the card's format from the name '\(UntrustedText.sanitized(path))': end "
            + "it in .svg or .png, or give --format svg or --format png.")
      }
    }
  }

  /// Prints the share text, writes it to `--output`, or writes the card to `--image`.
  ///
  /// - Parameters:
  ///   - quote: the quote to share.
  ///   - work: the book or speech it comes from, named after the author on the card and in
  ///     the text; empty for none.
  ///   - env: where it goes.
  /// - Throws: what writing, copying or drawing the card throws.
  func deliver(_ quote: Quote, work: String, env: AppEnvironment) throws {
    if image != nil {
      try writeCard(quote, work: work, env: env)
      return
    }
    let text = ShareView.render(quote, work: work, style: style)
    let path = OutputPath.file(output)
    if let path {
      let file = try OutputFile(path: path, protecting: try env.database.filePath())
      try file.write(text)
      try file.close()
      env.console.note(ShareView.wrote(to: path))
    }
    if copy {
      let tool = try env.clipboard.copy(text)
      env.console.note(ShareView.copied(with: tool))
    }
    // `--output -` prints it, with --copy too.
    if path == nil && (output != nil || !copy) {
      env.console.out(text)
    }
  }
}

extension ShareOptions {
  /// Draws the card for `quote` and writes it to `--image`.
  ///
  /// The card goes to a file through ``CardImageController`` (drawn first, then replaced whole,
  /// never the database), or to standard output.
  func writeCard(
    _ quote: Quote, work: String, env: AppEnvironment, renderer: PNGRenderer = .live
  ) throws {
    guard let image else { return }
    let path = OutputPath.file(image)
    // validate() made sure one of the two is there.
    let format = self.format ?? path.flatMap(CardFormat.init(path:)) ?? .svg
    let size = self.size.flatMap(CardSize.init(parsing:)) ?? .square
    if path == nil && format == .png && env.terminal.outputIsTerminal {
      throw CardImageError.imageToTerminal
    }
    let cards = CardImageController(renderer: renderer)
    guard let path else {
      env.console.outBytes(
        try cards.image(quote, work: work, format: format, size: size, theme: theme ?? .blue))
      return
    }
    try cards.write(
      quote, work: work, toPath: path, format: format, size: size, theme: theme ?? .blue,
      protecting: try env.database.filePath())
    env.console.note(CardImageView.wrote(format, to: path))
  }
}

extension CardFormat: ExpressibleByArgument {}
extension CardTheme: ExpressibleByArgument {}
