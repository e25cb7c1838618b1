import Foundation
import Testing

/// `vault done`, `cancel` and `undo` change exactly the task's bytes.
@Suite struct TaskCommandTests {
  func run(_ arguments: [String], in folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-22")
  }

  @Test func doneInACRLFFileWithABOMKeepsEveryOtherByte() throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.text(folder, "CRLF Note.md")
    let result = try run(["done", "call the bank"], in: folder)
    #expect(result.status == 0)
    #expect(
      result.stdout == "CRLF Note.md:3  - [ ] Call the bank 📅 2026-11-21".replacingOccurrences(of: "[ ]", with: "[x]")
        + " ✅ 2026-11-22\n")
    let after = try Fixture.text(folder, "CRLF Note.md")
    #expect(
      after
        == before.replacingOccurrences(
          of: "- [ ] Call the bank 📅 2026-11-21\r\n", with: "- [x] Call the bank 📅 2026-11-21 ✅ 2026-11-22\r\n"))
    #expect(after.utf8.prefix(3).elementsEqual([0xEF, 0xBB, 0xBF]))
  }

  /// As in the Tasks plugin (`Task.createNextOccurrence`), the next instance does not copy the
  /// block link: two lines with one `^id` would make the link ambiguous.
  @Test func aRecurringTaskGetsItsNextInstanceAboveWithoutItsBlockLink() throws {
    let folder = try Fixture.copy("TaskLists")
    let result = try run(["done", "Chores.md:6"], in: folder)
    #expect(result.status == 0)
    #expect(
      try Fixture.text(folder, "Chores.md")
        == """
        ---
        tags: [home]
        ---
        # Chores

        - [ ] Recycling 🔁 every 2 weeks 🛫 2026-12-02 📅 2026-12-04
        - [x] Recycling 🔁 every 2 weeks 🛫 2026-11-18 📅 2026-11-20 ✅ 2026-11-22 ^chore-1
        - [ ] Recycling bins wash
        - [x] Sweep the yard ✅ 2026-11-20
        - [ ] Last task, no newline 📅 2026-11-30
        """)
  }

  @Test func recurrenceOnNextLinePutsTheNextInstanceBelow() throws {
    let folder = try Fixture.copy("TaskLists")
    let settings = folder.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin")
    try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
    try Data(#"{"recurrenceOnNextLine": true}"#.utf8).write(to: settings.appendingPathComponent("data.json"))
    let result = try run(["done", "Chores.md:6", "--json"], in: folder)
    let change = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(change["line"] as? Int == 6)
    #expect(change["nextInstanceLine"] as? Int == 7)
    #expect(
      try Fixture.text(folder, "Chores.md").contains(
        "- [x] Recycling 🔁 every 2 weeks 🛫 2026-11-18 📅 2026-11-20 ✅ 2026-11-22 ^chore-1\n"
          + "- [ ] Recycling 🔁 every 2 weeks 🛫 2026-12-02 📅 2026-12-04\n- [ ] Recycling bins wash\n"))
  }

  @Test func deleteOnCompletionLeavesOnlyTheNextInstance() throws {
    let folder = try Fixture.copy("TaskLists")
    #expect(try run(["done", "pills"], in: folder).status == 0)
    let after = try Fixture.text(folder, "CRLF Note.md")
    #expect(after.contains("- [ ] Pills 🔁 every day 🏁 delete 📅 2026-11-23\r\n  - [ ] Sub task"))
    #expect(!after.contains("2026-11-22"))
  }

  @Test func aDataviewSubtaskAndAFileWithoutAFinalNewline() throws {
    let folder = try Fixture.copy("TaskLists")
    #expect(try run(["cancel", "sub task"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "CRLF Note.md").contains(
        "  - [-] Sub task  [due:: 2026-11-25]  [cancelled:: 2026-11-22]\r\n"))
    #expect(try run(["done", "no newline"], in: folder).status == 0)
    #expect(try Fixture.text(folder, "Chores.md").hasSuffix("- [x] Last task, no newline 📅 2026-11-30 ✅ 2026-11-22"))
  }

  @Test func undoReopensAndTheIdFromVaultTasksWorks() throws {
    let folder = try Fixture.copy("TaskLists")
    let listing = try run(["tasks", "--status", "done", "--json"], in: folder)
    let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
    let id = try #require(tasks.first?["id"] as? String)
    let result = try run(["undo", id], in: folder)
    #expect(result.status == 0)
    #expect(try Fixture.text(folder, "Chores.md").contains("\n- [ ] Sweep the yard\n"))
  }

  @Test func ambiguousWordsListTheCandidatesAndChangeNothing() throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.contents(of: folder)
    let result = try run(["done", "recycling"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("vault: error: 'recycling' matches 2 tasks; nothing was changed."))
    #expect(result.stderr.contains("Chores.md:6  [ ] Recycling"))
    #expect(result.stderr.contains("Chores.md:7  [ ] Recycling bins wash"))
    #expect(try Fixture.contents(of: folder) == before)
  }

  @Test(arguments: [
    (
      ["done", "Chores.md:8"],
      "vault: error: 'Sweep the yard' is already done (Chores.md:8): `vault undo Chores.md:8` reopens it"
    ),
    (
      ["undo", "bank"],
      "vault: error: no task matches 'bank': give its id or path:line from `vault tasks`, or words of its text"
    ),
    (
      ["done", "zebra"],
      "vault: error: no task matches 'zebra': give its id or path:line from `vault tasks`, or words of its text"
    ),
  ])
  func refusals(arguments: [String], message: String) throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.contents(of: folder)
    let result = try run(arguments, in: folder)
    #expect(result.status == 1)
    #expect(result.stderr == message + "\n")
    #expect(try Fixture.contents(of: folder) == before)
  }

  @Test func theFileKeepsItsModeAndNoTemporaryFileIsLeft() throws {
    let folder = try Fixture.copy("TaskLists")
    let path = folder.appendingPathComponent("Chores.md").path
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    #expect(try run(["done", "bins"], in: folder).status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        ".obsidian", "CRLF Note.md", "Chores.md",
      ])
  }

  /// A recurring task cancelled, then done after all: as the Tasks plugin, the cancelled date
  /// goes and the done date comes. Cancelled in Obsidian, it has no next instance yet and gets
  /// one; cancelled by `vault cancel`, which made the next instance then, it gets no second.
  @Test func doneOnACancelledRecurringTaskMakesOneNextInstance() throws {
    let folder = try Fixture.copy("TaskLists")
    let note = folder.appendingPathComponent("Cancelled.md")
    try Data("# Chores\n\n- [-] Water the plants 🔁 every week 📅 2026-11-15 ❌ 2026-11-16\n".utf8).write(to: note)
    let done = try run(["done", "water the plants"], in: folder)
    #expect(done.status == 0, "\(done.stderr)")
    #expect(
      try Fixture.text(folder, "Cancelled.md")
        == "# Chores\n\n- [ ] Water the plants 🔁 every week 📅 2026-11-22\n"
        + "- [x] Water the plants 🔁 every week 📅 2026-11-15 ✅ 2026-11-22\n")
    try Data("- [ ] Feed the cat 🔁 every day 📅 2026-11-21\n".utf8).write(to: note)
    #expect(try run(["cancel", "feed the cat"], in: folder).status == 0)
    let cancelled = try Fixture.text(folder, "Cancelled.md")
    #expect(
      cancelled
        == "- [ ] Feed the cat 🔁 every day 📅 2026-11-22\n- [-] Feed the cat 🔁 every day 📅 2026-11-21 ❌ 2026-11-22\n")
    #expect(try run(["done", "Cancelled.md:2"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "Cancelled.md")
        == "- [ ] Feed the cat 🔁 every day 📅 2026-11-22\n- [x] Feed the cat 🔁 every day 📅 2026-11-21 ✅ 2026-11-22\n")
  }
}
