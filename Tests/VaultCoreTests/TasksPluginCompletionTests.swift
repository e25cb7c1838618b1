import TestSupport
import Testing

@testable import VaultCore

/// Vault reads and completes task lines as the Obsidian Tasks plugin does. Every case
/// below is taken from the plugin's own tests or docs (obsidian-tasks-group/obsidian-tasks at
/// cc0fce3), cited by file, with the plugin's expected values.
@Suite struct TasksPluginCompletionTests {
  struct Read: Sendable, CustomTestStringConvertible {
    var line: String
    var description = ""
    var due: String?
    var start: String?
    var scheduled: String?
    var done: String?
    var priority: TaskPriority = .normal
    var recurrence: String?
    var id: String?
    var dependsOn: [String] = []
    var onCompletion: String?
    var tags: [String] = []
    var source: String

    var testDescription: String { "\(source): \(line)" }
  }

  static func read(_ line: String) -> (TaskItem, [TaskLineParser.Problem]) {
    var task = TaskItem(line: 1)
    let problems = TaskLineParser.readFields(line, into: &task)
    return (task, problems)
  }

  static let dataview = "tests/TaskSerializer/DataviewTaskSerializer.test.ts"
  static let emoji = "tests/TaskSerializer/DefaultTaskSerializer.test.ts"

  static let readCases: [Read] = [
    // Keys are matched as the plugin writes them; ids take [a-zA-Z0-9-_].
    Read(line: "[dependsOn:: F12345]", dependsOn: ["F12345"], source: dataview),
    Read(line: "[dependsOn:: 123456,abC123]", dependsOn: ["123456", "abC123"], source: dataview),
    Read(line: "[dependsOn::  ab , CD ,  EF  ,    GK]", dependsOn: ["ab", "CD", "EF", "GK"], source: dataview),
    Read(line: "[dependson:: F12345]", description: "[dependson:: F12345]", source: dataview),
    Read(line: "[id:: pqrd0f]", id: "pqrd0f", source: dataview),
    Read(line: "[id:: Abcd0f]", id: "Abcd0f", source: dataview),
    Read(line: "[id:: Abcd0f-]", id: "Abcd0f-", source: dataview),
    Read(line: "[id:: Ab_cd0f]", id: "Ab_cd0f", source: dataview),
    Read(line: "[id:: A*bcd0f]", description: "[id:: A*bcd0f]", source: dataview),
    Read(line: "[onCompletion:: delete]", onCompletion: "delete", source: dataview),
    Read(line: "[repeat:: every day]", recurrence: "every day", source: dataview),
    // Whitespace within a field.
    Read(line: "[due::2021-06-20]", due: "2021-06-20", source: dataview),
    Read(line: "[due::               2021-06-20]", due: "2021-06-20", source: dataview),
    Read(line: "[      due::2021-06-20]", due: "2021-06-20", source: dataview),
    Read(line: "[due::2021-06-20     ]", due: "2021-06-20", source: dataview),
    Read(line: "[     due::     2021-06-20     ]", due: "2021-06-20", source: dataview),
    Read(line: "[     priority::     high     ]", priority: .high, source: dataview),
    // Brackets, parentheses, commas.
    Read(
      line: "Some task that is [due::2021-08-22] [priority:: high]", description: "Some task that is",
      due: "2021-08-22", priority: .high, source: dataview),
    Read(
      line: "Some task that is (due::2021-08-22) (priority:: high)", description: "Some task that is",
      due: "2021-08-22", priority: .high, source: dataview),
    Read(
      line: "Some task that is [due::2021-08-22) (priority:: high]",
      description: "Some task that is [due::2021-08-22) (priority:: high]", source: dataview),
    Read(
      line: "Some task - due value not found by dataview - due:: 2021-08-22",
      description: "Some task - due value not found by dataview - due:: 2021-08-22", source: dataview),
    Read(
      line: "Some task that is [due::2021-08-22], [priority::high]       , (start::2021-08-19)",
      description: "Some task that is", due: "2021-08-22", start: "2021-08-19", priority: .high, source: dataview),
    Read(
      line:
        "Wobble [priority::high] #tag1 [completion:: 2024-09-04] #tag2  [due::2025-10-05] #tag3 [scheduled::2022-07-02] #tag4 [start::2023-08-03] #tag5  [repeat::every day]  #tag6 #tag7 #tag8 #tag9 #tag10",
      description: "Wobble #tag1 #tag2 #tag3 #tag4 #tag5 #tag6 #tag7 #tag8 #tag9 #tag10", due: "2025-10-05",
      start: "2023-08-03", scheduled: "2022-07-02", done: "2024-09-04", priority: .high, recurrence: "every day",
      tags: ["tag1", "tag2", "tag3", "tag4", "tag5", "tag6", "tag7", "tag8", "tag9", "tag10"], source: dataview),
    Read(
      line: "#hello #world #task", description: "#hello #world #task", tags: ["hello", "world", "task"],
      source: dataview),
    // The emoji format.
    Read(line: "⌛ 2021-06-20", scheduled: "2021-06-20", source: emoji),
    Read(line: "📆 2021-06-20", due: "2021-06-20", source: emoji),
    Read(line: "🗓 2021-06-20", due: "2021-06-20", source: emoji),
    Read(line: "⏫", priority: .high, source: emoji),
    Read(line: "⏫\u{FE0F}", priority: .high, source: emoji),
    Read(line: "🏁 Delete", onCompletion: "delete", source: emoji),
    Read(line: "🏁  Keep", onCompletion: "keep", source: emoji),
    Read(line: "⛔ F12345", dependsOn: ["F12345"], source: emoji),
    Read(line: "⛔\u{FE0F} F12345", dependsOn: ["F12345"], source: emoji),
    Read(line: "⛔ ab , CD ,  EF  ,    GK", dependsOn: ["ab", "CD", "EF", "GK"], source: emoji),
    Read(line: "🆔 Ab_cd0f", id: "Ab_cd0f", source: emoji),
    Read(line: "🆔 A*bcd0f", description: "🆔 A*bcd0f", source: emoji),
    // An invalid rule is read and dropped: the task does not recur.
    Read(
      line: "recurring 🔁 invalid rule 📅 2022-06-17", description: "recurring", due: "2022-06-17",
      source: "tests/Query/Filter/RecurringField.test.ts"),
    Read(
      line: "Task with invalid recurrence rule 🔁 every month on the 32nd",
      description: "Task with invalid recurrence rule", source: "tests/Renderer/TaskLineRenderer.test.ts"),
  ]

