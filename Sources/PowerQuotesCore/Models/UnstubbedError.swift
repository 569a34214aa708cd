import Foundation

/// Thrown by a test dependency that was called without being stubbed.
public struct UnstubbedError: LocalizedError, Sendable {
  /// The dependency that was called.
  public var name: String

  /// Names the dependency.
  public init(name: String) { self.name = name }

  public var errorDescription: String? { "\(name) was called but not stubbed in this test." }
}
