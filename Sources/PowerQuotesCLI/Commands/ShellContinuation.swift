/// What the shell's `more` and `back` go on with: the list or the catalogue page shown last.
///
/// A command hands one to the shell from ``EnvironmentCommand/runInShell(_:pageSize:)``; the
/// shell keeps it until another command hands it a new one, and commits a turn only when it
/// succeeds.
protocol ShellContinuation: Sendable {
  /// `more`: shows the next page.
  mutating func more() async throws
  /// `back`: shows the page before.
  mutating func back() async throws
}