  @Test(arguments: readCases)
  func readsAsThePlugin(_ c: Read) {
    let (task, _) = Self.read(c.line)
    #expect(task.description == c.description)
    #expect(task.due?.description == c.due)
    #expect(task.start?.description == c.start)
    #expect(task.scheduled?.description == c.scheduled)
    #expect(task.done?.description == c.done)
    #expect(task.priority == c.priority)
    #expect(task.recurrence == c.recurrence)
    #expect(task.id == c.id)
    #expect(task.dependsOn == c.dependsOn)
    #expect(task.onCompletion == c.onCompletion)
    #expect(task.tags == c.tags)
  }

  @Test func anInvalidRuleIsStillAWarning() {
    let (_, problems) = Self.read("recurring 🔁 invalid rule 📅 2022-06-17")
    #expect(problems.map(\.severity) == [.warning])
    #expect(problems.first?.message.contains("does not repeat") == true)
    #expect(problems.first?.column == 13)
  }

  // MARK: Completing

  static func result(_ line: String, today: String, settings: TasksPluginSettings = TasksPluginSettings()) -> [String]?
  {
    guard let checkbox = TaskLineParser.checkbox(line), let today = DateParsing.validDate(today) else { return nil }
    var task = TaskItem(
      line: 1, status: TaskStatus(symbol: checkbox.symbol, type: settings.statusType(of: checkbox.symbol)))
    _ = TaskLineParser.readFields(checkbox.text, into: &task)
    guard case .success(let result) = TaskLineEditor.complete(line, task: task, on: today, settings: settings) else {
      return nil
    }
    return [result.nextInstance, result.line].compactMap { $0 }
  }

