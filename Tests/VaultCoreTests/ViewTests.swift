import Testing

@testable import VaultCore

/// The views as pure functions of items and a day: no disk, no clock.
@Suite struct ViewTests {
  static func date(_ text: String) -> LocalDate { DateParsing.validDate(text) ?? LocalDate(dayNumber: 0) }

  static func event(
    _ title: String, _ start: String, end: String? = nil, repeat recurrence: Recurrence? = nil,
    category: String? = nil, skip: [String] = []
  ) -> Located<Event> {
    var event = Event(title: title)
    event.start = date(start)
    event.end = end.map(date)
    event.recurrence = recurrence
    event.category = category
    event.skipDates = skip.map(date)
    return Located(path: "Events/\(title).md", title: title, value: event)
  }

  static func task(
    _ text: String, due: String? = nil, scheduled: String? = nil, start: String? = nil,
    priority: TaskPriority = .normal, status: TaskStatus = .todo, line: Int = 1
  ) -> Located<TaskItem> {
    var task = TaskItem(line: line, status: status, description: text)
    task.due = due.map(date)
    task.scheduled = scheduled.map(date)
    task.start = start.map(date)
    task.priority = priority
    return Located(path: "Tasks.md", title: "Tasks", line: line, value: task)
  }

  @Test(arguments: [
    ("2026-11-22", 47), ("2026-11-23", 48), ("2027-01-01", 53), ("2027-01-04", 1), ("2026-12-31", 53),
    ("2024-12-30", 1), ("2021-01-03", 53),
  ])
  func isoWeeks(day: String, week: Int) {
    #expect(Self.date(day).isoWeek == week)
    #expect(Self.date(day).weekNumber(startingOn: .monday) == week)
  }

  /// Weeks that start on Sunday or Saturday count from the week holding 1 January.
  @Test(arguments: [
    ("2026-12-31", Weekday.sunday, 1), ("2026-12-26", .sunday, 52), ("2027-01-01", .sunday, 1),
    ("2027-01-03", .sunday, 2),
    ("2026-11-23", .sunday, 48), ("2027-01-01", .saturday, 1), ("2027-01-02", .saturday, 2),
    ("2026-12-26", .saturday, 1), ("2026-12-25", .saturday, 52),
  ])
  func weekNumbersForOtherWeekStarts(day: String, weekStart: Weekday, week: Int) {
    #expect(Self.date(day).weekNumber(startingOn: weekStart) == week)
  }

  /// The calendar grid — a mark per kind, done tasks none, multi-day events as bars
  /// in lanes that never overlap, clipped to each week.
  @Test func calendarGridMarksAndLanes() {
    var input = Agenda.Input()
    input.events = [
      Self.event("Trip", "2026-11-21", end: "2026-11-25"), Self.event("Course", "2026-11-24", end: "2026-11-26"),
      Self.event("Fair", "2026-11-26", end: "2026-11-27"), Self.event("Dentist", "2026-11-24"),
    ]
    input.tasks = [Self.task("Open", due: "2026-11-24"), Self.task("Done", due: "2026-11-25", status: .done, line: 2)]
    input.notes = [Located(path: "Visa.md", title: "Visa", value: Self.date("2026-11-24"))]
    input.journal = [Located(path: "J.md", title: "J", value: JournalEntry(date: Self.date("2026-11-24"), mood: 5))]
    let days = Agenda.days(input, from: Self.date("2026-11-16"), through: Self.date("2026-11-29"))
    let grid = CalendarGrid(days, weekStart: .monday)
    #expect(grid.weeks.map(\.number) == [47, 48])
    let week = grid.weeks[1]
    #expect(week.days[1]?.marks == [.event, .task, .note, .journal])
    #expect(week.days[2]?.marks == [])
    let lanes = week.lanes.map { $0.map { "\($0.occurrence.event.title) \($0.first)-\($0.last)" } }
    #expect(lanes == [["Trip 0-2", "Fair 3-4"], ["Course 1-3"]])
    #expect(week.lanes[0][0].continuesBefore && !week.lanes[0][0].continuesAfter)
    #expect(grid.weeks[0].lanes.map { $0.map(\.first) } == [[5]])
    #expect(grid.weeks[0].lanes[0][0].continuesAfter)
  }

