import ArgumentParser
import Foundation
import PowerQuotesCore

/// The exit codes powerquotes documents, beyond ArgumentParser's 0, 1 and 64.
enum ExitCodes {
  /// "Already a Favorite": the quote was saved before; nothing changed.
  static let alreadyFavorite = ExitCode(3)
  /// `fav import` saved what it could, but rejected some rows (or would, with --dry-run).
  static let rowsRejected = ExitCode(2)
  /// `random` found no quote that fits its filters (--favorites, --author, --tag, --short,
  /// --long, --max-length).
  static let nothingMatches = ExitCode(4)
}

/// An error as ArgumentParser prints it: our errors by their sentence, its own as it knows them.
struct UserFacingError: Error, CustomStringConvertible {
  var description: String

  /// `error` ready for `exit(withError:)` or the REPL: a `LocalizedError` shows its sentence.
  static func adapting(_ error: any Error) -> any Error {
    if let message = message(for: error) {
      return UserFacingError(description: message)
    }
    return error
  }

  /// The exit code for `error`: 64 for a setting that cannot be used or a refused edit form,
  /// else ArgumentParser's.
  static func exitCode(for error: any Error) -> Int32 {
    if error is ConfigurationError { return ExitCode.validationFailure.rawValue }
    // Text an edited form gave that cannot be saved is refused as a flag's is (the form is
    // kept, and there is no usage to show).
    if let form = error as? FavoriteEditFormError, form.refusesText {
      return ExitCode.validationFailure.rawValue
    }
    return PowerQuotesCommand.exitCode(for: adapting(error)).rawValue
  }

  /// The sentence for one of our domain errors, or nil for ArgumentParser's own.
  static func message(for error: any Error) -> String? {
    switch error {
    case is ValidationError, is CleanExit, is ExitCode:
      return nil
    case is CancellationError:
      return "Cancelled."
    case let error as any LocalizedError:
      return error.errorDescription
    default:
      return nil
    }
  }
}
