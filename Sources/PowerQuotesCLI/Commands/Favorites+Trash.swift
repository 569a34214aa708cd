import ArgumentParser
import Foundation
import PowerQuotesCore

extension Favorites {
  /// `powerquotes fav trash`: the favorites `fav rm` removed.
  struct Trash: EnvironmentCommand {
    static let configuration = CommandConfiguration(
      commandName: "trash",
      abstract: "List the removed favorites, or delete them for good.",
      discussion: """
        'powerquotes fav restore ID' brings a favorite back under its id. --empty deletes \
        the favorites in the trash for good (those it counted when it asked: not one restored \
        or removed meanwhile): that cannot be undone, and it also forgets the changes \
        'powerquotes fav undo' could only take back by bringing one of them back (the removal \
        that put the last of them in the trash, and every older change). It asks first when \
        standard input is a terminal; elsewhere --yes is required.

        Examples:
          $ powerquotes fav trash
          $ powerquotes fav trash --format json
          $ powerquotes fav trash --empty --yes
        """
    )

    @Flag(help: "Delete every favorite in the trash for good (cannot be undone).")
    var empty = false

    @Flag(name: [.short, .long], help: "With --empty: delete without asking.")
    var yes = false

    @OptionGroup var output: FormatOptions
    @OptionGroup var listing: ListingOptions
    @OptionGroup(visibility: GlobalOptions.visibility) var global: GlobalOptions

    var pagerOptions: PagerOptions? { listing.pager }

    func validate() throws {
      if yes && !empty {
        throw ValidationError("--yes goes with --empty: fav trash --empty --yes.")
      }
      if empty && output.format == .json {
        throw ValidationError("--format json lists the trash; it does not go with --empty.")
      }
      if empty && listing.limit != nil {
        throw ValidationError("--limit lists part of the trash; it does not go with --empty.")
      }
    }

    func run(_ env: AppEnvironment) async throws {
      let controller = try env.libraryController()
      if empty {
        try emptyTrash(controller, env: env)
        return
      }
      let trashed = try controller.trash().prefix(listing.limit ?? .max)
      switch output.format {
      case .json:
        env.console.out(JSONView.render(Array(trashed)))
      case .text:
        guard !trashed.isEmpty else {
          env.console.note(TrashView.empty)
          return
        }
        env.console.out(
          FavoriteListView.render(
            trashed.map(\.favorite), width: env.terminal.width, painter: env.painter))
      }
    }

    private func emptyTrash(_ controller: LibraryController, env: AppEnvironment) throws {
      // What the question is about, and all that is deleted: another process may restore
      // some, or remove more, while the question waits.
      let ids = try controller.trash().map(\.favorite.id)
      guard !ids.isEmpty else {
        env.console.note(TrashView.empty)
        return
      }
      if !yes {
        guard env.terminal.inputIsTerminal else { throw TrashError.confirmationNeeded }
        env.console.err(TrashView.emptyPrompt(count: ids.count))
        guard RemoveView.confirms(try env.input.readLine()) else {
          env.console.note(TrashView.kept)
          return
        }
      }
      env.console.print(
        TrashView.deleted(try controller.emptyTrash(ids: ids), of: ids.count))
    }
  }
}

/// Why `fav trash --empty` did not delete anything.
enum TrashError: LocalizedError {
  case confirmationNeeded

  var errorDescription: String? { TrashView.confirmationNeeded }
}
