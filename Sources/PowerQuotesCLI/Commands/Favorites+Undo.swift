import ArgumentParser
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav undo`: take back the last change to the library.
  struct Undo: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract: "Take back the last change to your favorites.",
      discussion: """
        Undoes the last add, rm, edit, tag, untag, restore or import (an import as a whole) \
        and says what it undid; run it again to go further back, up to \
        \(LibraryChange.historyLimit) changes. The history is kept in the database, \
        across runs. Emptying the trash cannot be undone and clears the history. With \
        nothing left to undo it says so and exits with status 1.

        Examples:
          $ powerquotes fav rm 12 15 --yes
          $ powerquotes fav undo
          Undid: removing 2 favorites (12, 15).
          $ powerquotes fav undo --format json
        """
    )

    @OptionGroup var output: FormatOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    func run(_ env: AppEnvironment) async throws {
      let change = try env.libraryController().undo()
      switch output.format {
      case .text: env.console.print(LibraryChangeView.sentence(undid: change))
      case .json: env.console.out(LibraryChangeView.json(undid: change))
      }
    }
  }
}
