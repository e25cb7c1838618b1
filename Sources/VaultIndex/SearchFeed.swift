import Foundation
import GRDB
import GRDBSQLite

/// Writes the full-text table from its own connection, on its own thread, while the index's
/// connection stores everything else. SQLite has one writer per file, and FTS5 was as much
/// work as all the other tables together: in one file a cold index waited for both in turn
/// (docs/PERFORMANCE.md).
///
/// The changes go in one transaction of the search file, committed once its input ends
/// (`endInput()`), always before the index's own: `finish()` waits for that commit. Both
/// commits write the same token (`meta.search_token`): a crash between them leaves two
/// tokens, which the next refresh sees and answers by reading every file.
///
/// A few changes (`init(inline:)`) go into the search file's `backlog` instead, and reach the
/// full-text table before the next search reads it (`IndexStore.writeSearchBacklog`), or with
/// the next feed that writes it. FTS5 takes the old text's words out and puts the new ones in,
/// and writes a segment at the commit: for the one note of 12 KB a `vault today` stored after
/// an edit, that was 1.6 ms of its 30 (docs/PERFORMANCE.md), for a search nobody may run.
final class SearchFeed: @unchecked Sendable {
  enum Change {
    case store(id: Int64, title: String, body: ArraySlice<UInt8>)
    case remove(id: Int64)
    /// Forget every row (a rebuild).
    case clear
  }

  /// What both commits write.
  let token: String
  private let condition = NSCondition()
  private var pending: [Change] = []
  /// The bytes of text in `pending`: `send` waits while it is over `pendingLimit`, so a
  /// full-text writer slower than the other keeps memory bounded instead of queueing bodies.
  private var pendingBytes = 0
  private let pendingLimit: Int
  private var closed = false
  private var cancelled = false
  private var failure: (any Error)?
  private let done = DispatchGroup()
  /// The index's own connection, when the changes are written on it at once (`init(inline:)`).
  private let inline: Database?
  /// Whether the changes are written on the index's own connection (`init(inline:)`).
  var isInline: Bool { inline != nil }
  private var backlogInsert: RowInserter?
  /// The most rows the backlog keeps: past it, an inline feed writes them all into the
  /// full-text table at its commit, so that a watcher storing one note at a time for weeks
  /// with no search keeps a short backlog.
  static let backlogLimit = 64

  /// Opens the search file's connection with `open` and starts the transaction, on another
  /// thread. The connection is closed before `finish()` returns, so that a first build can be
  /// put in place (`IndexStore.publishFirstBuild`).
  init(opening open: @escaping @Sendable () throws -> DatabaseQueue, token: String, pendingLimit: Int = 16 << 20) {
    self.token = token
    self.pendingLimit = pendingLimit
    inline = nil
    done.enter()
    Thread.detachNewThread { [self] in
      do {
        let database = try open()
        try database.writeWithoutTransaction { db in
          try db.inTransaction(.immediate) {
            // Older than every change of this feed.
            try Self.writeBacklog(on: db, in: "main")
            try run(db)
            if isCancelled { return .rollback }
            try db.execute(
              sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
              arguments: [IndexWriter.searchToken, token])
            return .commit
          }
        }
        try database.close()
      } catch {
        fail(error)
      }
      done.leave()
    }
  }

  /// Puts the changes into the search file's backlog at once, through the index's own
  /// connection, where the search file is attached as `fts`, in its transaction; `finish()`
  /// writes the token. For a few changed notes a connection and a thread of their own cost more
  /// than the rows: writing inline took 2-5 ms off a `vault today` of 51 ms that stored one
  /// changed note (docs/PERFORMANCE.md). The index file is locked first either way.
  init(inline db: Database, token: String) {
    self.token = token
    pendingLimit = 0
    inline = db
  }

  /// Queues a change; it is written in order with the others.
  func send(_ change: Change) {
    if let inline {
      guard failure == nil else { return }
      do {
        try postpone(change, on: inline)
      } catch {
        failure = error
      }
      return
    }
    condition.lock()
    defer { condition.unlock() }
    precondition(!closed, "a change sent to a closed search feed")
    while pendingBytes > pendingLimit && failure == nil { condition.wait() }
    // After a failure nothing more is written: `finish()` reports it.
    guard failure == nil else { return }
    pending.append(change)
    if case .store(_, let title, let body) = change { pendingBytes += title.utf8.count + body.count }
    if pending.count == 1 { condition.broadcast() }
  }

