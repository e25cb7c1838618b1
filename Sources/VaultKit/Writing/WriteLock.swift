import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises vault's writers on one vault across processes: each read-modify-write of a file
/// runs while this process holds an exclusive `flock` on the vault's own folder (and on a lock
/// file, for older builds: `Vault.writeLockPlaces`), so two `vault` processes never both compute
/// an edit from the same old bytes. The kernel releases the lock when the process ends, however
/// it ends, so a killed writer never leaves the vault locked.
///
/// One lock per vault rather than per file: an edit takes a few milliseconds, and a lock per
/// file would need a lock file per note. Taken again inside itself (a write that makes a daily
/// note and then edits it), it is held once. Threads of one process (the server's requests)
/// take turns too: the `flock` is the process's, so a recursive lock orders its threads first.
enum WriteLock {
  /// What can be locked: a folder that exists (opened to read), or a lock file (made, with its
  /// folder, when missing).
  enum Place: Hashable {
    case folder(String)
    case file(String)
  }

  private static let threads = NSRecursiveLock()
  private static let state = NSLock()
  /// The locks this process holds, by the places asked for, and how deep in each it is.
  nonisolated(unsafe) private static var held: [[[Place]]: (descriptors: [Int32], depth: Int)] = [:]

  /// Runs `body` while holding the lock of each group of `places`: in each, the first place that
  /// can be opened and locked (a folder or a lock file, made when missing), the groups in their
  /// order (the same in every process, so two never wait for each other). A group none of whose
  /// places can be locked (no writable cache or temporary folder, a file system without
  /// `flock`) is left out, and `body` runs with the others: the check before each rename still
  /// refuses to overwrite a change.
  static func withLock<Value>(
    _ places: [[Place]], _ body: () throws(VaultError) -> Value
  ) throws(VaultError) -> Value {
    threads.lock()
    defer { threads.unlock() }
    acquire(places)
    defer { release(places) }
    return try body()
  }

  /// One lock file (the accounts', the sessions').
  static func withLock<Value>(file: String, _ body: () throws(VaultError) -> Value) throws(VaultError) -> Value {
    try withLock([[.file(file)]], body)
  }

  private static func acquire(_ places: [[Place]]) {
    state.lock()
    if var current = held[places] {
      current.depth += 1
      held[places] = current
      state.unlock()
      return
    }
    state.unlock()
    var descriptors: [Int32] = []
    for group in places {
      // Each place tried once, in order (a lazy `compactMap(lock).first` would lock twice).
      for place in group {
        if let descriptor = lock(place) {
          descriptors.append(descriptor)
          break
        }
      }
    }
    state.lock()
    held[places] = (descriptors, 1)
    state.unlock()
  }

  /// An open descriptor of `place` holding its exclusive `flock`, else nil.
  private static func lock(_ place: Place) -> Int32? {
    let descriptor: Int32
    switch place {
    case .folder(let path):
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    case .file(let path):
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else { return nil }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        close(descriptor)
        return nil
      }
    }
    return descriptor
  }

  private static func release(_ places: [[Place]]) {
    state.lock()
    defer { state.unlock() }
    guard var current = held[places] else { return }
    current.depth -= 1
    if current.depth > 0 {
      held[places] = current
      return
    }
    held[places] = nil
    // Closing the last descriptor of the open file releases the `flock`.
    for descriptor in current.descriptors { close(descriptor) }
  }
}
