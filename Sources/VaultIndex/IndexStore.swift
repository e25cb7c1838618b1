import Foundation
import GRDB
import GRDBSQLite
import SQLiteConfig
import VaultCore

/// The index: a SQLite database (through GRDB) of what the views need, kept outside the vault.
/// It is a cache: erased when its schema or the parser changes, rebuilt when it is unreadable.
/// WAL and a busy timeout let two `vault` processes use it at once.
///
/// Two files: `index.sqlite` holds the tables, `index.sqlite-search` the full-text table, so
/// that a refresh writes both at once from two connections (`SearchFeed`). The search file is
/// attached to the index's connection as `fts`, and queries join the two.
public final class IndexStore: Sendable {
  /// Bump when the tables change. (11: the files carry `applicationID`; 12: each page a
  /// checksum; 23: the search file's `backlog`, and `files.rows_digest`; 24: the stamps'
  /// snapshot; 25: a task's notes.)
  public static let schemaVersion = 25

  /// One connection: a command reads or writes one thing at a time. (A `DatabasePool` writes a
  /// dummy table into an empty WAL on every open, which cost each command a few milliseconds.)
  /// A first build replaces it once, when it is published (`IndexStore+FirstBuild.swift`).
  var database: DatabaseQueue { connection.value.database }
  let connection: Locked<(database: DatabaseQueue, aside: String?)>
  /// Where a first build is being made, beside `path`, until it is published; nil for an index
  /// opened in place.
  var aside: String? { connection.value.aside }
  /// Whether this is a first build not yet put in place (`IndexStore+FirstBuild.swift`). Its
  /// connection is closed then, inside `update`: nothing may read from the store meanwhile.
  public var isFirstBuild: Bool { aside != nil }
  public let path: String
  /// `schemaVersion` and the parser's, in `PRAGMA user_version` of both files.
  let version: Int
  /// Set when the file could not be used and was replaced by a new one.
  public let recoveryWarning: String?
  /// Whether the first build replaces a damaged index (`IndexStore+Healing.swift`) rather than
  /// filling an empty place.
  let replaces: Bool
  /// Whether this store holds its share of the index's lock (`IndexLock`), until `close()`.
  private let sharing: Locked<Bool>
  /// Parts of views read from this store, kept until what they read changes (`part`).
  let kept = Locked<[String: KeptPart]>([:])
  /// How many parts of views were read rather than kept (for tests).
  let partsRead = Locked<Int>(0)
  /// How many times this store has written, and what its last write changed.
  let written = Locked<(writes: Int, changes: IndexChanges?)>((0, nil))

  /// Whether SQLite's memory statistics are off (`SQLiteConfig`): done once, before the
  /// process's first connection, which is an index's in `vault`. When something else opened a
  /// connection first (a test), they stay on, which only costs time.
  static let memoryStatisticsOff = vault_sqlite_disable_memory_statistics() == 0

  /// Every page of the index files carries a checksum (`SQLiteConfig/checksums.c`): the VFS
  /// that writes and checks them is made the default once, before the first connection.
  static let checksumsOn = vault_sqlite_register_checksums() == 0

  /// Bytes at the end of each page that hold its checksum.
  static let checksumBytes: Int32 = 8

