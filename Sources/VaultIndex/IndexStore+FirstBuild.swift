import Foundation
import GRDB

/// A first build: when there is no index yet (a first run, or one removed as unreadable), it is
/// made beside its place, in files no other process knows of, and only then put in place. So it
/// needs no WAL: every page is written once, instead of to the WAL and again into the file at
/// the checkpoint, and a cold index of 10,000 notes takes 0.2 core-seconds and about 10% less
/// time (docs/PERFORMANCE.md). An index that exists is always changed in place, in WAL: other
/// processes may have it open, and a file must never be replaced under them.
extension IndexStore {
  /// Opens a first build of the index at `path`, at a name of this process beside it.
  static func startFirstBuild(_ path: String, version: Int) throws -> (database: DatabaseQueue, aside: String?) {
    removeLeftovers(of: path)
    let aside = "\(path).new-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    do {
      return (try open(aside, version: version, building: true), aside)
    } catch {
      removeFiles(at: aside)
      throw error
    }
  }

  /// Puts a first build in place once its changes are committed: both files switched to WAL
  /// and closed, then linked to their names, the search file first. False when it was not put
  /// there: another process put its own first build there meanwhile, or a step failed (the file
  /// system refused the link and the rename). This one is then dropped, and the caller writes
  /// its changes again in place, as without a first build. Either way `database` is afterwards
  /// a connection to the index in place.
  func publishFirstBuild() throws -> Bool {
    guard let aside else { return true }
    let built = database
    var placed = false
    do {
      try built.writeWithoutTransaction { db in
        for schema in ["main", "fts"] {
          guard try String.fetchOne(db, sql: "PRAGMA \(schema).journal_mode = WAL") == "wal" else {
            throw IndexError.failed("cannot switch the new index \(aside) to WAL")
          }
        }
      }
      // Closing the last connection in WAL leaves no `-wal` or `-shm` file behind.
      try built.close()
      if replaces {
        try Self.replace(path, with: aside)
        placed = true
      } else {
        placed = try Self.place(Self.searchPath(aside), at: Self.searchPath(path)) && Self.place(aside, at: path)
      }
    } catch {
      placed = false
    }
    Self.dropFirstBuild(built, at: aside)
    // Parts of views were read on the other connection, whose `data_version` says nothing here.
    kept.set([:])
    connection.set((try Self.open(path, version: version, building: false), nil))
    return placed
  }

  /// Closes a first build that will not be published, and removes its files.
  static func dropFirstBuild(_ database: DatabaseQueue, at aside: String) {
    try? database.close()
    removeFiles(at: aside)
  }

  /// A first build's journal: in memory (nothing is on disk to undo before its first commit,
  /// and a failed build is thrown away). SQLite still syncs the file at the commit, before
  /// `publishFirstBuild` links it, so a power cut never leaves a torn index in place.
  static func useMemoryJournal(_ db: Database, _ schema: String) throws {
    try db.execute(sql: "PRAGMA \(schema).page_size = \(pageSize)")
    try db.execute(sql: "PRAGMA \(schema).journal_mode = MEMORY")
    try db.execute(sql: "PRAGMA \(schema).synchronous = NORMAL")
  }

  /// Gives `file` the name `target` unless a file has it: false then. A hard link, so that two
  /// processes putting a first build in place at once never replace each other's.
  static func place(_ file: String, at target: String) throws -> Bool {
    // A WAL whose file is gone (removed by hand, or a process killed while the file was being
    // replaced) would be played into the new file by the first connection to open it: SQLite
    // cannot tell whose WAL it is. None can belong to a file not yet there.
    if access(target, F_OK) != 0 && errno == ENOENT {
      for suffix in ["-wal", "-shm"] { unlink(target + suffix) }
    }
    if link(file, target) == 0 {
      unlink(file)
      return true
    }
    if errno == EEXIST { return false }
    // A file system without hard links: a rename, after a check that leaves a moment for
    // another process to put its file there first.
    if FileManager.default.fileExists(atPath: target) { return false }
    guard rename(file, target) == 0 else {
      throw IndexError.failed("cannot move \(file) to \(target): \(String(cString: strerror(errno)))")
    }
    return true
  }

  /// Removes the first builds of processes that ended before publishing them (killed, or a
  /// power cut): the files `<index>.new-<pid>-…` of a pid that no longer runs.
  static func removeLeftovers(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".new-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix(while: \.isNumber)), pid != getpid(),
        kill(pid, 0) == -1, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }
}
