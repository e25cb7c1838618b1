import Foundation
import GRDB
import Testing
import VaultCore
import VaultKit
import VaultMarkdown

@testable import VaultIndex

/// A note read again is stored by its differences: the rows that did not change stay as they
/// are, and the index still equals a rebuild from the files, byte for byte.
@Suite struct StoreByDifferencesTests {
  static let plan = """
    ---
    tags: [garden]
    status: growing
    ---
    # Plan
    - [ ] Move the lemon tree inside 📅 2026-11-30
    - [ ] Order seeds #shopping
    See [[Seeds]] and [[Lemon tree|the tree]].
    ## Later
    - [x] Water the basil ✅ 2026-11-20

    """

  /// Stored after `Plan.md` (by path), so that rows of `Plan.md` inserted again get new rowids
  /// (SQLite gives a deleted last rowid out again).
  static let files = [
    "Plan.md": plan, "Seeds.md": "# Seeds\n",
    "Z.md": "---\nstatus: later\n---\n# Z\n- [ ] Last task #z\nSee [[Plan]].\n",
  ]

  /// The rowids of each table's rows for the note at `path`, and the note's own id.
  func rowIDs(_ vault: TemporaryVault, _ path: String) throws -> [String: [Int64]] {
    try vault.store().database.read { db in
      var ids: [String: [Int64]] = [:]
      ids["files"] = try Int64.fetchAll(db, sql: "SELECT id FROM files WHERE path = ?", arguments: [path])
      for table in NoteTable.allCases {
        ids[table.rawValue] = try Int64.fetchAll(
          db,
          sql:
            "SELECT rowid FROM \(table.rawValue) WHERE file_id = (SELECT id FROM files WHERE path = ?) ORDER BY rowid",
          arguments: [path])
      }
      return ids
    }
  }

  /// Every row of the index (`dump`), and every note's search text, as the index holds them
  /// (once its backlog is written) and as a new index built from the files holds them.
  func expectSameAsRebuild(_ vault: TemporaryVault, _ comment: Comment) throws {
    let rebuilt = try IndexStore(path: vault.indexPath + "-rebuilt", parserVersion: NoteParser.version, fresh: true)
    try vault.vault().refresh(rebuilt, rebuild: true)
    let kept = try vault.store()
    #expect(try kept.dump() == rebuilt.dump(), comment)
    // The search rows of the few notes stored wait in the backlog until a search reads them.
    try kept.writeSearchBacklog()
    let searchText = { (store: IndexStore) in
      try store.database.read { db in
        try Row.fetchAll(
          db, sql: "SELECT f.path, s.title, s.body FROM files f JOIN fts.search s ON s.rowid = f.id ORDER BY f.path"
        ).map { row -> [Data] in
          // As stored: bytes, not `String` (which calls two spellings of "é" equal).
          (0..<3).map { index in (row[index] as DatabaseValue).storage.bytes }
        }
      }
    }
    #expect(try searchText(kept) == searchText(rebuilt), comment)
  }

  @Test func aNoteSavedAgainUnchangedKeepsEveryRow() throws {
    let vault = try TemporaryVault(Self.files)
    _ = try vault.refresh()
    let before = try rowIDs(vault, "Plan.md")
    #expect(before["tasks"]?.count == 3 && before["links"]?.count == 2)
    try vault.write("Plan.md", Self.plan, secondsLater: 5)
    #expect(try vault.refresh().parsed == 1)
    #expect(try rowIDs(vault, "Plan.md") == before)
    try expectSameAsRebuild(vault, "saved again unchanged")
  }

  @Test func anEditRewritesOnlyTheTablesItChanges() throws {
    let vault = try TemporaryVault(Self.files)
    _ = try vault.refresh()
    let before = try rowIDs(vault, "Plan.md")
    try vault.write("Plan.md", Self.plan + "Edited #later\n", secondsLater: 5)
    #expect(try vault.refresh().parsed == 1)
    let after = try rowIDs(vault, "Plan.md")
    for table in ["files", "tasks", "links", "headings", "properties"] {
      #expect(after[table] == before[table], "\(table) rewritten although unchanged")
    }
    #expect(after["tags"] != before["tags"])
    try expectSameAsRebuild(vault, "a tag added")

    // A task checked off in the middle: the task rows change, in the order of the note.
    try vault.write(
      "Plan.md", Self.plan.replacingOccurrences(of: "- [ ] Order seeds", with: "- [x] Order seeds"), secondsLater: 10)
    _ = try vault.refresh()
    #expect(try rowIDs(vault, "Plan.md")["tasks"] != before["tasks"])
    try expectSameAsRebuild(vault, "a task checked off")
    let lines = try vault.store().database.read { db in
      try Int.fetchAll(
        db, sql: "SELECT line FROM tasks WHERE file_id = (SELECT id FROM files WHERE path = 'Plan.md') ORDER BY rowid")
    }
    #expect(lines == lines.sorted())
  }

