import Testing

@testable import VaultCore

/// The reminder schedule as a pure function of items, settings and a window.
@Suite struct ReminderScheduleTests {
  static func day(_ text: String) -> LocalDate { DateParsing.validDate(text) ?? LocalDate(dayNumber: 0) }
  static func time(_ text: String) -> LocalTime { DateParsing.time(text) ?? .midnight }
  static let utc = ReminderSchedule.Zone.fixed(0)

  static func at(_ day: String, _ time: String, zone: ReminderSchedule.Zone = utc) -> Int {
    zone.instant(LocalDateTime(date: Self.day(day), time: Self.time(time)))
  }

  static func event(
    _ title: String, on day: String, at time: String? = nil, remind: [String] = [], category: String? = nil
  ) -> Located<Event> {
    var event = Event(title: title)
    event.start = Self.day(day)
    event.allDay = time == nil
    event.startTime = time.map(Self.time)
    event.remind = remind
    event.category = category
    return Located(path: "Events/\(title).md", title: title, line: 1, tags: [], value: event)
  }

  func schedule(
    events: [Located<Event>] = [], tasks: [Located<TaskItem>] = [], nudges: [ReminderSchedule.NudgeText] = [],
    settings: ReminderSettings = ReminderSettings(), from: Int, through: Int,
    zone: ReminderSchedule.Zone = Self.utc
  ) -> [Reminder] {
    ReminderSchedule.reminders(
      events: events, tasks: tasks, nudges: nudges, settings: settings, from: from, through: through, zone: zone)
  }