  @Test func aMultiDayEventAcrossAMonthEndIsOnEachOfItsDays() {
    let trip = Self.event("Ski Trip", "2027-01-30", end: "2027-02-02")
    let days = Agenda.days(
      {
        var input = Agenda.Input(); input.events = [trip]; return input
      }(), from: Self.date("2027-01-29"),
      through: Self.date("2027-02-03"))
    #expect(days.map { $0.events.count } == [0, 1, 1, 1, 1, 0])
    let february = days[3]
    #expect(february.events.first.map { $0.dayNumber(of: february.date) } == 3)
    #expect(february.events.first?.dayCount == 4)
  }

  @Test func aWeeklyClassSkipsItsSkippedDate() {
    let pottery = Self.event(
      "Pottery", "2027-01-06", repeat: .weekdays([.wednesday]), skip: ["2027-01-20"])
    let days = pottery.occurrences(in: Self.date("2027-01-01")...Self.date("2027-01-31")).map(\.start.description)
    #expect(days == ["2027-01-06", "2027-01-13", "2027-01-27"])
  }

  /// A countdown is to something that will happen: a called-off event (`status: cancelled`) has
  /// none, coming or past, while the agenda still shows it as cancelled.
  @Test func aCancelledEventIsNotCountedDown() {
    var dentist = Self.event("Dentist", "2026-12-05")
    let concert = Self.event("Concert", "2026-12-12")
    let today = Self.date("2026-11-29")
    #expect(
      Countdown.upcoming([dentist, concert], today: today).map(\.occurrence.event.value.title) == [
        "Dentist", "Concert",
      ])
    dentist.value.cancelled = true
    #expect(Countdown.upcoming([dentist, concert], today: today).map(\.occurrence.event.value.title) == ["Concert"])
    #expect(
      Countdown.past([dentist, concert], today: Self.date("2027-01-10")).map(\.occurrence.event.value.title) == [
        "Concert"
      ])
    var input = Agenda.Input()
    input.events = [dentist]
    let agenda = Agenda.days(input, from: today, through: Self.date("2026-12-06"))
    #expect(agenda.flatMap(\.events).map { ViewWords.title($0.event.value) } == ["Dentist (cancelled)"])
  }

  /// A 29 February birthday is on 28 February in common years unless `leap_day`
  /// says `mar1` or `skip` (the RFC 5545 reading, only leap years).
  @Test func aLeapDayBirthdayFollowsLeapDay() {
    var lea = Self.event("Lea", "2000-02-29", repeat: .phrase("yearly"), category: "birthday")
    let today = Self.date("2027-01-28")
    var countdown = Countdown.upcoming([lea], today: today).first
    #expect(countdown?.occurrence.start.description == "2027-02-28")
    #expect(countdown?.milestone == "turns 27")
    #expect(countdown?.phrase == "in 31 days")
    lea.value.leapDay = .mar1
    countdown = Countdown.upcoming([lea], today: today).first
    #expect(countdown?.occurrence.start.description == "2027-03-01")
    lea.value.leapDay = .skip
    countdown = Countdown.upcoming([lea], today: today).first
    #expect(countdown?.occurrence.start.description == "2028-02-29")
    #expect(countdown?.milestone == "turns 28")
    #expect(countdown?.phrase == "in 397 days")
    // In a leap year, 29 February itself, whatever the setting.
    lea.value.leapDay = .feb28
    #expect(
      lea.occurrences(in: Self.date("2028-02-27")...Self.date("2028-03-02")).map(\.start.description) == ["2028-02-29"])
  }

  /// An event under way, and one today, lead the countdown; the past is in past tense.
  @Test func countdownStates() {
    var trip = Self.event("Trip", "2026-11-22")
    trip.value.end = Self.date("2026-11-26")
    let dentist = Self.event("Dentist", "2026-11-23")
    let party = Self.event("Party", "2026-11-30")
    let gran = Self.event("Gran", "1966-11-21", repeat: .phrase("yearly"), category: "birthday")
    let today = Self.date("2026-11-23")
    let current = Countdown.upcoming([trip, dentist, party], today: today, current: true)
    #expect(current.map(\.phrase) == ["day 2 of 5 · ends Thu", "today", "in 7 days"])
    #expect(current.map(\.state) == [.underWay, .today, .upcoming])
    #expect(Countdown.upcoming([trip, dentist, party], today: today).map(\.phrase) == ["in 7 days"])
    let past = Countdown.past([gran], today: today)
    #expect(past.first?.phrase == "2 days ago")
    #expect(past.first?.milestone == "turned 60")
    #expect(past.first?.state == .past)
  }

  @Test func countdownsLeaveOutRoutineRepeatsWhenAsked() {
    let standup = Self.event("Standup", "2026-01-05", repeat: .rrule("FREQ=WEEKLY;BYDAY=MO,WE,FR"))
    let dentist = Self.event("Dentist", "2026-11-28")
    var archived = Self.event("Old", "2026-11-30")
    archived.value.archived = true
    let today = Self.date("2026-11-22")
    #expect(
      Countdown.upcoming([standup, dentist, archived], today: today).map(\.occurrence.event.title) == [
        "Standup", "Dentist",
      ])
    #expect(
      Countdown.upcoming([standup, dentist, archived], today: today, routine: false).map(\.occurrence.event.title)
        == ["Dentist"])
  }

  @Test func todaysTasksAreOverdueDueScheduledOrStartingAndBestFirst() {
    let today = Self.date("2026-11-22")
    let tasks = [
      Self.task("later", due: "2026-12-01", line: 1),
      Self.task("overdue recurring", due: "2026-11-20", line: 2),
      Self.task("due today, high", due: "2026-11-22", priority: .high, line: 3),
      Self.task("scheduled earlier", scheduled: "2026-11-20", line: 4),
      Self.task("starts today", start: "2026-11-22", line: 5),
      Self.task("started long ago", start: "2026-11-01", line: 6),
      Self.task("done", due: "2026-11-20", status: .done, line: 7),
    ]
    let entries = tasks.compactMap { Agenda.TaskEntry($0, on: today) }.sorted(by: Agenda.TaskEntry.order)
    #expect(
      entries.map(\.task.value.description) == [
        "due today, high", "overdue recurring", "scheduled earlier", "starts today",
      ])
    #expect(entries.map(\.reason) == [.due, .overdue, .scheduled, .starts])
    #expect(entries[1].daysBefore(today) == 2)
  }

  @Test func theDashboardCountsTheWeekAndTheJournalStreak() {
    var input = Dashboard.Input()
    input.doneThisWeek = 2
    input.openDueThisWeek = 3
    input.journal = ["2026-11-19", "2026-11-20", "2026-11-21"].map {
      Located(path: "Journal/\($0).md", title: $0, value: JournalEntry(date: Self.date($0), mood: 7))
    }
    let dashboard = Dashboard(input, today: Self.date("2026-11-22"), limit: 3)
    #expect(dashboard.stats.completionRate == 0.4)
    // Today's entry is not written yet: the streak runs to yesterday.
    #expect(dashboard.stats.journalStreak == 3)
    #expect(dashboard.journal.entry == nil)
    #expect(dashboard.journal.week == [nil, nil, nil, 7, 7, 7, nil])
  }

  @Test func theItemOfTheDayTurnsDailyAndStaysAllDay() {
    let picks = (0..<4).map { Dashboard.ofTheDay(count: 3, today: Self.date("2026-11-22").adding(days: $0)) }
    #expect(Set(picks.prefix(3)).count == 3)
    #expect(picks[3] == picks[0])
    #expect(Dashboard.ofTheDay(count: 0, today: Self.date("2026-11-22")) == 0)
  }

  @Test func moodByWeekAndByTag() {
    let entries = [("2026-11-16", 6, ["work"]), ("2026-11-17", 8, ["sport"]), ("2026-11-23", 9, ["sport"])].map {
      Located(
        path: "Journal/\($0.0).md", title: $0.0,
        value: JournalEntry(date: Self.date($0.0), mood: $0.1, moodTags: $0.2))
    }
    let report = MoodReport(entries, from: Self.date("2026-11-16"), through: Self.date("2026-11-29"), grouping: .week)
    #expect(report.rows.map(\.average) == [7.0, 9.0])
    #expect(report.byTag.map(\.tag) == ["sport", "work"])
    #expect(report.byTag.first?.average == 8.5)
    #expect(report.average == 7.7)
  }

  /// A word shown at the start of a line takes a capital, ASCII or not, and the rest stays.
  @Test(arguments: [
    ("sunday", "Sunday"), ("Monday", "Monday"), ("élan", "Élan"), ("ßtraße", "SStraße"), ("1st", "1st"), ("", ""),
    ("zebra", "Zebra"), ("august", "August"),
  ])
  func aWordTakesACapital(word: String, shown: String) {
    #expect(ViewWords.capitalized(word) == shown)
  }
}
