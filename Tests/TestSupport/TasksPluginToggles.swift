/// What completing a task line gives in the Obsidian Tasks plugin, from its own tests
/// and docs (obsidian-tasks-group/obsidian-tasks at cc0fce3), cited by file. VaultCoreTests run
/// the table through `TaskLineEditor`, VaultCLITests through the built binary.
public enum TasksPluginToggles {
  public struct Toggle: Sendable, CustomStringConvertible {
    public var line: String
    public var today: String
    /// The lines the file holds afterwards, the next instance first.
    public var lines: [String]
    public var source: String
    public var description: String { "\(source): \(line)" }
  }

  static let toggleDone = "tests/Commands/ToggleDone.test.ts"
  static let recurringDocs = "docs/Getting Started/Recurring Tasks.md"

  public static let cases: [Toggle] = [
    Toggle(
      line: "- [ ] description", today: "2022-09-04", lines: ["- [x] description ✅ 2022-09-04"], source: toggleDone),
    Toggle(
      line: "* [ ] #task description", today: "2022-09-04", lines: ["* [x] #task description ✅ 2022-09-04"],
      source: toggleDone),
    Toggle(line: "- [ ] foo ", today: "2022-09-04", lines: ["- [x] foo ✅ 2022-09-04"], source: toggleDone),
    Toggle(line: "- [ ] foo  ", today: "2022-09-04", lines: ["- [x] foo ✅ 2022-09-04  "], source: toggleDone),
    Toggle(line: "- [ ] foo   ", today: "2022-09-04", lines: ["- [x] foo ✅ 2022-09-04   "], source: toggleDone),
    Toggle(
      line: "- [ ] I am a recurring task 🔁 every day 📅 2022-09-04", today: "2022-09-04",
      lines: [
        "- [ ] I am a recurring task 🔁 every day 📅 2022-09-05",
        "- [x] I am a recurring task 🔁 every day 📅 2022-09-04 ✅ 2022-09-04",
      ], source: toggleDone),
    // A trailing space is not copied into the next instance.
    Toggle(
      line: "- [ ] I am a recurring task 🔁 every day 📅 2022-09-04 ", today: "2022-09-04",
      lines: [
        "- [ ] I am a recurring task 🔁 every day 📅 2022-09-05",
        "- [x] I am a recurring task 🔁 every day 📅 2022-09-04 ✅ 2022-09-04",
      ], source: toggleDone),
    Toggle(line: "- [ ] #task Delete me 🏁 delete", today: "2022-09-04", lines: [], source: toggleDone),
    Toggle(
      line: "- [ ] #task Delete my completed task 🔁 every day 🏁 delete ⏳ 2024-12-31", today: "2024-12-31",
      lines: ["- [ ] #task Delete my completed task 🔁 every day 🏁 delete ⏳ 2025-01-01"], source: toggleDone),
    Toggle(
      line: "- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25", today: "2021-04-24",
      lines: [
        "- [ ] take out the trash 🔁 every week on Sunday 📅 2021-05-02",
        "- [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24",
      ], source: recurringDocs + " (rule in rrule.js's words: tests/Query/Filter/RecurrenceField.test.ts)"),
    Toggle(
      line: "- [ ] sweep the floors 🔁 every week when done ⏳ 2021-02-06", today: "2022-02-13",
      lines: [
        "- [ ] sweep the floors 🔁 every week when done ⏳ 2022-02-20",
        "- [x] sweep the floors 🔁 every week when done ⏳ 2021-02-06 ✅ 2022-02-13",
      ], source: recurringDocs),
    Toggle(
      line: "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-06", today: "2022-02-13",
      lines: [
        "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-13",
        "- [x] sweep the floors 🔁 every week ⏳ 2021-02-06 ✅ 2022-02-13",
      ], source: recurringDocs),
    Toggle(
      line: "- [ ] do stuff 🔁 every month 📅 2021-10-31", today: "2021-10-31",
      lines: ["- [ ] do stuff 🔁 every month 📅 2021-11-30", "- [x] do stuff 🔁 every month 📅 2021-10-31 ✅ 2021-10-31"],
      source: recurringDocs),
    Toggle(
      line: "- [ ] do stuff 🔁 every month on the last 📅 2022-01-31", today: "2022-01-31",
      lines: [
        "- [ ] do stuff 🔁 every month on the last 📅 2022-02-28",
        "- [x] do stuff 🔁 every month on the last 📅 2022-01-31 ✅ 2022-01-31",
      ], source: recurringDocs),
    Toggle(
      line: "- [ ] do stuff 🔁 every month on the 31st 📅 2022-01-31", today: "2022-01-31",
      lines: [
        "- [ ] do stuff 🔁 every month on the 31st 📅 2022-03-31",
        "- [x] do stuff 🔁 every month on the 31st 📅 2022-01-31 ✅ 2022-01-31",
      ], source: recurringDocs),
    // The reference date does not exist: done, no next instance (the rule stays on the line:
    // vault changes only the bytes it means to, where the plugin rewrites the line).
    Toggle(
      line: "- [ ] Do stuff 🔁 every year 🛫 2024-02-27 ⏳ 2024-02-28 📅 2024-02-30", today: "2023-10-21",
      lines: ["- [x] Do stuff 🔁 every year 🛫 2024-02-27 ⏳ 2024-02-28 📅 2024-02-30 ✅ 2023-10-21"],
      source: recurringDocs + " (Recurrence rule lost if highest priority date is invalid)"),
    // No dates: the next instance has none either.
    Toggle(
      line: "- [ ] Do stuff 🔁 every day", today: "2023-02-13",
      lines: ["- [ ] Do stuff 🔁 every day", "- [x] Do stuff 🔁 every day ✅ 2023-02-13"], source: recurringDocs),
    // The created date is not copied unless setCreatedDate is on; id, dependsOn and the block
    // link are not copied (Task.createNextOccurrence).
    Toggle(
      line:
        "- [ ] Do exercises #todo #health 🆔 abcdef ⛔ 123456,abc123 🔼 🔁 every day when done 🏁 keep ➕ 2023-07-01 🛫 2023-07-02 ⏳ 2023-07-03 📅 2023-07-04 ^dcf64c",
      today: "2023-07-05",
      lines: [
        "- [ ] Do exercises #todo #health 🔼 🔁 every day when done 🏁 keep 🛫 2023-07-04 ⏳ 2023-07-05 📅 2023-07-06",
        "- [x] Do exercises #todo #health 🆔 abcdef ⛔ 123456,abc123 🔼 🔁 every day when done 🏁 keep ➕ 2023-07-01 🛫 2023-07-02 ⏳ 2023-07-03 📅 2023-07-04 ✅ 2023-07-05 ^dcf64c",
      ], source: "src/Task/Task.ts createNextOccurrence; order: tests/TaskSerializer/DefaultTaskSerializer.test.ts"),
    // The Dataview format writes its fields with two spaces, in the plugin's order.
    Toggle(
      line: "- [ ] Do exercises [due:: 2023-07-04]  [priority:: medium]  [repeat:: every day]", today: "2023-07-04",
      lines: [
        "- [ ] Do exercises  [priority:: medium]  [repeat:: every day]  [due:: 2023-07-05]",
        "- [x] Do exercises [due:: 2023-07-04]  [priority:: medium]  [repeat:: every day]  [completion:: 2023-07-04]",
      ], source: "tests/TaskSerializer/DataviewTaskSerializer.test.ts" + " (should serialize a fully populated task)"),
    Toggle(
      line: "- [ ] Leap 🔁 every year on February the 29th 📅 2024-02-29", today: "2024-02-29",
      lines: [
        "- [ ] Leap 🔁 every February on the 29th 📅 2028-02-29",
        "- [x] Leap 🔁 every year on February the 29th 📅 2024-02-29 ✅ 2024-02-29",
      ], source: "rrule.js parsetext.ts ON(), totext.ts YEARLY()"),
    // A cancelled recurring task set to done: the cancelled date goes, the next instance comes.
    Toggle(
      line: "- [-] Stuff 🔁 every day 📅 2023-05-15 ❌ 2023-05-16", today: "2023-06-26",
      lines: [
        "- [ ] Stuff 🔁 every day 📅 2023-05-16",
        "- [x] Stuff 🔁 every day 📅 2023-05-15 ✅ 2023-06-26",
      ], source: "tests/Task/Task.test.ts (should remove cancelled date when toggling CANCELLED recurring task to DONE)"
    ),
  ]

}
