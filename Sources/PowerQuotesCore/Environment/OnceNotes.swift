import Synchronization

/// Which notes have been printed already, so that a note such as ZenQuotes' attribution is
/// printed once per run, or once per shell session, however many quotes follow.
///
/// A class, so that copies of an ``AppEnvironment`` (the shell adjusts one per line) share it.
public final class OnceNotes: Sendable {
  private let printed = Mutex<Set<String>>([])

  /// Starts with nothing printed.
  public init() {}

  /// True the first time it is asked about `note`, false every time after.
  public func isFirst(_ note: String) -> Bool {
    printed.withLock { $0.insert(note).inserted }
  }
}
