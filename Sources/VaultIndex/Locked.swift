import Foundation

/// A value behind a lock: the few things threads share and one of them replaces.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func set(_ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    stored = value
  }

  func mutate(_ change: (inout Value) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    change(&stored)
  }
}