  /// Opens the index at `path` for notes parsed by parser `parserVersion`; when there is none,
  /// starts a first build beside it, which the first `update` publishes. An existing file is
  /// used only if it is vault's (`IndexStore+Ownership.swift`), unless `inOwnFolder` says the
  /// path is in vault's own cache folder, where a file with a damaged header is still vault's.
  ///
  /// `fresh`: the index is not read at all, but built anew beside its place and renamed over
  /// it (`vault index --rebuild`, and an index found damaged): a rebuild never depends on the
  /// old file's contents.
  public init(path: String, parserVersion: Int, inOwnFolder: Bool = false, fresh: Bool = false) throws(IndexError) {
    _ = Self.memoryStatisticsOff
    _ = Self.checksumsOn
    self.path = path
    if !inOwnFolder { try Self.claim(path) }
    let folder = (path as NSString).deletingLastPathComponent
    do {
      // A folder made here is the user's alone (0700): it holds the text of every note.
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .unusableFolder(path, reason: "cannot create folder \(folder): \(error.localizedDescription)")
    }
    guard access(folder, W_OK) == 0 else {
      throw .unusableFolder(path, reason: "the folder \(folder) is read-only")
    }
    version = Self.schemaVersion * 10_000 + parserVersion
    sharing = Locked(IndexLock.share(path))
    var replaces = fresh
    do {
      if fresh {
        connection = Locked(try Self.startFirstBuild(path, version: version))
      } else if Self.exists(path) {
        let database = try Self.open(path, version: version, building: false)
        if Self.endedUncleanly(path) { try Self.quickCheck(database) }
        guard try Self.hasChecksums(database) else {
          // Made before pages had checksums: built anew (only a rebuild changes a page's layout).
          try database.close()
          throw Outdated()
        }
        connection = Locked((database, nil))
      } else {
        connection = Locked(try Self.startFirstBuild(path, version: version))
      }
      recoveryWarning = nil
    } catch let error as DatabaseError where Self.isBusy(error) {
      // Busy is not damage: the files are another process's to use, never removed here.
      if sharing.value { IndexLock.unshare(path) }
      throw .cannotOpen(path, reason: "another vault process holds it; try again (\(error.message ?? "busy"))")
    } catch {
      // An outdated, unreadable or damaged cache is built anew and put in its place, never a
      // failure; only damage is worth a warning.
      do {
        connection = Locked(try Self.startFirstBuild(path, version: version))
      } catch {
        if sharing.value { IndexLock.unshare(path) }
        throw .unusableFolder(path, reason: IndexError(error).description)
      }
      replaces = true
      recoveryWarning =
        error is Outdated ? nil : "the index at \(path) could not be read (\(IndexError(error))); it was rebuilt"
    }
    self.replaces = replaces
  }

  deinit {
    // A first build never published (no `update`, or one that failed) is dropped.
    if let aside {
      Self.dropFirstBuild(database, at: aside)
    } else if !settleWAL(), leftOpen.value {
      // The process's end closes it, and releases the shared lock (`leaveOpenUntilExit`).
      Self.openUntilExit.mutate { $0.append(database) }
      return
    }
    if sharing.value { IndexLock.unshare(path) }
  }

  /// Leaves the connection for the process's end to close, when the store ends with a WAL that
  /// stays anyway (`settleWAL`): for a command that is done once it has read. A connection
  /// whose WAL is not to be copied back needs nothing from SQLite's close: the system releases
  /// its locks, and the next connection reads the WAL as every first one does. What it saves is
  /// GRDB's end of a `DatabaseQueue`, whose `NotificationCenter.removeObserver` costs the
  /// process 1 ms the first time (Foundation's first dynamic cast): a fifteenth of a watched
  /// `vault today`. Never for a process that runs on (`vault watch`): its stores would pile up.
  public func leaveOpenUntilExit() { leftOpen.set(true) }

  /// Runs `body`, in which the store is lent: whoever it is lent to may read it, but its
  /// `close` does nothing (a view the watcher answers with the watcher's own store, whose
  /// prepared statements, cached pages and kept parts outlive the view).
  public func lending<Value>(_ body: () throws -> Value) rethrows -> Value {
    lent.set(true)
    defer { lent.set(false) }
    return try body()
  }

  /// Set while `lending`.
  private let lent = Locked(false)

  /// Set by `leaveOpenUntilExit`.
  private let leftOpen = Locked(false)
  /// The connections of stores that ended with `leaveOpenUntilExit`.
  static let openUntilExit = Locked<[DatabaseQueue]>([])

  /// Reads the index through SQLite's page cache of at most `cacheMegabytes` instead of
  /// mapping it into memory, for a process that keeps it open for long (`vault watch`, `vault
  /// serve`): pages it once mapped counted as its resident memory for as long as it ran.
  ///
  /// The cache grows only as used. 32 MB holds what a batch of changes touches (SQLite's 2 MB
  /// made a thousand changed notes at 100,000 notes re-read their pages); a server answering the
  /// dashboard again and again keeps more (at 100,000 notes its pages are read anew from the
  /// file with 32 MB: 170 ms a page, 110 ms with 256 MB).
  public func stopMapping(cacheMegabytes: Int = 32) {
    try? database.inDatabase { db in
      try db.execute(sql: "PRAGMA main.mmap_size = 0")
      try db.execute(sql: "PRAGMA fts.mmap_size = 0")
      try db.execute(sql: "PRAGMA main.cache_size = -\(max(2, cacheMegabytes) * 1024)")
    }
  }

