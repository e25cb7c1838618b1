import Foundation
import GRDB
import VaultCore

/// The index: a SQLite database (through GRDB) of what the views need, kept outside the vault.
/// It is a cache: erased when its schema or the parser changes, rebuilt when it is unreadable.
/// WAL and a busy timeout let two `vault` processes use it at once.
public final class IndexStore: Sendable {
  /// Bump when the tables change.
  public static let schemaVersion = 4

  /// One connection: a command reads or writes one thing at a time. (A `DatabasePool` writes a
  /// dummy table into an empty WAL on every open, which cost each command a few milliseconds.)
  let database: DatabaseQueue
  public let path: String
  /// Set when the file could not be used and was replaced by a new one.
  public let recoveryWarning: String?

  /// Opens (or creates) the index at `path` for notes parsed by parser `parserVersion`.
  public init(path: String, parserVersion: Int) throws(IndexError) {
    self.path = path
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotOpen(path, reason: "cannot create folder \(folder): \(error.localizedDescription)")
    }
    let version = Self.schemaVersion * 10_000 + parserVersion
    do {
      database = try Self.open(path, version: version)
      recoveryWarning = nil
    } catch let error as DatabaseError where Self.isBusy(error) {
      // Busy is not damage: the files are another process's to use, never removed here.
      throw .cannotOpen(path, reason: "another vault process holds it; try again (\(error.message ?? "busy"))")
    } catch {
      // An unreadable or corrupt cache is rebuilt, never a failure.
      Self.removeFiles(at: path)
      do {
        database = try Self.open(path, version: version)
      } catch {
        throw .cannotOpen(path, reason: "\(error)")
      }
      recoveryWarning = "the index at \(path) could not be read (\(error)); it was rebuilt"
    }
  }

  static func open(_ path: String, version: Int) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    // A cache: after a power cut it may lose the last refresh, never its consistency (WAL).
    // WAL lets another `vault` process read while this one writes.
    configuration.prepareDatabase { db in
      // Switching a new file to WAL takes a lock the busy timeout does not wait for: when
      // another process is creating the index at the same moment, try again for a while.
      for attempt in 1...100 {
        do {
          if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
            try db.execute(sql: "PRAGMA journal_mode = WAL")
          }
          break
        } catch let error as DatabaseError where Self.isBusy(error) && attempt < 100 {
          usleep(20_000)
        }
      }
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      // Reads map the file instead of copying pages with a system call each: the views scan
      // the task table, and at 10,000 notes that was half of `vault today`.
      try db.execute(sql: "PRAGMA mmap_size = 1073741824")
    }
    let database = try DatabaseQueue(path: path, configuration: configuration)
    // Any sign of corruption surfaces here rather than in the middle of a command. Reading
    // first: an index already at this version is used without a write transaction.
    let current = try database.read { db in
      _ = try Int.fetchOne(db, sql: "PRAGMA schema_version")
      return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    }
    if current != version {
      try database.write { db in
        // Another process may have rebuilt it in the meantime.
        guard try Int.fetchOne(db, sql: "PRAGMA user_version") != version else { return }
        try Schema.erase(db)
        try Schema.create(db)
        try db.execute(sql: "PRAGMA user_version = \(version)")
      }
    }
    return database
  }

  static func isBusy(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
  }

  static func removeFiles(at path: String) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}

/// Failures of the index that the user must hear about.
public enum IndexError: Error, CustomStringConvertible {
  case cannotOpen(String, reason: String)
  case failed(String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): return "cannot open the index at \(path): \(reason)"
    case .failed(let reason): return "the index failed: \(reason)"
    }
  }
}