  /// Says no change follows: the writer commits as soon as it has written the queued ones,
  /// while the caller goes on with its own work (`finish()` then waits for it).
  func endInput() {
    close(cancelling: false)
  }

  /// Waits until every change is written and committed; throws what went wrong.
  func finish() throws {
    if let inline {
      if let failure { throw failure }
      try backlogInsert?.flush()
      if try Int.fetchOne(inline.cachedStatement(sql: "SELECT COUNT(*) FROM fts.backlog")) ?? 0 > Self.backlogLimit {
        try Self.writeBacklog(on: inline, in: "fts")
      }
      try inline.execute(
        sql: "INSERT OR REPLACE INTO fts.meta(key, value) VALUES (?, ?)", arguments: [IndexWriter.searchToken, token])
      return
    }
    close(cancelling: false)
    done.wait()
    if let failure { throw failure }
  }

  /// Drops the changes: the transaction is rolled back.
  func cancel() {
    // Written inline, they go with the index's transaction, which its caller rolls back.
    guard inline == nil else { return }
    close(cancelling: true)
    done.wait()
  }

  private func close(cancelling: Bool) {
    guard inline == nil else { return }
    condition.lock()
    closed = true
    cancelled = cancelled || cancelling
    condition.broadcast()
    condition.unlock()
  }

  private var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  private func fail(_ error: any Error) {
    condition.lock()
    failure = failure ?? error
    pending = []
    pendingBytes = 0
    condition.broadcast()
    condition.unlock()
  }

  /// Takes the queued changes in order until the feed is closed.
  private func run(_ db: Database) throws {
    var insert: RowInserter?
    while true {
      condition.lock()
      while pending.isEmpty && !closed { condition.wait() }
      let changes = pending
      pending.removeAll(keepingCapacity: true)
      pendingBytes = 0
      condition.broadcast()
      let stop = closed && changes.isEmpty || cancelled
      condition.unlock()
      if stop { return }
      for change in changes { try Self.write(change, on: db, in: "main", insert: &insert) }
    }
  }

  /// Puts one change into the backlog of the search file attached to `db` (`init(inline:)`):
  /// a row to store with its title and body, a row to remove with neither. Each file's last
  /// change replaces the ones before it.
  private func postpone(_ change: Change, on db: Database) throws {
    if case .clear = change {
      backlogInsert = nil
      try db.execute(sql: Schema.searchTables(in: "fts"))
      return
    }
    if backlogInsert == nil {
      backlogInsert = try RowInserter(db, table: "fts.backlog", columns: ["id", "title", "body"], orReplace: true)
    }
    try backlogInsert?.insert {
      switch change {
      case .store(let id, let title, let body):
        $0.add(id)
        $0.add(title)
        $0.add(body)
      case .remove(let id):
        $0.add(id)
        $0.add(nil as String?)
        $0.add(nil as String?)
      case .clear: break
      }
    }
  }

  /// Writes the backlog of the search file `schema` on `db` into its full-text table, in the
  /// order of the files' ids, and empties it.
  static func writeBacklog(on db: Database, in schema: String) throws {
    var changes: [Change] = []
    try RowReader.forEach(db, sql: "SELECT id, title, body FROM \(schema).backlog ORDER BY id") { row in
      let id = sqlite3_column_int64(row.handle, 0)
      if row.isNull(1) {
        changes.append(.remove(id: id))
      } else {
        changes.append(
          .store(id: id, title: String(decoding: row.bytes(1), as: UTF8.self), body: ArraySlice(row.bytes(2))))
      }
    }
    guard !changes.isEmpty else { return }
    var insert: RowInserter?
    for change in changes { try write(change, on: db, in: schema, insert: &insert) }
    try insert?.flush()
    try db.execute(sql: "DELETE FROM \(schema).backlog")
  }

  /// Writes one change into the search file, `schema` on the connection `db`.
  private static func write(_ change: Change, on db: Database, in schema: String, insert: inout RowInserter?) throws {
    switch change {
    case .store(let id, let title, let body):
      if insert == nil {
        insert = try RowInserter(
          db, table: "\(schema).search", columns: ["rowid", "title", "body"], orReplace: true)
      }
      try insert?.insert {
        $0.add(id)
        $0.add(title)
        $0.add(body)
      }
    case .remove(let id):
      try insert?.flush()
      try db.execute(sql: "DELETE FROM \(schema).search WHERE rowid = ?", arguments: [id])
    case .clear:
      insert = nil
      try db.execute(sql: Schema.searchTables(in: schema))
    }
  }
}