  /// Empties the connection's page cache and forgets its prepared statements (GRDB's
  /// `releaseMemory`) and the parts of views it keeps (`part`): a process that lives for days
  /// between batches (`vault watch`) holds no pages while idle, and one that answers views for
  /// days (`vault serve`) keeps nothing of a day gone by (statements' SQL and parts' keys hold
  /// dates). The next use reads the pages from the system's file cache and prepares again.
  public func releaseCache() {
    database.inDatabase { db in db.releaseMemory() }
    kept.set([:])
  }

  /// Closes the connection and gives back this process's share of the lock, before the index
  /// is replaced (`Vault.withIndex`): nothing may use the store afterwards.
  public func close() {
    // Lent to a view (`lending`): its owner closes it.
    if lent.value { return }
    if let aside {
      Self.dropFirstBuild(database, at: aside)
    } else {
      settleWAL()
      try? database.close()
    }
    if sharing.value {
      sharing.set(false)
      IndexLock.unshare(path)
    }
  }

  /// The most bytes of WAL, per file, that the last connection to close leaves for the next
  /// one instead of copying them into the file. SQLite's own close copies the WAL back and
  /// removes it: two `fdatasync`s per file, and the next write makes the WAL again, one more
  /// for its header and one for the folder. After one changed note at 10,000 notes that was a
  /// third of the command (docs/PERFORMANCE.md). A WAL left behind is read whole by the
  /// next process to open the index alone (SQLite's recovery: 0.3 ms a megabyte), so it is
  /// kept only while small; a bigger one is copied back by whoever closes it last.
  static let keptWALBytes: off_t = 1 << 20

  /// Lets this connection's close copy the WAL back into the files when either WAL is over
  /// `keptWALBytes` (SQLite does so only if no other process has the index open); whether one
  /// is.
  @discardableResult func settleWAL() -> Bool {
    let large = [path, Self.searchPath(path)].contains { file in
      var status = stat()
      return stat(file + "-wal", &status) == 0 && status.st_size > Self.keptWALBytes
    }
    guard large else { return false }
    database.inDatabase { db in
      // Closed already (`close()`, then the store's end).
      guard let connection = db.sqliteConnection else { return }
      _ = vault_sqlite_checkpoint_on_close(connection, 1)
    }
    return true
  }

  /// The search file beside the index file at `path`.
  static func searchPath(_ path: String) -> String { path + "-search" }

