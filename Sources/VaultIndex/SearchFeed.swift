import Foundation
import GRDB

/// Writes the full-text table from its own connection, on its own thread, while the index's
/// connection stores everything else. SQLite has one writer per file, and FTS5 was as much
/// work as all the other tables together: in one file a cold index waited for both in turn
/// (docs/PERFORMANCE.md).
///
/// The changes go in one transaction of the search file, committed once its input ends
/// (`endInput()`), always before the index's own: `finish()` waits for that commit. Both
/// commits write the same token (`meta.search_token`): a crash between them leaves two
/// tokens, which the next refresh sees and answers by reading every file.
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
  private var inlineInsert: RowInserter?

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

  /// Writes the changes at once through the index's own connection, where the search file is
  /// attached as `fts`, in its transaction; `finish()` writes the token. For a few changed
  /// notes a connection and a thread of their own cost more than the rows: writing inline took
  /// 2-5 ms off a `vault today` of 51 ms that stored one changed note (docs/PERFORMANCE.md).
  /// The index file is locked first either way.
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
        try write(change, on: inline, in: "fts", insert: &inlineInsert)
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
      try inlineInsert?.flush()
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
      for change in changes { try write(change, on: db, in: "main", insert: &insert) }
    }
  }

  /// Writes one change into the search file, `schema` on the connection `db`.
  private func write(_ change: Change, on db: Database, in schema: String, insert: inout RowInserter?) throws {
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
