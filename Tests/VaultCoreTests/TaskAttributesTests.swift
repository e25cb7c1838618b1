import Testing

@testable import VaultCore

/// Task attributes read from Dataview fields, their problems, and CSV fields.
@Suite struct TaskAttributesTests {
  static func field(_ key: String, _ value: String) -> InlineField {
    InlineField(key: key, value: value, line: 1, column: 1)
  }

  @Test func attributesFromFields() {
    let attributes = TaskAttributes(fields: [
      Self.field("Difficulty", "2"), Self.field("duration", "1h30m"), Self.field("energy", "Low"),
      Self.field("mood", "7"), Self.field("other", "x"),
    ])
    #expect(attributes == TaskAttributes(difficulty: 2, duration: 90, energy: .low, mood: 7))
    #expect(attributes.fieldsText == "[difficulty:: 2] [duration:: 1h30m] [energy:: low] [mood:: 7]")
    #expect(TaskAttributes(fields: [Self.field("difficulty", "9"), Self.field("energy", "lots")]) == TaskAttributes())
  }

  @Test(
    arguments: [
      ("15m", 15), ("1h", 60), ("1h30m", 90), ("90", 90), ("2 hours", 120), ("0", nil), ("30s", nil), ("soon", nil),
    ] as [(String, Int?)])
  func durations(text: String, minutes: Int?) {
    #expect(TaskAttributes.minutes(text) == minutes)
  }

  @Test func problemsSayWhatIsAllowed() {
    #expect(
      TaskAttributes.problem(key: "difficulty", value: "6")
        == "difficulty must be a whole number from 1 to 5, found '6'")
    #expect(TaskAttributes.problem(key: "energy", value: "lots") == "energy must be low, medium or high, found 'lots'")
    #expect(TaskAttributes.problem(key: "mood", value: "11") == "mood must be a whole number from 1 to 10, found '11'")
    #expect(TaskAttributes.problem(key: "duration", value: "soon")?.hasPrefix("duration must be a time") == true)
    #expect(TaskAttributes.problem(key: "difficulty", value: "3") == nil)
    #expect(TaskAttributes.problem(key: "project", value: "anything") == nil)
  }

  @Test func csvFieldsAreQuotedAsRFC4180Says() {
    let table = CSVTable(
      header: ["a", "b"], rows: [["plain", "with, comma"], ["say \"hi\"", "two\nlines"], [" pad", ""]])
    #expect(table.text == "a,b\r\nplain,\"with, comma\"\r\n\"say \"\"hi\"\"\",\"two\nlines\"\r\n\" pad\",\r\n")
  }

  /// `vault mood --tasks`: done tasks counted on the days of each band and weekday, and r.
  @Test func moodAndTasksDone() {
    let day = { (text: String) in DateParsing.validDate(text) ?? LocalDate(dayNumber: 0) }
    let moods = [day("2026-11-16"): 2, day("2026-11-17"): 5, day("2026-11-18"): 9, day("2026-11-19"): 8]
    let done = [
      day("2026-11-17"), day("2026-11-18"), day("2026-11-18"), day("2026-11-19"), day("2026-11-19"), day("2026-11-30"),
    ]
    let report = MoodTasks(
      moods: moods, done: done, from: day("2026-11-01"), through: day("2026-11-23"), weekStart: .monday)
    #expect(report.bands.map(\.done) == [0, 1, 4])
    #expect(report.bands.map(\.days) == [1, 1, 2])
    #expect(report.weekdays.prefix(4).map(\.name) == ["Mon", "Tue", "Wed", "Thu"])
    #expect(report.weekdays.prefix(4).map(\.done) == [0, 1, 2, 2])
    #expect((report.correlation ?? 0) > 0.9)
    #expect(report.verdict.hasPrefix("a better mood goes clearly with more done (r = 0.9"))
    #expect(
      MoodTasks(moods: [:], done: [], from: day("2026-11-01"), through: day("2026-11-02"), weekStart: .monday)
        .correlation == nil)
  }

  @Test func plainTextLeavesFieldsAndTagsOut() {
    #expect(TaskAttributes.plainText("Read a chapter [duration:: 1h30m] [energy:: low] #reading") == "Read a chapter")
    #expect(
      TaskAttributes.plainText("Call [the] bank [note:: two words here] now #work/calls") == "Call [the] bank now")
  }
}