  /// The index and its search file (the full text of every note) readable by their owner only
  /// (0600), like the server's token, whatever the umask; SQLite gives the `-wal` and `-shm`
  /// files it makes later the main file's mode. A file of another user is left as it is.
  static func makePrivate(_ path: String) {
    for file in [path, searchPath(path)] {
      for suffix in ["", "-wal", "-shm"] {
        var status = stat()
        guard stat(file + suffix, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o077 != 0 else {
          continue
        }
        chmod(file + suffix, 0o600)
      }
    }
  }

  /// Whether the index file or its search file is there.
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path) || FileManager.default.fileExists(atPath: searchPath(path))
  }

  /// A connection to the index at `path`, made at `version` if it is not; `building` for a first
  /// build (`IndexStore+FirstBuild.swift`).
  static func open(_ path: String, version: Int, building: Bool) throws -> DatabaseQueue {
    let database = try DatabaseQueue(
      path: path, configuration: configuration(attachingSearchOf: path, building: building))
    makePrivate(path)
    // Any sign of corruption surfaces here rather than in the middle of a command. Reading
    // first: an index already at this version is used without a write transaction.
    let versions = { (db: Database) in
      (try Int.fetchOne(db, sql: "PRAGMA user_version"), try Int.fetchOne(db, sql: "PRAGMA fts.user_version"))
    }
    // Outside a transaction: GRDB's `read` adds four statements to the three (a tenth of the
    // index's opening); each statement reads its own snapshot, and a version that changed
    // between them is checked again in the write transaction below.
    let current = try database.inDatabase { db in
      _ = try Int.fetchOne(db, sql: "PRAGMA schema_version")
      _ = try Int.fetchOne(db, sql: "PRAGMA fts.schema_version")
      return try versions(db)
    }
    if current != (version, version) {
      try database.writeWithoutTransaction { db in
        // Both files, in one immediate transaction (and another process may have rebuilt
        // them in the meantime).
        try db.inTransaction(.immediate) {
          guard try versions(db) != (version, version) else { return .commit }
          try Schema.erase(db)
          try Schema.create(db)
          try db.execute(sql: Schema.searchTables(in: "fts"))
          try db.execute(sql: "PRAGMA user_version = \(version); PRAGMA fts.user_version = \(version)")
          try db.execute(
            sql: "PRAGMA application_id = \(applicationID); PRAGMA fts.application_id = \(applicationID)")
          return .commit
        }
      }
    }
    return database
  }

  /// Opens a connection of its own to the search file, for `SearchFeed`.
  func searchWriter() -> @Sendable () throws -> DatabaseQueue {
    let (file, building) = (Self.searchPath(aside ?? path), aside != nil)
    return {
      try DatabaseQueue(path: file, configuration: Self.configuration(attachingSearchOf: nil, building: building))
    }
  }

  /// The settings of a connection to the index file (which attaches the search file of
  /// `indexPath`) or, with `nil`, to the search file; `building` for a first build.
  static func configuration(attachingSearchOf indexPath: String?, building: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    // A first build writes each file's rows just after the file's, in a transaction no other
    // process sees: checking each row's file cost 0.05 core-seconds at 10,000 notes. The
    // connections that change an index in place check them (at the commit, `Schema`).
    configuration.foreignKeysEnabled = !building
    // A cache: after a power cut it may lose the last refresh, never its consistency (WAL).
    // WAL lets another `vault` process read while this one writes. A first build, which no
    // other process sees, is written without it (`IndexStore+FirstBuild.swift`).
    let journal = building ? useMemoryJournal : useWAL
    configuration.prepareDatabase { db in
      // The WAL of a small change stays when the connection closes (`keptWALBytes`).
      if !building, let connection = db.sqliteConnection { _ = vault_sqlite_checkpoint_on_close(connection, 0) }
      try journal(db, "main")
      if building { reserveChecksumBytes(db, "main") }
      if let indexPath {
        try db.execute(sql: "ATTACH DATABASE ? AS fts", arguments: [searchPath(indexPath)])
        try journal(db, "fts")
        if building { reserveChecksumBytes(db, "fts") }
      }
      // Reads map the file instead of copying pages with a system call each: the views scan
      // the task table, and at 10,000 notes that was half of `vault today`. Not in a first
      // build, which writes the file itself rather than a WAL: every page it read back through
      // the map counted in its memory (100,000 notes: 302 MB instead of 162 MB, and 2.3 s more
      // system time for the page faults).
      let size = building ? 0 : 1_073_741_824
      try db.execute(sql: "PRAGMA mmap_size = \(size)")
      if indexPath != nil { try db.execute(sql: "PRAGMA fts.mmap_size = \(size)") }
      // For developers: each statement with how long it ran, on standard error.
      if getenv("VAULT_TRACE_SQL") != nil {
        db.trace(options: .profile) { event in
          if case .profile(let statement, let duration) = event {
            FileHandle.standardError.write(
              Data(String(format: "%8.3f ms  %@\n", duration * 1000, statement.expandedSQL).utf8))
          }
        }
      }
    }
    return configuration
  }

  /// Asks for room for a checksum at the end of every page of a new file (it has no effect on
  /// a file that has pages already).
  static func reserveChecksumBytes(_ db: Database, _ schema: String) {
    var bytes = checksumBytes
    _ = sqlite3_file_control(db.sqliteConnection, schema, SQLITE_FCNTL_RESERVE_BYTES, &bytes)
  }

  /// Whether both files keep a checksum on each page.
  static func hasChecksums(_ database: DatabaseQueue) throws -> Bool {
    // Asks the files, not SQL: no transaction needed.
    database.inDatabase { db in
      ["main", "fts"].allSatisfy { schema in
        var bytes: Int32 = -1
        _ = sqlite3_file_control(db.sqliteConnection, schema, SQLITE_FCNTL_RESERVE_BYTES, &bytes)
        return bytes == checksumBytes
      }
    }
  }

  /// An index made before a change that only a rebuild brings (checksums).
  struct Outdated: Error {}

  /// Puts the file of `schema` in WAL mode, with pages of `pageSize` if it is new.
  static func useWAL(_ db: Database, _ schema: String) throws {
    try db.execute(sql: "PRAGMA \(schema).page_size = \(pageSize)")
    // Switching a new file to WAL takes a lock the busy timeout does not wait for: when
    // another process is creating the index at the same moment, try again for a while.
    for attempt in 1...100 {
      do {
        if try String.fetchOne(db, sql: "PRAGMA \(schema).journal_mode") != "wal" {
          try db.execute(sql: "PRAGMA \(schema).journal_mode = WAL")
        }
        break
      } catch let error as DatabaseError where Self.isBusy(error) && attempt < 100 {
        usleep(20_000)
      }
    }
    try db.execute(sql: "PRAGMA \(schema).synchronous = NORMAL")
  }

  /// Bytes per page of a new file. Four times SQLite's default: a cold index writes every
  /// page through the WAL and back, one system call per page each way, and with 16 KB pages
  /// a cold index of 10,000 notes took 0.26 core-seconds less (docs/PERFORMANCE.md).
  /// Only a new file gets it; an existing one keeps its pages until it is made again.
  static let pageSize = 16_384

  static func isBusy(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
  }

  static func removeFiles(at path: String) {
    for file in [path, searchPath(path)] {
      for suffix in ["", "-wal", "-shm", "-journal"] {
        try? FileManager.default.removeItem(atPath: file + suffix)
      }
    }
  }
}

