import Foundation

/// Why a picture card could not be laid out.
public enum CardImageError: LocalizedError, Equatable, Sendable {
  /// The quote does not fit on a card of this size even at the smallest font size.
  case quoteTooLong(characters: Int, size: CardSize)
  /// A PNG was to go to standard output, and that is a terminal.
  case imageToTerminal

  public var errorDescription: String? {
    switch self {
    case .quoteTooLong(let characters, let size):
      "This quote (\(characters) characters) is too long for a \(size) card even in its "
        + "smallest readable type. Try a taller or larger card (--size 1080x1350, or WIDTHxHEIGHT "
        + "up to \(CardSize.sideRange.upperBound)), or share it as text."
    case .imageToTerminal:
      "Not writing a PNG image to the terminal: send standard output to a file (> card.png), "
        + "or name one with --image card.png."
    }
  }
}
