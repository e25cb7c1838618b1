import Foundation
import GRDB
import TestSupport
import Testing
import VaultCore
import VaultKit
import VaultMarkdown

@testable import VaultIndex

/// A vault in a temporary folder with its index beside it, never inside it.
struct TemporaryVault {
  let root: URL
  let indexPath: String

  init(_ files: [String: String]) throws {
    let base = try ScratchFolder.make("index")
    root = base.appendingPathComponent("Vault")
    indexPath = base.appendingPathComponent("cache/index.sqlite").path
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  /// Writes a file and moves its modification time on, as an editor saving it a moment later would.
  func write(_ path: String, _ text: String, secondsLater: TimeInterval = 0) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    if secondsLater > 0 {
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(secondsLater)], ofItemAtPath: url.path)
    }
  }

  func remove(_ path: String) throws { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }

  func vault() throws -> Vault { try Vault(path: root.path) }

  func store(parserVersion: Int = NoteParser.version) throws -> IndexStore {
    try IndexStore(path: indexPath, parserVersion: parserVersion)
  }

  func refresh(rebuild: Bool = false) throws -> IndexSummary {
    let vault = try vault()
    let store = try store()
    return try vault.summary(of: try vault.refresh(store, rebuild: rebuild), in: store)
  }

  /// `path: tag, tag` for every indexed file, sorted: what the index believes the vault holds.
  func tagsByPath() throws -> [String] {
    try store().database.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT path || ':' || COALESCE((SELECT group_concat(tag, ',') FROM
            (SELECT tag FROM tags WHERE file_id = files.id ORDER BY tag)), '')
          FROM files ORDER BY path
          """)
    }
  }
}

@Suite struct IncrementalTests {
  @Test func onlyWhatChangedIsReadAgain() throws {
    let vault = try TemporaryVault(["a.md": "#one\n", "b.md": "#two\n", "Sub/c.md": "#three\n"])
    var summary = try vault.refresh()
    #expect((summary.seen, summary.parsed, summary.removed) == (3, 3, 0))
    summary = try vault.refresh()
    #expect((summary.seen, summary.parsed, summary.removed) == (3, 0, 0))

    try vault.write("a.md", "#one #edited\n", secondsLater: 5)
    summary = try vault.refresh()
    #expect((summary.parsed, summary.removed) == (1, 0))
    #expect(try vault.tagsByPath() == ["Sub/c.md:three", "a.md:edited,one", "b.md:two"])

    try vault.write("d.md", "#four\n")
    try vault.remove("b.md")
    summary = try vault.refresh()
    #expect((summary.seen, summary.parsed, summary.removed) == (3, 1, 1))
    #expect(try vault.tagsByPath() == ["Sub/c.md:three", "a.md:edited,one", "d.md:four"])
  }

  @Test func renamesTouchesAndFoldersReplacingFiles() throws {
    let vault = try TemporaryVault(["a.md": "#one\n", "b.md": "#two\n"])
    _ = try vault.refresh()
    try FileManager.default.moveItem(
      at: vault.root.appendingPathComponent("a.md"), to: vault.root.appendingPathComponent("renamed.md"))
    var summary = try vault.refresh()
    #expect((summary.parsed, summary.removed) == (1, 1))
    #expect(try vault.tagsByPath() == ["b.md:two", "renamed.md:one"])

    // Touched without a change: read again (its stamp moved), and the index says the same.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: vault.root.appendingPathComponent("b.md").path)
    summary = try vault.refresh()
    #expect((summary.parsed, summary.removed) == (1, 0))
    #expect(try vault.tagsByPath() == ["b.md:two", "renamed.md:one"])

    // A file replaced by a folder of the same name.
    try vault.remove("b.md")
    try vault.write("b.md/inner.md", "#inner\n")
    summary = try vault.refresh()
    #expect((summary.parsed, summary.removed) == (1, 1))
    #expect(try vault.tagsByPath() == ["b.md/inner.md:inner", "renamed.md:one"])
  }

  /// A vault folder moved away, or whose drive is taken away (leaving its empty mount point, on
  /// another device, at the path), while a long-running command holds the vault open: its
  /// notes are not read as removed. A folder put at the path on the same drive (a fresh clone)
  /// is the vault there.
  @Test func aVaultFolderMovedOrOnADriveTakenAwayIsNotReadAsEmpty() throws {
    let vault = try TemporaryVault(["a.md": "#one", "Events/b.md": "---\ndate: 2026-12-01\n---\n"])
    let opened = try vault.vault()
    let store = try vault.store()
    _ = try opened.refresh(store)
    let before = try vault.tagsByPath()
    #expect(opened.folderProblem == nil)
    let away = vault.root.deletingLastPathComponent().appendingPathComponent("Away")
    try FileManager.default.moveItem(at: vault.root, to: away)
    #expect(opened.folderProblem?.contains("was moved or deleted") == true)
    #expect(throws: VaultError.self) { try opened.refresh(store) }
    #expect(throws: VaultError.self) { try opened.refresh(store, files: ["a.md"], folders: ["Events"]) }
    #expect(try vault.tagsByPath() == before)
    try FileManager.default.createDirectory(at: vault.root, withIntermediateDirectories: false)
    if ScratchMount.tmpfs(at: vault.root) {
      #expect(opened.folderProblem?.contains("is on another drive now") == true)
      #expect(throws: VaultError.self) { try opened.refresh(store) }
      #expect(try vault.tagsByPath() == before)
      ScratchMount.unmount(vault.root)
    }
    // An empty folder on the same drive: the vault at the path now (nothing is wrong with it).
    #expect(opened.folderProblem == nil)
    try FileManager.default.removeItem(at: vault.root)
    try FileManager.default.moveItem(at: away, to: vault.root)
    #expect(opened.folderProblem == nil)
    #expect(try opened.refresh(store).removed == 0)
    #expect(try vault.tagsByPath() == before)
  }

  @Test func changedSettingsReadEverythingAgain() throws {
    let vault = try TemporaryVault(["Plans/party.md": "---\ndate: 2026-12-01\n---\n", "x.md": ""])
    var summary = try vault.refresh()
    #expect(summary.items[.event] == 0)
    try vault.write(".vault/config.yml", "folders:\n  events: Plans\n")
    summary = try vault.refresh()
    #expect(summary.parsed == 2)
    #expect(summary.items[.event] == 1)
    summary = try vault.refresh(rebuild: true)
    #expect(summary.parsed == 2)
  }

  @Test func theTasksGlobalFilterDecidesWhichCheckboxesAreTasks() throws {
    let vault = try TemporaryVault([
      "a.md": "- [ ] buy milk #task\n- [ ] a plain checkbox\n",
      "Goals/run.md": "---\ntype: goal\n---\n- [x] one\n- [ ] two #task\n",
    ])
    var summary = try vault.refresh()
    #expect(summary.items[.task] == 4)
    try vault.write(".obsidian/plugins/obsidian-tasks-plugin/data.json", ##"{"globalFilter": "#task"}"##)
    summary = try vault.refresh()
    #expect(summary.parsed == 2)
    #expect(summary.items[.task] == 2)
    let goal = try #require(try vault.store().goals().first)
    #expect(goal.value.progress == 0.5)
  }

  @Test func aNewParserVersionErasesTheIndex() throws {
    let vault = try TemporaryVault(["a.md": "#one\n"])
    _ = try vault.refresh()
    #expect(try vault.store().fileCount() == 1)
    let newer = try vault.store(parserVersion: NoteParser.version + 1)
    #expect(try newer.fileCount() == 0)
    let summary = try vault.vault().refresh(newer)
    #expect(summary.parsed == 1)
  }

  @Test func aCorruptIndexIsRebuiltWithAWarning() throws {
    let vault = try TemporaryVault(["a.md": "#one\n"])
    _ = try vault.refresh()
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: vault.indexPath + suffix) }
    try damage(vault.indexPath)
    let store = try vault.store()
    #expect(store.recoveryWarning?.hasPrefix("the index at \(vault.indexPath) could not be read") == true)
    let summary = try vault.vault().refresh(store)
    #expect((summary.seen, summary.parsed) == (1, 1))
  }

  /// Garbles a file's first page after SQLite's header (which still says it is vault's).
  func damage(_ file: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: Data(repeating: 0x5A, count: 8092))
    try handle.close()
  }

  /// The titles the full-text table finds for `word`.
  func found(_ word: String, in vault: TemporaryVault) throws -> [String] {
    try vault.store().files(matching: try Query.parse(word)).matches.map(\.title).sorted()
  }

  @Test func aCrashBetweenTheTwoCommitsIsSeenAndEverythingReadAgain() throws {
    let vault = try TemporaryVault(["a.md": "apples\n", "b.md": "pears\n"])
    _ = try vault.refresh()
    // The search file committed a refresh the index file did not.
    try DatabaseQueue(path: vault.indexPath + "-search").write { db in
      try db.execute(sql: "UPDATE meta SET value = 'another' WHERE key = 'search_token'")
      try db.execute(sql: "DELETE FROM search")
    }
    #expect(try found("apples", in: vault) == [])
    let summary = try vault.refresh()
    #expect(summary.parsed == 2)
    #expect(try found("apples", in: vault) == ["a"])
    #expect(try vault.refresh().parsed == 0)
  }

  @Test func aCorruptSearchFileIsRebuiltWithAWarning() throws {
    let vault = try TemporaryVault(["a.md": "apples\n"])
    _ = try vault.refresh()
    let search = vault.indexPath + "-search"
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: search + suffix) }
    try damage(search)
    let store = try vault.store()
    #expect(store.recoveryWarning?.hasPrefix("the index at \(vault.indexPath) could not be read") == true)
    #expect(try vault.vault().refresh(store).parsed == 1)
    #expect(try found("apples", in: vault) == ["a"])
  }

  @Test func anIndexOfSchema4WithItsFullTextInsideIsErased() throws {
    let vault = try TemporaryVault(["a.md": "apples\n"])
    try FileManager.default.createDirectory(
      atPath: (vault.indexPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try DatabaseQueue(path: vault.indexPath).write { db in
      try db.execute(sql: "CREATE VIRTUAL TABLE search USING fts5(title, body); PRAGMA user_version = 40007")
    }
    #expect(try vault.refresh().parsed == 1)
    let tables = try DatabaseQueue(path: vault.indexPath).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE name LIKE 'search%'")
    }
    #expect(tables == [])
    #expect(try found("apples", in: vault) == ["a"])
  }

  /// Rows go in by batches of `IndexWriter.batchRows`; none may be lost or reordered
  /// at a batch's edge, when a file is replaced, or when the load ends with a batch half full.
  @Test func batchedRowsAreAllStoredInOrder() throws {
    func note(tasks: Int, tag: String) -> String {
      (0..<tasks).map { "- [ ] task \($0) #\(tag)\($0) [[link \($0)]]\n" }.joined()
    }
    let size = IndexWriter.batchRows
    let vault = try TemporaryVault([
      "a.md": note(tasks: size * 3 + 5, tag: "a"), "b.md": note(tasks: 2, tag: "b"),
      "c.md": note(tasks: size - 1, tag: "c"),
    ])
    func rows(_ table: String, _ column: String) throws -> [String] {
      try vault.store().database.read { db in
        try String.fetchAll(
          db,
          sql: """
            SELECT path || ' ' || \(column) FROM \(table) JOIN files ON files.id = file_id
            ORDER BY path, \(table).rowid
            """)
      }
    }
    func expected(_ counts: [(String, Int)], _ row: (String, Int) -> String) -> [String] {
      counts.flatMap { path, count in (0..<count).map { row(path, $0) } }
    }
    _ = try vault.refresh()
    var counts = [("a.md", size * 3 + 5), ("b.md", 2), ("c.md", size - 1)]
    #expect(
      try rows("tasks", "description") == expected(counts) { "\($0) task \($1) #\($0.prefix(1))\($1) [[link \($1)]]" })
    #expect(try rows("tags", "tag") == expected(counts) { "\($0) \($0.prefix(1))\($1)" })
    #expect(try rows("links", "target") == expected(counts) { "\($0) link \($1)" })

    // a.md cut short and b.md grown, in place (rows deleted, then stored again) while a batch
    // holds the new rows of the other. Each note's rows stay in its order.
    try vault.write("a.md", note(tasks: size + 1, tag: "a"), secondsLater: 5)
    try vault.write("b.md", note(tasks: size * 2, tag: "b"), secondsLater: 5)
    _ = try vault.refresh()
    counts = [("a.md", size + 1), ("b.md", size * 2), ("c.md", size - 1)]
    #expect(try rows("tags", "tag") == expected(counts) { "\($0) \($0.prefix(1))\($1)" })
    #expect(try rows("tasks", "line") == expected(counts) { "\($0) \($1 + 1)" })
  }

  /// The batches' text values are bound where the inserter keeps them (`SQLITE_STATIC`): values
  /// longer than its buffer, a buffer outgrown halfway through a batch, empty values, and short
  /// last batches must all be stored as written, and the full-text rows too.
  @Test func textsBoundInPlaceAreStoredAsWritten() throws {
    let size = IndexWriter.batchRows
    func description(_ note: Int, _ task: Int) -> String {
      // Every seventh task is long: 9,000 to 30,000 bytes, past the 4 KB a row starts with.
      task % 7 == 3
        ? Array(repeating: "long\(note)-\(task) é", count: 1_000 + 300 * task).joined(separator: " ")
        : "t\(note)-\(task)"
    }
    var files: [String: String] = [:]
    for note in 0..<3 {
      files["n\(note).md"] =
        "---\nempty: \"\"\nlong: \(String(repeating: "v", count: 20_000))\n---\n"
        + (0..<(size * 2 + note * 5 + 1)).map { "- [ ] \(description(note, $0))\n" }.joined()
    }
    let vault = try TemporaryVault(files)
    _ = try vault.refresh()
    let stored = try vault.store().database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT path, description FROM tasks JOIN files ON files.id = file_id ORDER BY path, line
          """
      ).map { "\($0[0] as String) \($0[1] as String)" }
    }
    let expected = (0..<3).flatMap { note in
      (0..<(size * 2 + note * 5 + 1)).map { "n\(note).md \(description(note, $0))" }
    }
    // Compared row by row: a failure printing every long row would be megabytes.
    #expect(stored.count == expected.count)
    #expect(zip(stored, expected).filter { $0 != $1 }.isEmpty)
    let properties = try vault.store().database.read { db in
      try String.fetchAll(db, sql: "SELECT key || '=' || length(text) FROM properties ORDER BY rowid")
    }
    #expect(properties == Array(repeating: ["empty=0", "long=20000"], count: 3).flatMap { $0 })
    let bodies = try vault.store().database.read { db in
      try Int.fetchAll(db, sql: "SELECT length(body) FROM fts.search ORDER BY rowid")
    }
    #expect(
      bodies
        == (0..<3).map { note in
          (0..<(size * 2 + note * 5 + 1)).map { "- [ ] \(description(note, $0))\n".count }.reduce(0, +)
        })
  }

  /// A batch of rows must never need undoing halfway: SQLite would journal every page it
  /// touches first. So no constraint of a child table may abort a statement (`Halt` with
  /// `ABORT`, 2), and no foreign key may be checked at once (`FkCounter` 0); and a row that
  /// points at no file is still refused, at the commit.
  @Test func batchesNeedNoStatementJournalAndForeignKeysStillHold() throws {
    let vault = try TemporaryVault(["a.md": "- [ ] task #tag\n"])
    _ = try vault.refresh()
    let store = try vault.store()
    try store.database.read { db in
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%REFERENCES files%'")
      #expect(tables.count >= 9)
      for table in tables {
        let inserter = try RowInserter(db, table: table, columns: ["file_id"], rows: IndexWriter.batchRows)
        let nulls = Array(repeating: DatabaseValue.null, count: inserter.sql.filter { $0 == "?" }.count)
        let steps = try Row.fetchAll(db, sql: "EXPLAIN " + inserter.sql, arguments: StatementArguments(nulls))
        let aborting = steps.filter { step in
          let opcode: String = step["opcode"]
          let p1: Int = step["p1"]
          let p2: Int = step["p2"]
          return (opcode == "FkCounter" && p1 == 0) || (opcode.hasPrefix("Halt") && p2 == 2)
        }
        #expect(aborting.isEmpty, "\(table): \(aborting)")
      }
    }
    #expect(throws: DatabaseError.self) {
      try store.database.write { db in
        try db.execute(sql: "INSERT INTO tags(file_id, tag, name, line) VALUES (999, 'x', 'x', 1)")
      }
    }
    #expect(try store.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tags") } == 1)
  }

  @Test func indexingLeavesTheVaultUntouched() throws {
    let vault = try TemporaryVault(["a.md": "---\ntitle: x\n---\n- [ ] task 📅 2026-11-30\n", "b.md": "\r\n#crlf\r\n"])
    func snapshot() throws -> [String: Data] {
      var result: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(at: vault.root, includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if let data = try? Data(contentsOf: url) { result[url.path] = data }
      }
      return result
    }
    let before = try snapshot()
    _ = try vault.refresh()
    _ = try vault.refresh(rebuild: true)
    #expect(try snapshot() == before)
  }
}
