import Testing

@testable import VaultCore

@Suite struct TaskLineParserTests {
  func task(_ line: String) -> (TaskItem?, [TaskLineParser.Problem]) {
    guard let checkbox = TaskLineParser.checkbox(line) else { return (nil, []) }
    var task = TaskItem(
      line: 1, indentation: checkbox.indentation, marker: checkbox.marker,
      status: TaskStatus(symbol: checkbox.symbol))
    let problems = TaskLineParser.readFields(checkbox.text, into: &task, columnOffset: checkbox.textColumnOffset)
    return (task, problems)
  }

  @Test(arguments: [
    ("- [ ] a", " ", "-", ""), ("* [x] a", "x", "*", ""), ("+ [X] a", "X", "+", ""), ("1. [/] a", "/", "1.", ""),
    ("12) [-] a", "-", "12)", ""), ("    - [ ] a", " ", "-", "    "), ("> - [ ] a", " ", "-", "> "),
    ("\t- [?] a", "?", "-", "\t"), ("- [ ]", " ", "-", ""),
  ])
  func checkboxes(line: String, symbol: Character, marker: String, indentation: String) throws {
    let checkbox = try #require(TaskLineParser.checkbox(line))
    #expect(checkbox.symbol == symbol && checkbox.marker == marker && checkbox.indentation == indentation)
  }

  @Test(arguments: ["- [] a", "- [ ]a", "-[ ] a", "[ ] a", "- [ab] a", "text - [ ] a", "1 [ ] a"])
  func notCheckboxes(line: String) {
    #expect(TaskLineParser.checkbox(line) == nil)
  }

  @Test func statusTypes() {
    #expect(TaskStatus(symbol: " ").type == .todo)
    #expect(TaskStatus(symbol: "x").type == .done)
    #expect(TaskStatus(symbol: "X").type == .done)
    #expect(TaskStatus(symbol: "/").type == .inProgress)
    #expect(TaskStatus(symbol: "-").type == .cancelled)
    #expect(TaskStatus(symbol: "?").type == .todo)
  }

  @Test func emojiFieldsInAnyOrder() throws {
    let (parsed, problems) = task(
      "- [ ] Do it #home 📅 2026-11-30 ⏫ ➕ 2026-11-01 🛫 2026-11-10 ⏳ 2026-11-20 🔁 every week when done 🆔 abc-1 ⛔ x1,y2 🏁 delete ^blk-9"
    )
    let t = try #require(parsed)
    #expect(problems.isEmpty)
    #expect(t.description == "Do it #home")
    #expect(t.tags == ["home"])
    #expect(t.due?.description == "2026-11-30")
    #expect(t.created?.description == "2026-11-01")
    #expect(t.start?.description == "2026-11-10")
    #expect(t.scheduled?.description == "2026-11-20")
    #expect(t.priority == .high)
    #expect(t.recurrence == "every week when done")
    #expect(t.id == "abc-1")
    #expect(t.dependsOn == ["x1", "y2"])
    #expect(t.onCompletion == "delete")
    #expect(t.blockLink == "blk-9")
    #expect(t.format == .emoji)
  }

  @Test(arguments: [
    ("- [ ] a 📅2026-11-30", "2026-11-30"), ("- [ ] a 📆 2026-11-30", "2026-11-30"),
    ("- [ ] a 🗓 2026-11-30", "2026-11-30"),
    ("- [ ] a 🗓\u{FE0F} 2026-11-30", "2026-11-30"), ("- [ ] a 📅 2026-11-30 #x #y", "2026-11-30"),
  ])
  func dueSpellings(line: String, due: String) throws {
    let t = try #require(task(line).0)
    #expect(t.due?.description == due)
  }

  @Test(arguments: [
    ("🔺", TaskPriority.highest), ("⏫", .high), ("🔼", .medium), ("🔽", .low), ("⏬", .lowest), ("🔼\u{FE0F}", .medium),
  ])
  func priorities(emoji: String, priority: TaskPriority) throws {
    let t = try #require(task("- [ ] a \(emoji) 📅 2026-01-01").0)
    #expect(t.priority == priority)
    #expect(t.description == "a")
  }

