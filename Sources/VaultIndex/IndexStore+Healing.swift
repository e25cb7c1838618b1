import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a damaged index is found and replaced. Damage shows as SQLite's own errors
/// (a malformed page, a file that is not a database) and, for every page SQLite reads, as a
/// checksum that does not match (`SQLiteConfig/checksums.c`), so a garbled page never gives an
/// answer. A damaged index is never repaired in place: a new one is built beside it from the
/// vault and renamed over it, while no other vault process has it open (`IndexLock`).
extension IndexStore {
  /// SQLite's result codes for a file it cannot trust.
  static func isDamage(_ error: DatabaseError) -> Bool {
    switch error.resultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT: return true
    case .SQLITE_IOERR:
      // SQLITE_IOERR_DATA: a page whose checksum does not match; a short read: a truncated file.
      return error.extendedResultCode == .SQLITE_IOERR_DATA || error.extendedResultCode == .SQLITE_IOERR_SHORT_READ
    default: return false
    }
  }

  /// Whether the last process that wrote the index ended before it finished (a crash, a kill,
  /// a power cut): it leaves its mark, `<index>.writing-<pid>`, which a clean end removes.
  /// SQLite's journal makes such an end safe; vault still checks the pages then (`quick_check`),
  /// since that is when a disk that lies about its writes shows it.
  static func endedUncleanly(_ path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".writing-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
    var found = false
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) == -1, errno == ESRCH
      else { continue }
      found = true
      unlink(folder + "/" + name)
    }
    return found
  }

  /// Runs `body` with this process's mark that it writes the index (`endedUncleanly`).
  static func markingWrite<Value>(_ path: String, _ body: () throws -> Value) rethrows -> Value {
    let mark = "\(path).writing-\(getpid())"
    let descriptor = createFile(mark)
    if descriptor >= 0 { closeFile(descriptor) }
    defer { if descriptor >= 0 { unlink(mark) } }
    return try body()
  }

  /// SQLite's `quick_check` of both files: every page and record well formed.
  static func quickCheck(_ database: DatabaseQueue) throws {
    try database.reading { db in
      for schema in ["main", "fts"] {
        let result = try String.fetchAll(db, sql: "PRAGMA \(schema).quick_check")
        guard result == ["ok"] else {
          throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "quick_check of \(schema): \(result.prefix(3))")
        }
      }
    }
  }

  /// Puts a first build made to replace a damaged index in place: once no other vault process
  /// has the index open, the old files and their journals are removed and the new ones renamed
  /// to their names, the search file first (an index whose search file does not match is read
  /// again whole, `searchIsInStep`).
  static func replace(_ path: String, with aside: String) throws {
    try IndexLock.exclusively(path) {
      for file in [path, searchPath(path)] {
        for suffix in ["-wal", "-shm", "-journal"] { unlink(file + suffix) }
      }
      for (from, to) in [(searchPath(aside), searchPath(path)), (aside, path)] {
        guard rename(from, to) == 0 else {
          throw IndexError.failed("cannot move \(from) to \(to): \(String(cString: strerror(errno)))")
        }
      }
    }
  }
}

/// `open` and `close` of the C library, which IndexStore's own methods hide inside it.
private func createFile(_ path: String) -> Int32 { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
private func closeFile(_ descriptor: Int32) { close(descriptor) }

/// Which vault processes have an index open: each holds a shared `flock` on `<index>.lock`
/// while it does, and replacing the index's files takes it exclusively, so no process ever
/// has a file replaced under it (its journal would then be played into the new file). The
/// lock is per process and per path: an exclusive request from a process that holds it shared
/// turns its one lock into the exclusive one.
enum IndexLock {
  private static let state = NSLock()
  nonisolated(unsafe) private static var held: [String: (descriptor: Int32, users: Int)] = [:]

  /// How long a store waits for a replacement in progress (a rebuild of a big vault) to end.
  static let patience: Double = 30

  /// How long a replacement waits for the other processes to let go: a command reading the
  /// index ends within it, while `vault serve`, `vault watch` and `vault remind --watch` keep it
  /// open for as long as they run. Then the new index is written in place instead
  /// (`publishFirstBuild`), everything erased first: `vault index --rebuild` beside a running
  /// server took 30 s, waiting for it in vain.
  static let replacePatience: Double = 2

  /// Takes the shared lock for a store that opens the index at `path`; false when the lock
  /// file cannot be made (the index is then used without it).
  @discardableResult
  static func share(_ path: String) -> Bool {
    state.lock()
    defer { state.unlock() }
    if var entry = held[path] {
      entry.users += 1
      held[path] = entry
      return true
    }
    let descriptor = createFile(path + ".lock")
    guard descriptor >= 0 else { return false }
    // A replacement in progress holds it exclusively for as long as a rebuild takes.
    _ = wait(descriptor, LOCK_SH, seconds: patience)
    held[path] = (descriptor, 1)
    return true
  }

  /// Gives back a store's shared lock.
  static func unshare(_ path: String) {
    state.lock()
    defer { state.unlock() }
    guard var entry = held[path] else { return }
    entry.users -= 1
    if entry.users > 0 {
      held[path] = entry
    } else {
      close(entry.descriptor)
      held[path] = nil
    }
  }

  /// Runs `body` while no other process holds the lock of `path`.
  static func exclusively(_ path: String, _ body: () throws -> Void) throws {
    state.lock()
    let own = held[path]?.descriptor
    state.unlock()
    let descriptor = own ?? createFile(path + ".lock")
    guard descriptor >= 0 else {
      throw IndexError.failed("cannot open \(path).lock: \(String(cString: strerror(errno)))")
    }
    defer {
      if own == nil { close(descriptor) } else { flock(descriptor, LOCK_SH) }
    }
    guard wait(descriptor, LOCK_EX, seconds: replacePatience) else {
      throw IndexError.failed("another vault process kept the index open for \(Int(replacePatience)) s")
    }
    try body()
  }

  /// `flock(operation)`, tried until it is granted or `seconds` pass.
  private static func wait(_ descriptor: Int32, _ operation: Int32, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while flock(descriptor, operation | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return false }
      usleep(5_000)
    }
    return true
  }
}