  @Test func offsetsBeforeATimedEventAndAllDayAtForAllDayOnes() {
    let dentist = Self.event("Dentist", on: "2026-11-28", at: "09:30", remind: ["1d", "2h", "30m"])
    let fair = Self.event("Book Fair", on: "2026-11-28", remind: ["1w", "0"])
    let found = schedule(
      events: [dentist, fair], from: Self.at("2026-11-20", "00:00"), through: Self.at("2026-11-29", "00:00"))
    #expect(
      found.map { "\($0.at) \($0.why)" } == [
        "2026-11-21T09:00 1w before Book Fair (all day)", "2026-11-27T09:30 1d before Dentist 09:30",
        "2026-11-28T07:30 2h before Dentist 09:30", "2026-11-28T09:00 at the start of Book Fair (all day)",
        "2026-11-28T09:00 30m before Dentist 09:30",
      ])
  }

  @Test func defaultsPerKindAndCategoryAndRecurringOccurrences() {
    var settings = ReminderSettings()
    settings.defaults = ["events": ["1d"], "birthday": ["7d", "1d"]]
    settings.allDayAt = Self.time("08:00")
    var birthday = Self.event("Mum's Birthday", on: "1966-12-03", category: "Birthday")
    birthday.value.recurrence = .phrase("yearly")
    var standup = Self.event("Standup", on: "2026-11-02", at: "09:00")
    standup.value.recurrence = .weekdays([.monday])
    standup.value.skipDates = [Self.day("2026-11-30")]
    let found = schedule(
      events: [birthday, standup], settings: settings, from: Self.at("2026-11-22", "00:00"),
      through: Self.at("2026-12-08", "00:00"))
    #expect(
      found.map { "\($0.at) \($0.why)" } == [
        "2026-11-22T09:00 1d before Standup 09:00", "2026-11-26T08:00 7d before Mum's Birthday (all day)",
        "2026-12-02T08:00 1d before Mum's Birthday (all day)",
        "2026-12-06T09:00 1d before Standup 09:00",
      ])
  }

  @Test func timeZonesAcrossDaylightSavingCountRealHours() {
    // Europe/Lisbon-like: UTC+1 until 2026-10-25 01:00 UTC, then UTC+0.
    let change = Self.at("2026-10-25", "01:00")
    let lisbon = ReminderSchedule.Zone(name: "Lisbon-like", offset: { $0 >= change ? 0 : 3600 })
    let flight = Self.event("Flight", on: "2026-10-25", at: "08:00", remind: ["12h"])
    let found = schedule(
      events: [flight], from: Self.at("2026-10-24", "00:00"), through: Self.at("2026-10-26", "00:00"), zone: lisbon)
    // 08:00 local after the change is 08:00 UTC; twelve real hours before is 20:00 UTC, 21:00 local.
    #expect(found.map { "\($0.at)" } == ["2026-10-24T21:00"])
  }

  @Test func tasksInBothReminderFormsAndOnTheirDueDay() {
    let lines = [
      "- [ ] Call the plumber (@2026-11-23 14:30)", "- [ ] Pay rent ⏰ 2026-11-24",
      "- [x] Done thing ⏰ 2026-11-23 10:00",
      "- [ ] Renew passport 📅 2026-11-24",
    ]
    let tasks = lines.enumerated().compactMap { index, line -> Located<TaskItem>? in
      guard let checkbox = TaskLineParser.checkbox(line) else { return nil }
      var task = TaskItem(
        line: index + 1, indentation: checkbox.indentation, marker: checkbox.marker,
        status: TaskStatus(symbol: checkbox.symbol))
      _ = TaskLineParser.readFields(checkbox.text, into: &task, columnOffset: checkbox.textColumnOffset)
      return Located(path: "Tasks.md", title: "Tasks", line: index + 1, tags: [], value: task)
    }
    #expect(tasks.count == 4)
    var settings = ReminderSettings()
    settings.taskAt = Self.time("08:30")
    settings.dueTasks = true
    let found = schedule(
      tasks: tasks, settings: settings, from: Self.at("2026-11-23", "00:00"), through: Self.at("2026-11-25", "00:00"))
    #expect(
      found.map { "\($0.at) \($0.title) (\($0.why))" } == [
        "2026-11-23T14:30 Call the plumber (reminder at 14:30)", "2026-11-24T08:30 Pay rent (reminder at 08:30)",
        "2026-11-24T08:30 Renew passport (due today)",
      ])
  }

  @Test func nudgesAreSpacedEvenlyAndNeverRepeatInADay() {
    var settings = ReminderSettings()
    settings.nudges = .init(count: 3, from: Self.time("09:00"), to: Self.time("21:00"))
    let texts = ["Be kind", "Move every day", "Write it down", "Call home"].enumerated().map {
      ReminderSchedule.NudgeText(text: $0.element, path: "Personal Code.md", line: $0.offset + 3)
    }
    let found = schedule(
      nudges: texts, settings: settings, from: Self.at("2026-11-23", "00:00"), through: Self.at("2026-11-30", "23:59"))
    #expect(found.count == 24)
    #expect(found.prefix(3).map { $0.at.time.hourMinute } == ["09:00", "15:00", "21:00"])
    for day in 0..<8 {
      let titles = found[(day * 3)..<(day * 3 + 3)].map(\.title)
      #expect(Set(titles).count == 3, "day \(day): \(titles)")
    }
    // The same on every run.
    #expect(
      found.map(\.title)
        == schedule(
          nudges: texts.reversed(), settings: settings, from: Self.at("2026-11-23", "00:00"),
          through: Self.at("2026-11-30", "23:59")
        ).map(\.title))
    #expect(
      ReminderSettings.Nudges(count: 5, from: Self.time("08:00"), to: Self.time("20:00")).times.map(\.hourMinute) == [
        "08:00", "11:00", "14:00", "17:00", "20:00",
      ])
  }

  @Test(arguments: [
    ("1d", 86_400), ("2h", 7200), ("30m", 1800), ("1w", 604_800), ("1h30m", 5400), ("2 hours", 7200), ("0", 0),
  ])
  func offsets(text: String, seconds: Int) {
    #expect(ReminderOffset.seconds(text) == seconds)
  }

  @Test func badOffsetsAreNone() {
    #expect(ReminderOffset.seconds("soon") == nil)
    #expect(ReminderOffset.seconds("1x") == nil)
    #expect(ReminderOffset.seconds("") == nil)
  }

  /// The morning digest: one a day at `digest_at` (off by default), whose text is the day's
  /// dashboard in a few lines.
  @Test func theMorningDigestIsOneADayAndAShortFormOfToday() {
    let window = (from: Self.at("2026-11-23", "00:00"), through: Self.at("2026-11-25", "23:59"))
    #expect(schedule(from: window.from, through: window.through).isEmpty)
    var settings = ReminderSettings()
    settings.digestAt = Self.time("07:15")
    let digests = schedule(settings: settings, from: window.from, through: window.through)
    #expect(digests.map { "\($0.at) \($0.kind)" } == (23...25).map { "2026-11-\($0)T07:15 digest" })

    var input = Dashboard.Input()
    input.events = [
      Self.event("Dentist", on: "2026-11-24", at: "09:30"), Self.event("Book Fair", on: "2026-11-24"),
      Self.event("Concert", on: "2026-11-27", at: "20:00"),
    ]
    var rent = TaskItem(line: 3, indentation: "", marker: "-", status: TaskStatus(symbol: " "))
    rent.description = "Pay rent ⏰ 2026-11-24 08:00"
    rent.due = Self.day("2026-11-20")
    input.actionableTasks = [Located(path: "Tasks.md", title: "Tasks", line: 3, tags: [], value: rent)]
    input.actionableCount = 1
    let digest = Dashboard(input, today: Self.day("2026-11-24"), limit: 5).digest
    #expect(digest.title == "Tuesday 2026-11-24: 2 events, 1 task")
    #expect(
      digest.body.split(separator: "\n") == [
        "all day Book Fair", "09:30 Dentist", "Tasks: Pay rent (overdue)", "Next: Concert in 3 days",
      ])
    #expect(
      Dashboard(Dashboard.Input(), today: Self.day("2026-11-24"), limit: 5).digest.title.hasSuffix("nothing planned"))
  }
}
