#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: the few things threads share and one of them replaces, and the
/// caches they share.
///
/// The lock is the C library's mutex rather than Foundation's `NSLock`: VaultCore imports no
/// Foundation, so that `vault-merge-driver`, which git starts for every note a merge touches,
/// links none of it (Foundation and ICU's data made it 61 MB and slower to start).
public final class Locked<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var stored: Value

  public init(_ value: Value) {
    stored = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  public var value: Value {
    withLock { $0 }
  }

  public func set(_ value: Value) { withLock { $0 = value } }

  public func mutate(_ change: (inout Value) -> Void) { withLock(change) }

  /// Runs `body` on the value, under the lock, and returns what it returns.
  public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&stored)
  }
}
