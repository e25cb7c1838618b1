import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises vault's writers on one vault across processes: each read-modify-write of a file
/// runs while this process holds an exclusive `flock` on a lock file outside the vault (beside
/// the vault's default index), so two `vault` processes never both compute an edit from the
/// same old bytes. The kernel releases the lock when the process ends, however it ends, so a
/// killed writer never leaves the vault locked.
///
/// One lock per vault rather than per file: an edit takes a few milliseconds, and a lock per
/// file would need a lock file per note. Taken again inside itself (a write that makes a daily
/// note and then edits it), it is held once. Threads of one process (the server's requests)
/// take turns too: the `flock` is the process's, so a recursive lock orders its threads first.
enum WriteLock {
  private static let threads = NSRecursiveLock()
  private static let state = NSLock()
  nonisolated(unsafe) private static var held: (descriptor: Int32, depth: Int)?

  /// Runs `body` while holding the lock of the vault whose lock file is one of `candidates`
  /// (the first that can be opened). When none can be (no writable cache or temporary folder),
  /// `body` runs unlocked: the check before each rename still refuses to overwrite a change.
  static func withLock<Value>(
    _ candidates: [String], _ body: () throws(VaultError) -> Value
  ) throws(VaultError) -> Value {
    threads.lock()
    defer { threads.unlock() }
    let descriptor = acquire(candidates)
    defer { release(descriptor) }
    return try body()
  }

  private static func acquire(_ candidates: [String]) -> Int32? {
    state.lock()
    if var current = held {
      current.depth += 1
      held = current
      state.unlock()
      return current.descriptor
    }
    state.unlock()
    for path in candidates {
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { continue }
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else { break }
      }
      state.lock()
      held = (descriptor, 1)
      state.unlock()
      return descriptor
    }
    return nil
  }

  private static func release(_ descriptor: Int32?) {
    guard let descriptor else { return }
    state.lock()
    defer { state.unlock() }
    guard var current = held, current.descriptor == descriptor else { return }
    current.depth -= 1
    if current.depth > 0 {
      held = current
      return
    }
    held = nil
    // Closing the last descriptor of the open file releases the `flock`.
    close(descriptor)
  }
}