  @Test(arguments: TasksPluginToggles.cases)
  func completesAsThePlugin(_ c: TasksPluginToggles.Toggle) {
    #expect(Self.result(c.line, today: c.today) == c.lines)
  }

  @Test func aMissingReferenceDateSaysSo() throws {
    let line = "- [ ] Do stuff 🔁 every year 🛫 2024-02-27 ⏳ 2024-02-28 📅 2024-02-30"
    var task = TaskItem(line: 1)
    _ = TaskLineParser.readFields(String(line.dropFirst(6)), into: &task)
    let result = try TaskLineEditor.complete(
      line, task: task, on: LocalDate(year: 2023, month: 10, day: 21)!, settings: TasksPluginSettings()
    ).get()
    #expect(result.nextInstance == nil)
    #expect(result.warning?.contains("due date") == true)
  }

  /// A rule with an end day: instances up to it, then none (rrule.js gives no next date past
  /// UNTIL, and the plugin then writes no new task).
  @Test func aRuleWithAnEndDayStopsThere() {
    let rule = "every day until December 3, 2026"
    #expect(
      Self.result("- [ ] pills 🔁 \(rule) 📅 2026-12-02", today: "2026-12-02")?.first
        == "- [ ] pills 🔁 \(rule) 📅 2026-12-03")
    #expect(
      Self.result("- [ ] pills 🔁 \(rule) 📅 2026-12-03", today: "2026-12-03") == [
        "- [x] pills 🔁 \(rule) 📅 2026-12-03 ✅ 2026-12-03"
      ])
    let monthly = "every month until February 27, 2027"
    #expect(Self.result("- [ ] rent 🔁 \(monthly) 📅 2027-01-31", today: "2027-01-31")?.count == 1)
  }

  /// tests/Task/Recurrence.test.ts: the next reference dates, one per case.
  @Test(arguments: [
    ("every month", "2022-01-31", "2022-02-28"), ("every 3 months", "2022-01-31", "2022-04-30"),
    ("every 2 months", "2023-12-31", "2024-02-29"), ("every 2 years", "2024-02-29", "2026-02-28"),
    ("every 11 months", "2020-03-31", "2021-02-28"), ("every 13 months", "2020-01-31", "2021-02-28"),
  ])
  func monthsAndYearsMoveBackToTheLastDay(rule: String, due: String, next: String) {
    let lines = Self.result("- [ ] a 🔁 \(rule) 📅 \(due)", today: due)
    #expect(lines?.first == "- [ ] a 🔁 \(rule) 📅 \(next)")
  }

  /// tests/Task/Recurrence.test.ts: a lower-priority date that does not exist gets the
  /// reference date's next value.
  @Test func aLowerDateThatDoesNotExistTakesTheReferenceDate() {
    let lines = Self.result("- [ ] a 🔁 every day ⏳ 2022-02-30 📅 2022-02-27", today: "2022-02-27")
    #expect(lines?.first == "- [ ] a 🔁 every day ⏳ 2022-02-28 📅 2022-02-28")
  }

  /// tests/Task/Recurrence.test.ts, "with removeScheduledDateOnRecurrence".
  @Test(arguments: [
    (
      "- [ ] a 🔁 every month 🛫 2022-01-01 ⏳ 2022-01-04 📅 2022-01-10", "2022-01-10",
      "- [ ] a 🔁 every month 🛫 2022-02-01 📅 2022-02-10"
    ),
    ("- [ ] a 🔁 every month ⏳ 2022-01-04", "2022-01-04", "- [ ] a 🔁 every month ⏳ 2022-02-04"),
    (
      "- [ ] a 🔁 every 3 days when done 🛫 2022-01-01 ⏳ 2022-01-04", "2022-01-10",
      "- [ ] a 🔁 every 3 days when done 🛫 2022-01-13"
    ),
  ])
  func removeScheduledDateOnRecurrence(line: String, today: String, next: String) {
    var settings = TasksPluginSettings()
    settings.removeScheduledDateOnRecurrence = true
    #expect(Self.result(line, today: today, settings: settings)?.first == next)
  }

  /// docs/Getting Started/Recurring Tasks.md: with created dates on, the next instance is
  /// created today.
  @Test func setCreatedDateGivesTheNextInstanceToday() {
    var settings = TasksPluginSettings()
    settings.setCreatedDate = true
    let lines = Self.result(
      "- [ ] take out the trash 🔁 every Sunday ➕ 2021-04-01 📅 2021-04-25", today: "2023-03-10", settings: settings)
    #expect(lines?.first == "- [ ] take out the trash 🔁 every week on Sunday ➕ 2023-03-10 📅 2021-05-02")
  }

  /// docs/Getting Started/Statuses/Recurring Tasks and Custom Statuses.md: done follows the
  /// `nextStatusSymbol` chain to a DONE status, and the next instance gets the first TODO (or
  /// IN_PROGRESS) after it.
  @Test func customStatusesFollowTheirChain() {
    var settings = TasksPluginSettings()
    settings.statuses = [
      TaskStatus(symbol: " ", type: .todo), TaskStatus(symbol: "x", type: .done),
      TaskStatus(symbol: "/", type: .inProgress), TaskStatus(symbol: "-", type: .cancelled),
      TaskStatus(symbol: "D", type: .todo), TaskStatus(symbol: "X", type: .done),
    ]
    settings.nextStatusSymbols = [" ": "/", "x": "-", "/": "x", "-": " ", "D": "X", "X": "D"]
    // done-toggles-to-cancelled: `[x]` is followed by `[-]`, so the next instance is `[ ]`.
    #expect(
      Self.result("- [/] Do something 🔁 every day 📅 2023-10-15", today: "2023-10-15", settings: settings)
        == ["- [ ] Do something 🔁 every day 📅 2023-10-16", "- [x] Do something 🔁 every day 📅 2023-10-15 ✅ 2023-10-15"])
    // `[D]` → its done symbol `[X]`; the next instance gets `[D]`, the symbol after `[X]`.
    #expect(
      Self.result("- [D] Draft 🔁 every week 📅 2023-10-15", today: "2023-10-15", settings: settings)
        == ["- [D] Draft 🔁 every week 📅 2023-10-22", "- [X] Draft 🔁 every week 📅 2023-10-15 ✅ 2023-10-15"])
  }

  /// rrule.js's `toText` (test/nlp.test.ts) for the rules of the plugin's docs.
  @Test(arguments: [
    ("every 3 days", "every 3 days"), ("every 10 days when done", "every 10 days when done"),
    ("every weekday", "every weekday"), ("every week on Sunday", "every week on Sunday"),
    ("every week on Tuesday, Friday", "every week on Tuesday, Friday"), ("every 2 weeks", "every 2 weeks"),
    ("every 3 weeks on Friday", "every 3 weeks on Friday"), ("every 2 months", "every 2 months"),
    ("every month on the 1st", "every month on the 1st"), ("every month on the last", "every month on the last"),
    ("every month on the last Friday", "every month on the last Friday"),
    ("every month on the 2nd last Friday", "every month on the 2nd last Friday"),
    ("every 6 months on the 2nd Wednesday", "every 6 months on the 2nd Wednesday"),
    ("every January on the 15th", "every January on the 15th"),
    ("every February on the last", "every February on the last"),
    ("every April and December on the 1st and 24th", "every April and December on the 1st and 24th"),
    ("every year", "every year"), ("every Sunday when done", "every week on Sunday when done"),
    ("every week on Monday, Wednesday", "every week on Monday, Wednesday"),
    ("every month on the 3rd Tuesday", "every month on the 3rd Tuesday"),
    ("every year on February the 29th", "every February on the 29th"),
  ])
  func rulesAreWrittenInThePluginsWords(rule: String, text: String) {
    #expect(RecurrenceRule.parse(tasksRule: rule)?.tasksText == text)
  }

  @Test(arguments: ["daily", "every other week", "every blue moon", "every month on the 32nd", "🔁 every day"])
  func rulesThePluginDoesNotRead(rule: String) {
    #expect(RecurrenceRule.parse(tasksRule: rule) == nil)
  }
}
