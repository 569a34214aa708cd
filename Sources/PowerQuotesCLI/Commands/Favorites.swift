import ArgumentParser

/// `powerquotes fav`: the favorites table.
struct Favorites: AsyncParsableCommand {
  static let commandName = "fav"
  static let configuration = CommandConfiguration(
    commandName: commandName,
    abstract:
      "Save, list, find, tag, show, edit, share, remove, restore, export, import and count favorites.",
    discussion: """
      Examples:
        $ powerquotes fav add
        $ powerquotes fav add "Know thyself." --author Socrates
        $ powerquotes fav list
        $ powerquotes fav search umar
        $ powerquotes fav find "courage" --tag stoic
        $ powerquotes fav tag 3 stoic
        $ powerquotes fav edit 3 --note "Read at the wedding"
        $ powerquotes fav rm 3
        $ powerquotes fav undo
        $ powerquotes fav export --format csv --output favorites.csv
        $ powerquotes fav import favorites.csv
        $ powerquotes fav stats
      """,
    subcommands: [
      Add.self, List.self, Search.self, Find.self, Show.self, Edit.self, PutTags.self,
      TakeTags.self, ListTags.self, Remove.self, Trash.self, Restore.self, Undo.self, Share.self,
      Export.self, Import.self, Stats.self,
    ]
  )

  func validate() throws {
    if let pending = MistypedCommand.pending { throw pending }
  }
}
