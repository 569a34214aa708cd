import Foundation

/// Why a picture card could not be laid out.
public enum CardImageError: LocalizedError, Equatable, Sendable {
  /// The quote does not fit on a card of this size even at the smallest font size.
  case quoteTooLong(characters: Int, size: CardSize)
  /// A PNG was to go to a terminal: standard output, `/dev/stdout` or `/dev/tty`.
  case imageToTerminal

  public var errorDescription: String? {
    switch self {
    case .quoteTooLong(let characters, let size):
      "This quote (\(characters) characters) is too long for a \(size) card even in its "
        + "smallest readable type. Try a taller card (--size 1080x1350, or 1080x1920: the type "
        + "grows with the card's width, so a larger square holds no more), or share it as text."
    case .imageToTerminal:
      "Not writing a PNG image to the terminal: send standard output to a file (> card.png), "
        + "or name one with --image card.png."
    }
  }
}
