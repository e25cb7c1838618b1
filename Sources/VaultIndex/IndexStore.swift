import Foundation
import GRDB
import VaultCore

/// The index: a SQLite database (through GRDB) of what the views need, kept outside the vault.
/// It is a cache: erased when its schema or the parser changes, rebuilt when it is unreadable.
/// WAL and a busy timeout let two `vault` processes use it at once.
public final class IndexStore: Sendable {
  /// Bump when the tables change.
  public static let schemaVersion = 2

  let pool: DatabasePool
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
      pool = try Self.open(path, version: version)
      recoveryWarning = nil
    } catch {
      // An unreadable or corrupt cache is rebuilt, never a failure.
      Self.removeFiles(at: path)
      do {
        pool = try Self.open(path, version: version)
      } catch {
        throw .cannotOpen(path, reason: "\(error)")
      }
      recoveryWarning = "the index at \(path) could not be read (\(error)); it was rebuilt"
    }
  }

  static func open(_ path: String, version: Int) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    // A cache: after a power cut it may lose the last refresh, never its consistency (WAL).
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let pool = try DatabasePool(path: path, configuration: configuration)
    try pool.write { db in
      // Any sign of corruption surfaces here rather than in the middle of a command.
      _ = try Int.fetchOne(db, sql: "PRAGMA schema_version")
      let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
      if current != version {
        try Schema.erase(db)
        try Schema.create(db)
        try db.execute(sql: "PRAGMA user_version = \(version)")
      }
    }
    return pool
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