  @Test func fieldsInTheMiddleStayInTheDescription() throws {
    let t = try #require(task("- [ ] pay 📅 2026-11-30 the bill").0)
    #expect(t.due == nil)
    #expect(t.description == "pay 📅 2026-11-30 the bill")
  }

  @Test func dataviewFields() throws {
    let (parsed, problems) = task(
      "- [x] Move it [due:: 2026-11-23]  [priority:: highest] (completion:: 2026-11-22) [repeat:: every day] [created:: 2026-11-01] [scheduled:: 2026-11-20] [start:: 2026-11-19] [cancelled:: 2026-11-21] [onCompletion:: keep] [id:: t1] [dependsOn:: t0]"
    )
    let t = try #require(parsed)
    #expect(problems.isEmpty)
    #expect(t.description == "Move it")
    #expect(t.due?.description == "2026-11-23")
    #expect(t.done?.description == "2026-11-22")
    #expect(t.priority == .highest)
    #expect(t.recurrence == "every day")
    #expect(t.onCompletion == "keep" && t.id == "t1" && t.dependsOn == ["t0"])
    #expect(t.format == .dataview)
  }

  @Test func unknownDataviewFieldsAreKeptAndReadingGoesOn() throws {
    let t = try #require(task("- [ ] a [due:: 2026-11-23] [project:: [[X]]] #tag").0)
    #expect(t.due?.description == "2026-11-23")
    #expect(t.description == "a [project:: [[X]]] #tag")
    #expect(t.fields.map(\.key) == ["project"])
  }

  @Test func mixedFormats() throws {
    let t = try #require(task("- [ ] a 📅 2026-11-23 [priority:: low]").0)
    #expect(t.format == .mixed && t.priority == .low && t.due != nil)
  }

  @Test func problemsCarryExactColumns() {
    let (_, problems) = task("- [ ] a 📅 2026-02-30")
    #expect(problems == [.init(severity: .error, message: "impossible due date 2026-02-30", column: 11, field: "due")])
    let (_, stray) = task("- [ ] a 📅 tomorrow")
    #expect(
      stray == [.init(severity: .warning, message: "📅 (due) is not followed by a date in YYYY-MM-DD form", column: 9)])
    let (_, dataview) = task("- [ ] a [due:: someday]")
    #expect(
      dataview == [.init(severity: .warning, message: "due is not a date in YYYY-MM-DD form: 'someday'", column: 15)])
    let (_, priority) = task("- [ ] a [priority:: urgent]")
    #expect(
      priority.first?.message
        == "unknown priority 'urgent' (the Tasks plugin reads highest, high, medium, low or lowest)")
  }

  /// Task lines are read as UTF-8 bytes. Fields after other spaces than ASCII ones,
  /// columns after letters of several bytes, and a variation selector still read as before.
  @Test func taskLinesReadAsBytesKeepFieldsAndColumns() throws {
    let (parsed, problems) = task("- [ ] 日本語\u{3000}📅\u{00A0}2026-11-30\u{3000}#東京 ^blk")
    let t = try #require(parsed)
    #expect(problems.isEmpty)
    #expect(t.due?.description == "2026-11-30" && t.blockLink == "blk")
    // A trailing tag is kept in the description, after one space.
    #expect(t.description == "日本語 #東京")
    #expect(t.tags == ["東京"])
    // Columns count scalars: `é` is two bytes, `🎸` four.
    let (_, stray) = task("- [ ] é🎸 ✅ soon")
    #expect(
      stray == [.init(severity: .warning, message: "✅ (done) is not followed by a date in YYYY-MM-DD form", column: 10)]
    )
    let (_, impossible) = task("- [ ] é🎸 [due:: 2026-02-30]")
    #expect(
      impossible == [.init(severity: .error, message: "impossible due date 2026-02-30", column: 16, field: "due")])
    let (emoji, _) = task("- [ ] a ⏫\u{FE0F} 🔁 every week 🆔 x-1 ⛔ a,b 🏁 keep 🛫\u{FE0F} 2026-01-02")
    let e = try #require(emoji)
    #expect(e.priority == .high && e.recurrence == "every week" && e.id == "x-1")
    #expect(e.dependsOn == ["a", "b"] && e.onCompletion == "keep" && e.start?.description == "2026-01-02")
    #expect(e.description == "a")
  }
}
