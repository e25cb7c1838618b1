import Foundation
import GRDB
import TestSupport
import Testing

@testable import VaultIndex

@Suite struct SearchFeedTests {
  /// A search file with its tables, in a temporary folder, and a connection to it that the
  /// test reads with; the feed opens its own.
  func searchFile() throws -> (database: DatabaseQueue, open: @Sendable () throws -> DatabaseQueue) {
    let path = try ScratchFolder.make("feed").appendingPathComponent("search.sqlite").path
    let open = { @Sendable in
      try DatabaseQueue(path: path, configuration: IndexStore.configuration(attachingSearchOf: nil, building: false))
    }
    let database = try open()
    try database.write { db in try db.execute(sql: Schema.searchTables(in: "main")) }
    return (database, open)
  }

  func rows(_ database: DatabaseQueue) throws -> (count: Int, token: String?) {
    try database.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM search") ?? 0,
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'search_token'")
      )
    }
  }

  @Test func everyChangeLandsInOrderWhenTheQueueIsKeptShort() throws {
    let (database, open) = try searchFile()
    // A limit of a few bytes makes nearly every send wait for the writer.
    let feed = SearchFeed(opening: open, token: "t1", pendingLimit: 8)
    for id in 1...500 {
      feed.send(.store(id: Int64(id), title: "note \(id)", body: ArraySlice("apples and pears \(id)".utf8)))
    }
    for id in stride(from: 2, through: 500, by: 2) { feed.send(.remove(id: Int64(id))) }
    feed.send(.store(id: 1, title: "note 1", body: ArraySlice("plums".utf8)))
    try feed.finish()
    #expect(try rows(database) == (250, "t1"))
    let plums = try database.read { db in
      try Int64.fetchAll(db, sql: "SELECT rowid FROM search WHERE search MATCH 'plums'")
    }
    #expect(plums == [1])
  }

  @Test func theWriterCommitsOnceItsInputEndsWithoutWaitingForFinish() throws {
    let (database, open) = try searchFile()
    let feed = SearchFeed(opening: open, token: "t4")
    for id in 1...20 { feed.send(.store(id: Int64(id), title: "n", body: ArraySlice("text".utf8))) }
    feed.endInput()
    // The commit lands while the caller is still busy (building the index's own tables).
    var committed = try rows(database)
    for _ in 0..<500 where committed.token == nil {
      usleep(10_000)
      committed = try rows(database)
    }
    #expect(committed == (20, "t4"))
    try feed.finish()
    #expect(try rows(database) == (20, "t4"))
  }

  @Test func aCancelledFeedWritesNothing() throws {
    let (database, open) = try searchFile()
    let feed = SearchFeed(opening: open, token: "t2")
    for id in 1...50 { feed.send(.store(id: Int64(id), title: "n", body: ArraySlice("text".utf8))) }
    feed.cancel()
    #expect(try rows(database) == (0, nil))
  }

  @Test func aFailureIsReportedByFinish() throws {
    let (database, open) = try searchFile()
    try database.write { db in try db.execute(sql: "DROP TABLE search") }
    let feed = SearchFeed(opening: open, token: "t3", pendingLimit: 8)
    for id in 1...100 { feed.send(.store(id: Int64(id), title: "n", body: ArraySlice("text".utf8))) }
    #expect(throws: (any Error).self) { try feed.finish() }
  }

  /// An index file with its search file attached as `fts`, as a command's connection has it.
  func indexWithSearch() throws -> DatabaseQueue {
    let index = try ScratchFolder.make("inline").appendingPathComponent("index.sqlite").path
    let database = try DatabaseQueue(
      path: index, configuration: IndexStore.configuration(attachingSearchOf: index, building: false))
    try database.write { db in try db.execute(sql: Schema.searchTables(in: "fts")) }
    return database
  }

  func searchRows(_ database: DatabaseQueue, matching word: String) throws -> (rows: [Int64], token: String?) {
    try database.read { db in
      (
        try Int64.fetchAll(
          db, sql: "SELECT rowid FROM fts.search WHERE search MATCH ? ORDER BY rowid", arguments: [word]),
        try String.fetchOne(db, sql: "SELECT value FROM fts.meta WHERE key = 'search_token'")
      )
    }
  }

  /// Writes a few changes through a feed on the index's own connection, then commits or not.
  func writeInline(_ database: DatabaseQueue, token: String, commit: Bool) throws {
    try database.writeWithoutTransaction { db in
      try db.inTransaction {
        let feed = SearchFeed(inline: db, token: token)
        for id in 1...5 { feed.send(.store(id: Int64(id), title: "note \(id)", body: ArraySlice("apples \(id)".utf8))) }
        feed.send(.remove(id: 2))
        feed.send(.store(id: 1, title: "note 1", body: ArraySlice("plums".utf8)))
        try feed.finish()
        return commit ? .commit : .rollback
      }
    }
  }

  @Test func aFewChangesWaitInTheBacklogUntilItIsWrittenInOrder() throws {
    let database = try indexWithSearch()
    try writeInline(database, token: "t5", commit: true)
    // Committed with the token, each file's last change in the backlog, none in the table yet.
    #expect(try searchRows(database, matching: "apples") == ([], "t5"))
    #expect(try backlog(database) == ["1 plums", "2 removed", "3 apples 3", "4 apples 4", "5 apples 5"])
    try database.write { db in try SearchFeed.writeBacklog(on: db, in: "fts") }
    #expect(try searchRows(database, matching: "apples") == ([3, 4, 5], "t5"))
    #expect(try searchRows(database, matching: "plums") == ([1], "t5"))
    #expect(try backlog(database).isEmpty)
  }

  @Test func aBacklogPastItsLimitIsWrittenAtTheCommit() throws {
    let database = try indexWithSearch()
    try database.writeWithoutTransaction { db in
      try db.inTransaction {
        let feed = SearchFeed(inline: db, token: "t8")
        for id in 1...SearchFeed.backlogLimit {
          feed.send(.store(id: Int64(id), title: "n", body: ArraySlice("pears".utf8)))
        }
        try feed.finish()
        return .commit
      }
    }
    #expect(try backlog(database).count == SearchFeed.backlogLimit)
    try database.writeWithoutTransaction { db in
      try db.inTransaction {
        let feed = SearchFeed(inline: db, token: "t9")
        feed.send(.store(id: 1000, title: "n", body: ArraySlice("pears".utf8)))
        try feed.finish()
        return .commit
      }
    }
    #expect(try backlog(database).isEmpty)
    #expect(try searchRows(database, matching: "pears") == (Array(1...Int64(SearchFeed.backlogLimit)) + [1000], "t9"))
  }

  @Test func aFeedOnItsOwnConnectionWritesTheBacklogBeforeItsChanges() throws {
    let (database, open) = try searchFile()
    try database.write { db in
      try db.execute(sql: "INSERT INTO backlog(id, title, body) VALUES (1, 'n', 'old words'), (2, NULL, NULL)")
      try db.execute(sql: "INSERT INTO search(rowid, title, body) VALUES (2, 'n', 'old words')")
    }
    let feed = SearchFeed(opening: open, token: "t10")
    feed.send(.store(id: 1, title: "n", body: ArraySlice("new words".utf8)))
    try feed.finish()
    let rows = try database.read { db in
      (
        try String.fetchAll(db, sql: "SELECT rowid || ' ' || body FROM search ORDER BY rowid"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM backlog")
      )
    }
    #expect(rows.0 == ["1 new words"])
    #expect(rows.1 == 0)
  }

  /// The backlog's rows, `id body` or `id removed`, by id.
  func backlog(_ database: DatabaseQueue) throws -> [String] {
    try database.read { db in
      try String.fetchAll(db, sql: "SELECT id || ' ' || COALESCE(body, 'removed') FROM fts.backlog ORDER BY id")
    }
  }

  @Test func aFewChangesRolledBackWithTheIndexLeaveNoTrace() throws {
    let database = try indexWithSearch()
    try writeInline(database, token: "t6", commit: false)
    #expect(try searchRows(database, matching: "apples") == ([], nil))
  }

  @Test func anInlineFailureIsReportedByFinish() throws {
    let database = try indexWithSearch()
    try database.write { db in try db.execute(sql: "DROP TABLE fts.backlog") }
    try database.writeWithoutTransaction { db in
      try db.inTransaction {
        let feed = SearchFeed(inline: db, token: "t7")
        feed.send(.store(id: 1, title: "n", body: ArraySlice("text".utf8)))
        #expect(throws: (any Error).self) { try feed.finish() }
        return .rollback
      }
    }
  }
}