/// Failures of the index that the user must hear about.
public enum IndexError: Error, CustomStringConvertible {
  case cannotOpen(String, reason: String)
  case failed(String)
  /// SQLite found the file damaged (a corrupt page, a checksum that does not match, a file
  /// that is not a database): a new index built from the vault mends it (`Vault.withIndex`).
  case damaged(String)
  /// The index's folder cannot hold it (read-only, not a folder, full): vault then uses an
  /// index in a temporary folder of its own (`Vault.withIndex`).
  case unusableFolder(String, reason: String)
  /// Another program held the index's lock for longer than the busy timeout (a long
  /// `vault index --rebuild`, a backup tool): nothing is wrong with it, and asking again later works.
  case busy(String)

  /// The index error for whatever a query or a write threw, telling damage from other failures.
  public init(_ error: any Error) {
    if let error = error as? IndexError {
      self = error
    } else if let error = error as? DatabaseError, IndexStore.isDamage(error) {
      self = .damaged(error.message ?? "\(error)")
    } else if let error = error as? DatabaseError,
      error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    {
      self = .busy(error.message ?? "\(error)")
    } else {
      self = .failed((error as? DatabaseError)?.message ?? "\(error)")
    }
  }

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): return "cannot open the index at \(path): \(reason)"
    case .failed(let reason): return "the index failed: \(reason)"
    case .damaged(let reason): return "the index is damaged: \(reason)"
    case .busy(let reason): return "the index failed: \(reason) (another program holds its lock)"
    case .unusableFolder(let path, let reason): return "cannot use the index at \(path): \(reason)"
    }
  }
}

extension DatabaseQueue {
  /// `body` in one deferred transaction (one snapshot of the index), as GRDB's `read`, but
  /// without its `PRAGMA query_only`: SQLite expires every prepared statement of a connection
  /// when a flag pragma is set (`OP_Expire`), so each `read` had every statement kept by the
  /// connection prepared again at its next use, GRDB's authorizer looking at each of its
  /// columns: 15 % of a CalDAV PUT's processor time (docs/PERFORMANCE.md). The bodies only read.
  func reading<Value>(_ body: (Database) throws -> Value) throws -> Value {
    try writeWithoutTransaction { db in
      // Inside a transaction already (a read within a write), as `read`: none of its own.
      if db.isInsideTransaction { return try body(db) }
      try db.beginTransaction(.deferred)
      do {
        let value = try body(db)
        try db.commit()
        return value
      } catch {
        try? db.rollback()
        throw error
      }
    }
  }
}