  @Test func aTaskAddedAtTheEndIsOneRowMore() throws {
    let vault = try TemporaryVault(Self.files)
    _ = try vault.refresh()
    let before = try rowIDs(vault, "Plan.md")
    // Right under the last task, so the text runs on in its list item: its row changes too.
    try vault.write("Plan.md", Self.plan + "- [ ] Repot the fig\n", secondsLater: 5)
    _ = try vault.refresh()
    let after = try #require(try rowIDs(vault, "Plan.md")["tasks"])
    #expect(after.count == 4)
    #expect(Array(after.prefix(2)) == Array((before["tasks"] ?? []).prefix(2)))
    try expectSameAsRebuild(vault, "a task added at the end")
  }

  @Test func textThatOnlyLooksTheSameIsStoredAnew() throws {
    // "Café" composed (NFC), then decomposed (NFD): equal as Swift strings, not as bytes.
    let composed = "# Caf\u{E9}\n- [ ] Caf\u{E9} au lait #caf\u{E9}\n"
    let decomposed = "# Cafe\u{301}\n- [ ] Cafe\u{301} au lait #cafe\u{301}\n"
    let vault = try TemporaryVault(["Café.md": composed])
    _ = try vault.refresh()
    try vault.write("Café.md", decomposed, secondsLater: 5)
    #expect(try vault.refresh().parsed == 1)
    try expectSameAsRebuild(vault, "NFC to NFD")
    let stored = try vault.store().database.read { db in
      try Data(DatabaseValue.fetchOne(db, sql: "SELECT description FROM tasks")?.storage.bytes ?? Data())
    }
    #expect(stored == Data("Cafe\u{301} au lait #cafe\u{301}".utf8))
  }

  @Test func aNoteEditedAgainAndAgainMatchesARebuildEachTime() throws {
    let vault = try TemporaryVault(Self.files)
    _ = try vault.refresh()
    // Text only, twice (the second compares the rows' digest), then rows changed after text
    // only, then back to rows seen before, then text only again.
    let edits = [
      ("text added", Self.plan + "A line of prose.\n"),
      ("more text", Self.plan + "A line of prose.\nAnother one.\n"),
      ("a task checked off", Self.plan.replacingOccurrences(of: "- [ ] Order seeds", with: "- [x] Order seeds")),
      ("the task open again", Self.plan),
      ("text again", Self.plan + "Prose at the end.\n"),
      ("a tag and a link", Self.plan + "Prose at the end #new and [[Z]].\n"),
    ]
    for (number, (what, text)) in edits.enumerated() {
      try vault.write("Plan.md", text, secondsLater: TimeInterval(5 * (number + 1)))
      #expect(try vault.refresh().parsed == 1)
      try expectSameAsRebuild(vault, "\(what)")
    }
  }

  @Test func anEditOfTheTextOnlyDoesNotReadTheRowsBackOnceTheirDigestIsKnown() throws {
    let vault = try TemporaryVault(Self.files)
    _ = try vault.refresh()
    let tamper = {
      try vault.store().database.write { db in
        try db.execute(sql: "UPDATE tasks SET description = 'tampered' WHERE description = 'Order seeds #shopping'")
      }
    }
    let tampered = {
      try vault.store().database.read { db in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks WHERE description = 'tampered'") ?? 0
      }
    }
    // A first build keeps no digest: the first edit compares the rows and puts them right.
    try tamper()
    try vault.write("Plan.md", Self.plan + "Prose.\n", secondsLater: 5)
    _ = try vault.refresh()
    #expect(try tampered() == 0)
    // From then on the digest stands for the rows: text alone does not read them.
    try tamper()
    try vault.write("Plan.md", Self.plan + "Prose, longer.\n", secondsLater: 10)
    _ = try vault.refresh()
    #expect(try tampered() == 1)
    // A change to the rows reads them, and stores the note's rows as they are.
    try vault.write("Plan.md", Self.plan + "- [ ] Repot the fig\n", secondsLater: 15)
    _ = try vault.refresh()
    #expect(try tampered() == 0)
    try expectSameAsRebuild(vault, "rows changed after the digest")
  }

  @Test func aNoteThatChangesKindKeepsNoRowOfTheOldOne() throws {
    let vault = try TemporaryVault([
      "Events/Dentist.md": "---\ndate: 2026-12-01\nstartTime: \"09:00\"\n---\n",
      "2026-11-23.md": "---\nmood: 7\n---\n# Monday\n",
    ])
    _ = try vault.refresh()
    try vault.write("Events/Dentist.md", "# No date yet\n- [ ] Find another dentist\n", secondsLater: 5)
    try vault.write("2026-11-23.md", "---\nmood: 3\n---\n# Monday\n", secondsLater: 5)
    _ = try vault.refresh()
    try expectSameAsRebuild(vault, "an event without its date, a mood changed")
    let counts = try vault.store().database.read { db in
      (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks"), try Int.fetchOne(db, sql: "SELECT mood FROM journal"))
    }
    #expect(counts.0 == 1 && counts.1 == 3)
  }
}

extension DatabaseValue.Storage {
  /// The value's bytes as SQLite holds them (text as UTF-8), for comparisons that must not
  /// fold Unicode spellings together.
  var bytes: Data {
    switch self {
    case .null: return Data()
    case .int64(let number): return Data(String(number).utf8)
    case .double(let number): return Data(String(number).utf8)
    case .string(let text): return Data(text.utf8)
    case .blob(let data): return data
    }
  }
}
