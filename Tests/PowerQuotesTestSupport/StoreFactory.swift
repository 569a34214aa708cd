import PowerQuotesCore
import Testing

/// A way to make an empty store, for the tests every ``QuoteStore`` must pass.
///
/// The SQLite store is the only one today; another store adds its factory to ``all``.
public struct StoreFactory: Sendable, CustomTestStringConvertible {
  /// What the tests call it.
  public var name: String
  /// Makes a new, empty store.
  public var make: @Sendable () throws -> any QuoteStore

  /// A factory named `name` that makes stores with `make`.
  public init(name: String, make: @escaping @Sendable () throws -> any QuoteStore) {
    self.name = name
    self.make = make
  }

  public var testDescription: String { name }

  /// A private SQLite database in memory.
  public static let sqlite = StoreFactory(name: "SQLite") { try QuoteDatabase.inMemory() }

  /// Every store the store tests run against.
  public static let all: [StoreFactory] = [.sqlite]
}
