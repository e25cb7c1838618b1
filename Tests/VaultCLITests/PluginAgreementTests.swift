import Foundation
import TestSupport
import Testing

/// Through the built binary, vault reads and writes as the Obsidian plugins do, on a
/// vault with the Tasks plugin's global filter and custom statuses (`Fixtures/PluginSettings`).
/// The rules themselves are pinned by the plugins' own test tables in VaultCoreTests and
/// VaultMarkdownTests (TasksPluginCompletionTests, DataviewFieldTests); here, what a user sees and the bytes written.
@Suite struct PluginAgreementTests {
  static let today = "2026-11-23"

  func run(_ arguments: [String], _ folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: Self.today)
  }

  func tasks(_ folder: URL) throws -> [[String: Any]] {
    let result = try run(["tasks", "--json"], folder)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return rows.compactMap { $0["task"] as? [String: Any] }
  }

  /// tests/Query/Filter/TagsField.test.ts: the global filter is not one of the task's tags, and
  /// stays in its description; a sub-tag of it is a tag.
  @Test func theGlobalFilterIsNoTag() throws {
    let folder = try Fixture.copy("PluginSettings")
    let tasks = try tasks(folder)
    let plain = try #require(tasks.first { ($0["description"] as? String)?.contains("is not a tag") == true })
    #expect(plain["tags"] as? [String] == [])
    #expect(plain["description"] as? String == "#task global filter is not a tag")
    let sub = try #require(tasks.first { ($0["description"] as? String)?.contains("sub-task") == true })
    #expect(sub["tags"] as? [String] == ["task/sub"])
    // Lines without the filter are no tasks at all.
    #expect(!tasks.contains { ($0["description"] as? String)?.contains("no filter") == true })
  }

  /// tests/Commands/ToggleDone.test.ts, "should delete a self-deleting task": the line goes,
  /// with its line ending; every other byte stays.
  @Test func doneOnASelfDeletingTaskRemovesExactlyItsLine() throws {
    let folder = try Fixture.copy("PluginSettings")
    let before = try Fixture.text(folder, "Tasks.md")
    let result = try run(["done", "Post the letter"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("removed (🏁 delete)"))
    #expect(
      try Fixture.text(folder, "Tasks.md")
        == before.replacingOccurrences(of: "- [ ] #task Post the letter 🏁 delete 📅 2026-11-23\n", with: ""))
  }

  /// docs/Getting Started/Statuses/Recurring Tasks and Custom Statuses.md: `[D]` goes to its
  /// done status `[X]` (its `nextStatusSymbol`), and the next instance gets `[D]`, the status
  /// after `[X]`; the next instance has no id and no block link, in the plugin's order; the
  /// closed line keeps its hard break. Two lines change: the task's, and the one inserted.
  @Test func customStatusesAndTheNextInstance() throws {
    let folder = try Fixture.copy("PluginSettings")
    let before = try Fixture.text(folder, "Tasks.md")
    let result = try run(["done", "Draft the newsletter"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    let old = "- [D] #task Draft the newsletter 🔁 every week 🆔 nl1 📅 2026-11-23 ^news  \n"
    let new =
      "- [D] #task Draft the newsletter 🔁 every week 📅 2026-11-30\n"
      + "- [X] #task Draft the newsletter 🔁 every week 🆔 nl1 📅 2026-11-23 ✅ 2026-11-23 ^news  \n"
    #expect(try Fixture.text(folder, "Tasks.md") == before.replacingOccurrences(of: old, with: new))
  }

  /// docs/Getting Started/Recurring Tasks.md, "Recurring tasks must have at least one date":
  /// a recurring task without dates completes, and its next instance has none either.
  @Test func aRecurringTaskWithoutDates() throws {
    let folder = try Fixture.copy("PluginSettings")
    let result = try run(["done", "Water the ferns"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Fixture.text(folder, "Tasks.md").contains(
        "- [ ] #task Water the ferns 🔁 every 3 days\n- [x] #task Water the ferns 🔁 every 3 days ✅ 2026-11-23\n"))
  }

  /// tests/Query/Filter/RecurringField.test.ts: an invalid rule makes the task not recurring;
  /// `vault check` still warns, and `done` completes it without a next instance.
  @Test func anInvalidRuleDoesNotRepeat() throws {
    let folder = try Fixture.copy("PluginSettings")
    let check = try run(["check"], folder)
    #expect(check.stdout.contains("Tasks.md:8:24: warning: 'every blue moon' is not a recurrence rule"))
    let odd = try #require(try tasks(folder).first { ($0["description"] as? String)?.contains("Odd") == true })
    #expect(odd["recurrence"] is NSNull)
    let done = try run(["done", "Odd rule"], folder)
    #expect(done.status == 0)
    #expect(
      try Fixture.text(folder, "Tasks.md").contains(
        "- [ ] #task Water the ferns 🔁 every 3 days\n- [x] #task Odd rule 🔁 every blue moon 📅 2026-11-23 ✅ 2026-11-23\n"
      ))
  }

  // MARK: Full Calendar

  /// The days each event shows on in `vault agenda --json`, with its start time as shown.
  func agendaDays(_ folder: URL, today: String, days: Int) throws -> [String: [String]] {
    let result = try CLI.run(["agenda", "--days", String(days), "--json"], inVault: folder, today: today)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    var shown: [String: [String]] = [:]
    for row in rows {
      for entry in row["events"] as? [[String: Any]] ?? [] {
        let event = (entry["event"] as? [String: Any])?["item"] as? [String: Any]
        let title = event?["title"] as? String ?? "?"
        // Its start on the viewer's clock (`startsAt`), not the note's own time.
        let time = (entry["startsAt"] as? String).map { String($0.dropFirst(11).prefix(5)) }
        shown[title, default: []].append((row["date"] as? String ?? "?") + (time.map { " " + $0 } ?? ""))
      }
    }
    return shown
  }

  /// A Monday 08:00 Tokyo standup is a Sunday 18:00 in New York (the vault's zone); its skipped
  /// Monday (in Tokyo) is skipped on the Sunday it shows on. `type: recurring` without
  /// `startRecur` recurs on every matching day, as both plugins show it; the fork's
  /// `repeatOn` (src/types/schema.ts: `{week: 2, weekday: 0}`, the 2nd Sunday) and
  /// `repeatInterval` with `endRecur` (src/core/interop.ts: `INTERVAL`, `UNTIL`) are read.
  @Test func fullCalendarRecurringEvents() throws {
    let folder = try Fixture.copy("PluginSettings")
    let shown = try agendaDays(folder, today: "2026-11-21", days: 45)
    #expect(
      shown["Standup with Tokyo"] == [
        "2026-11-22 18:00", "2026-12-06 18:00", "2026-12-13 18:00", "2026-12-20 18:00", "2026-12-27 18:00",
        "2027-01-03 18:00",
      ])
    #expect(shown["Gym"]?.prefix(3) == ["2026-11-24", "2026-11-26", "2026-12-01"])
    #expect(shown["Book club"] == ["2026-12-13"])
    #expect(shown["Pay day"] == ["2026-12-04", "2026-12-18"])
    // A recurring event without a first day is no problem for `check`.
    let check = try run(["check"], folder)
    #expect(!check.stdout.contains("Gym.md"))
  }

  /// The Tasks plugin's completion table (TestSupport/TasksPluginToggles.swift, each case cited),
  /// through the built binary: the file holds exactly the plugin's lines afterwards.
  @Test(arguments: TasksPluginToggles.cases)
  func theCompletionTableThroughTheBinary(_ c: TasksPluginToggles.Toggle) throws {
    let folder = try ScratchFolder.make("plugin-agreement").appendingPathComponent("vault")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    try Data("# Tasks\n\n\(c.line)\n".utf8).write(to: folder.appendingPathComponent("Tasks.md"))
    let result = try CLI.run(["done", "Tasks.md:3"], inVault: folder, today: c.today)
    #expect(result.status == 0, "\(result.stderr)")
    let expected = "# Tasks\n\n" + c.lines.map { $0 + "\n" }.joined()
    #expect(try Fixture.text(folder, "Tasks.md") == expected)
  }
}
