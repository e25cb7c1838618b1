import Testing

@testable import VaultCore

/// Completing, cancelling and reopening a task line, byte for byte as the Tasks plugin.
@Suite struct TaskLineEditorTests {
  static let today = DateParsing.validDate("2026-11-22") ?? LocalDate(dayNumber: 0)

  static func task(_ line: String) -> TaskItem {
    let checkbox = TaskLineParser.checkbox(line)
    var task = TaskItem(line: 1, status: TaskStatus(symbol: checkbox?.symbol ?? " "))
    _ = TaskLineParser.readFields(checkbox?.text ?? "", into: &task)
    return task
  }

  static func settings(_ format: TaskFormat = .emoji) -> TasksPluginSettings {
    var settings = TasksPluginSettings()
    settings.format = format
    return settings
  }

  static func complete(_ line: String, settings: TasksPluginSettings = settings()) -> TaskLineEditor.Result? {
    try? TaskLineEditor.complete(line, task: task(line), on: today, settings: settings).get()
  }

  @Test(arguments: [
    ("- [ ] Renew passport ⏫ 📅 2026-11-20", "- [x] Renew passport ⏫ 📅 2026-11-20 ✅ 2026-11-22"),
    ("    * [ ] Nested, with a block link ^abc-1", "    * [x] Nested, with a block link ✅ 2026-11-22 ^abc-1"),
    // A hard break stays at the end, as the plugin's toggle keeps it (ToggleDone.test.ts).
    ("> - [/] In a callout  ", "> - [x] In a callout ✅ 2026-11-22  "),
    ("> - [/] In a callout ", "> - [x] In a callout ✅ 2026-11-22"),
    ("1. [ ] Numbered #tag", "1. [x] Numbered #tag ✅ 2026-11-22"),
    ("- [ ] Dataview task  [due:: 2026-11-24]", "- [x] Dataview task  [due:: 2026-11-24]  [completion:: 2026-11-22]"),
    ("- [ ] Café ✅ stickers 📅 2026-11-30", "- [x] Café ✅ stickers 📅 2026-11-30 ✅ 2026-11-22"),
  ])
  func completing(line: String, expected: String) {
    #expect(Self.complete(line) == TaskLineEditor.Result(line: expected, nextInstance: nil))
  }

  @Test func aPlainTaskTakesTheVaultsNotation() {
    #expect(
      Self.complete("- [ ] Plain", settings: Self.settings(.dataview))?.line == "- [x] Plain  [completion:: 2026-11-22]"
    )
  }

  @Test(arguments: [
    (
      "- [ ] Water the plants 🔁 every week on Sunday ⏳ 2026-11-22",
      "- [ ] Water the plants 🔁 every week on Sunday ⏳ 2026-11-29"
    ),
    (
      "- [ ] Recycling 🔁 every 2 weeks 🛫 2026-11-18 📅 2026-11-20",
      "- [ ] Recycling 🔁 every 2 weeks 🛫 2026-12-02 📅 2026-12-04"
    ),
    ("- [ ] Rent 🔁 every month 📅 2026-01-31", "- [ ] Rent 🔁 every month 📅 2026-02-28"),
    ("- [ ] Stretch 🔁 every day when done 📅 2026-11-01", "- [ ] Stretch 🔁 every day when done 📅 2026-11-23"),
    (
      "- [ ] Report 🆔 abc ⛔ xyz 🔁 every month on the last Friday 📅 2026-11-27",
      "- [ ] Report 🔁 every month on the last Friday 📅 2026-12-25"
    ),
    (
      "- [ ] Review  [repeat:: every week]  [due:: 2026-11-20]",
      "- [ ] Review  [repeat:: every week]  [due:: 2026-11-27]"
    ),
  ])
  func recurringTasksGetTheirNextInstance(line: String, next: String) {
    let result = Self.complete(line)
    #expect(result?.nextInstance == next)
    #expect(result?.line?.hasPrefix("- [x] ") == true)
  }

  @Test func deleteOnCompletionDropsTheDoneInstance() {
    let result = Self.complete("- [ ] Pills 🔁 every day 🏁 delete 📅 2026-11-22")
    #expect(result == TaskLineEditor.Result(line: nil, nextInstance: "- [ ] Pills 🔁 every day 🏁 delete 📅 2026-11-23"))
  }

  @Test func cancellingAndReopening() throws {
    let line = "- [ ] Sell the bike 📅 2026-11-30"
    let cancelled = try TaskLineEditor.cancel(line, task: Self.task(line), on: Self.today, settings: Self.settings())
      .get()
    #expect(cancelled.line == "- [-] Sell the bike 📅 2026-11-30 ❌ 2026-11-22")
    let closed = try #require(cancelled.line)
    #expect(try TaskLineEditor.reopen(closed, task: Self.task(closed), settings: Self.settings()).get() == line)
    let done = "- [x] Return library books ✅ 2026-11-18 📅 2026-11-19"
    #expect(
      try TaskLineEditor.reopen(done, task: Self.task(done), settings: Self.settings()).get()
        == "- [ ] Return library books 📅 2026-11-19")
  }

  @Test(arguments: [
    ("- [x] Done already ✅ 2026-11-01", TaskLineEditor.Failure.alreadyClosed("done"))
  ])
  func refusals(line: String, failure: TaskLineEditor.Failure) {
    guard
      case .failure(let error) = TaskLineEditor.complete(
        line, task: Self.task(line), on: Self.today, settings: Self.settings())
    else {
      Issue.record("\(line) should fail")
      return
    }
    #expect(error == failure)
  }

  @Test func aDateFromTheFileNameIsNoDateToRepeatFrom() throws {
    // As in the Tasks plugin, a recurrence counts from the line's own dates only: with none,
    // the next instance has none either.
    let line = "- [ ] Stretch 🔁 every day"
    var task = Self.task(line)
    task.scheduled = Self.today
    task.scheduledIsInferred = true
    let result = try TaskLineEditor.complete(line, task: task, on: Self.today, settings: Self.settings()).get()
    #expect(result.nextInstance == "- [ ] Stretch 🔁 every day")
    // An undated task that does not repeat is simply done.
    let plain = "- [ ] Call the plumber"
    var undated = Self.task(plain)
    undated.scheduled = Self.today
    undated.scheduledIsInferred = true
    let done = try? TaskLineEditor.complete(plain, task: undated, on: Self.today, settings: Self.settings()).get()
    #expect(done?.line == "- [x] Call the plumber ✅ 2026-11-22")
  }

  @Test func thePluginsSettings() {
    var settings = Self.settings()
    settings.setCreatedDate = true
    settings.removeScheduledDateOnRecurrence = true
    let result = Self.complete("- [ ] Water 🔁 every week ⏳ 2026-11-22 📅 2026-11-23", settings: settings)
    #expect(result?.nextInstance == "- [ ] Water 🔁 every week ➕ 2026-11-22 📅 2026-11-30")
    settings.setDoneDate = false
    #expect(Self.complete("- [ ] Plain", settings: settings)?.line == "- [x] Plain")
  }
}
