import Foundation

/// A value behind a lock: the few things threads share and one of them replaces, and the
/// caches they share.
public final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  public init(_ value: Value) { stored = value }

  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  public func set(_ value: Value) { withLock { $0 = value } }

  public func mutate(_ change: (inout Value) -> Void) { withLock(change) }

  /// Runs `body` on the value, under the lock, and returns what it returns.
  public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&stored)
  }
}
