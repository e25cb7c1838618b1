import Testing
import VaultCore

@testable import VaultMarkdown

@Suite struct KindTests {
  static var settings: VaultSettings {
    var settings = VaultSettings()
    settings.dailyNotes = DailyNoteSettings(folder: "Journal", format: "YYYY/MM/YYYY-MM-DD")
    return settings
  }

  @Test(arguments: [
    ("Notes/a.md", "---\ntype: goal\n---\n", ItemKind.goal),
    ("Events/a.md", "---\ntype: note\n---\n", .note),
    ("a.md", "---\ntype: recurring\ndaysOfWeek: [M]\n---\n", .event),
    ("a.md", "---\ndate: 2026-12-01\nallDay: true\n---\n", .event),
    ("a.md", "---\ndate: 2026-12-01\nstartTime: \"10:00\"\n---\n", .event),
    ("a.md", "---\ndate: 2026-12-01\n---\n", .note),
    ("a.md", "---\nstatus: open\ndue: 2026-12-01\n---\n", .task),
    ("a.md", "---\ncategories: [\"[[Events]]\"]\ndate: 2026-12-01\n---\n", .event),
    ("a.md", "---\ncategories:\n  - \"[[Insights]]\"\n---\n", .insight),
    ("Events/x.md", "", .event),
    ("goals/x.md", "", .goal),
    ("Insights/Deep/x.md", "", .insight),
    ("Journal/2026/11/2026-11-22.md", "---\nmood: 7\n---\n", .journal),
    ("Journal/2026-11-22.md", "", .note),
    ("Personal Code.md", "1. Be kind\n2. Be brave\n", .principle),
    ("Notes/x.md", "", .note),
  ])
  func kinds(path: String, text: String, kind: ItemKind) {
    #expect(note(text, path: path, settings: Self.settings).kind == kind)
  }

  /// `date:` with `start:` beside it, as the example vault's race: the day of the first, the
  /// time of the one that holds one for that day; a `start` of another day is said.
  @Test func aStartTimeBesideTheDateIsRead() throws {
    let race = note("---\ndate: 2027-01-15\nstart: 2027-01-15T09:00\n---\n", path: "Events/Race.md")
    #expect(race.event?.start == LocalDate(year: 2027, month: 1, day: 15))
    #expect(race.event?.startTime == LocalTime(hour: 9, minute: 0))
    #expect(race.diagnostics.isEmpty)
    let apart = note("---\ndate: 2027-01-15\nstart: 2027-01-16T09:00\n---\n", path: "Events/Race.md")
    #expect(apart.event?.start == LocalDate(year: 2027, month: 1, day: 15))
    #expect(apart.event?.startTime == nil)
    #expect(
      messages(apart) == [
        "Events/Race.md:3:1: warning: 'start' (2027-01-16) is another day than 'date' (2027-01-15): 'date' is read; remove one"
      ])
  }

  @Test func fullCalendarEvent() throws {
    let event = try #require(
      note(
        "---\ntitle: Concert\ndate: 2026-12-05\nendDate: 2026-12-06\nallDay: false\nstartTime: 7:30 pm\nendTime: \"23:00\"\ncompleted: null\n---\n",
        path: "Events/2026-12-05 Concert.md"
      ).event)
    #expect(
      event.title == "Concert" && event.start?.description == "2026-12-05" && event.end?.description == "2026-12-06")
    #expect(!event.allDay && event.startTime?.description == "19:30" && event.endTime?.description == "23:00")
    #expect(event.dayCount == 2 && event.completed == false)
  }

  @Test func plainAndKepanoEvents() throws {
    let plain = try #require(
      note(
        "---\ndate: 2026-11-28\ntime: 09:30-10:15\nemoji: 🦷\nrepeat: yearly\narchived: true\nremind: 1d, 2h\n---\n",
        path: "Events/2026-11-28 Dentist.md"
      ).event)
    #expect(
      plain.title == "Dentist" && plain.startTime?.description == "09:30" && plain.endTime?.description == "10:15")
    #expect(plain.recurrence == .phrase("yearly") && plain.archived && plain.remind == ["1d", "2h"])
    let kepano = try #require(
      note("---\ncategories: [\"[[Events]]\"]\nstart: 2026-11-28T18:00\nend: \"[[2026-11-29]]\"\n---\n", path: "x.md")
        .event)
    #expect(kepano.start?.description == "2026-11-28" && kepano.startTime?.description == "18:00")
    #expect(kepano.end?.description == "2026-11-29")
  }

  @Test func recurringEvents() throws {
    let weekly = try #require(
      note("---\ntype: recurring\ndaysOfWeek: [M, W, F]\nstartRecur: 2026-09-01\nendRecur: 2027-06-30\n---\n").event)
    #expect(weekly.recurrence == .weekdays([.monday, .wednesday, .friday]))
    #expect(weekly.start?.description == "2026-09-01" && weekly.recurrenceEnd?.description == "2027-06-30")
    let rrule = try #require(
      note("---\ntype: rrule\nstartDate: 2026-01-05\nrrule: FREQ=MONTHLY;BYDAY=-1FR\nskipDates: [2026-02-27]\n---\n")
        .event)
    #expect(rrule.recurrence == .rrule("FREQ=MONTHLY;BYDAY=-1FR") && rrule.skipDates.count == 1)
  }

  @Test(arguments: [
    (
      "---\ntype: event\n---\n",
      "Note.md:1:1: warning: event has no date: add 'date: YYYY-MM-DD' (or 'startRecur' / 'startDate' for a recurring one)"
    ),
    ("---\ntype: event\ndate: soon\n---\n", "Note.md:3:1: warning: 'date' is not a date in YYYY-MM-DD form: 'soon'"),
    (
      "---\ntype: event\ndate: 2026-11-01\ntime: late\n---\n",
      "Note.md:4:1: warning: 'late' is not a time such as 19:30 or 7:30 pm"
    ),
    (
      "---\ntype: event\ndate: 2026-11-01\nrepeat: sometimes\n---\n",
      "Note.md:4:1: warning: unknown repeat 'sometimes' (use yearly, monthly, weekly, daily, 'every ...' or an RRULE such as FREQ=WEEKLY;BYDAY=MO)"
    ),
    (
      "---\ntype: event\ndate: 2026-11-05\nendDate: 2026-11-01\n---\n",
      "Note.md:4:1: warning: the event ends (2026-11-01) before it starts (2026-11-05)"
    ),
  ])
  func eventDiagnostics(text: String, expected: String) {
    #expect(messages(note(text)).contains(expected))
  }

  @Test func journalAndMood() throws {
    let entry = note(
      "---\nmood: 7\nmood_tags: [work, \"#tired\"]\n---\n", path: "Journal/2026/11/2026-11-22.md",
      settings: Self.settings)
    #expect(
      entry.journal
        == JournalEntry(date: LocalDate(year: 2026, month: 11, day: 22)!, mood: 7, moodTags: ["work", "tired"]))
    #expect(entry.date?.description == "2026-11-22")
    for bad in ["14", "0", "6.5", "great"] {
      let wrong = note("---\nmood: \(bad)\n---\n", path: "Journal/2026/11/2026-11-22.md", settings: Self.settings)
      #expect(
        messages(wrong) == [
          "Journal/2026/11/2026-11-22.md:2:1: error: mood must be a whole number from 1 to 10, found '\(bad)'"
        ])
      #expect(wrong.journal?.mood == nil)
    }
  }

  @Test func goalsPrinciplesAndInsights() throws {
    #expect(note("---\nprogress: 40\n---\n", path: "Goals/a.md").goal?.progress == 0.4)
    #expect(note("---\nprogress: 40%\n---\n", path: "Goals/a.md").goal?.progress == 0.4)
    #expect(note("---\nprogress: 3/4\n---\n", path: "Goals/a.md").goal?.progress == 0.75)
    let checkboxes = try #require(note("- [x] a\n- [ ] b\n- [-] c\n- [ ] d\n", path: "Goals/a.md").goal)
    #expect(checkboxes.progress == 1.0 / 3.0 && checkboxes.progressSource == "checkboxes (1/3)")
    let done = try #require(note("---\nstatus: done\ntarget: 2026-12-31\n---\n", path: "Goals/a.md").goal)
    #expect(done.isDone && done.target?.description == "2026-12-31")
    let code = note("# Code\n\n1. Be kind\n   - detail\n2. Be brave\n", path: "Personal Code.md")
    #expect(code.principles == [Principle(text: "Be kind", line: 3), Principle(text: "Be brave", line: 5)])
    #expect(code.itemCounts == [.principle: 2, .task: 0])
    let insight = try #require(
      note("---\nauthor: Seneca\n---\n> Life is long if you know how to use it.\n", path: "Insights/a.md").insight)
    #expect(insight.text == "Life is long if you know how to use it." && insight.author == "Seneca")
  }

  @Test func tagsPropertyRules() {
    let parsed = note("---\ntags: \"a, #b c\"\n---\n")
    #expect(parsed.uniqueTags == ["a", "b", "c"])
    let invalid = note("---\ntags: [ok, 1984]\n---\n")
    #expect(invalid.uniqueTags == ["ok"])
    #expect(messages(invalid) == ["Note.md:2:1: warning: '1984' is not a valid tag"])
    let cased = note("---\ntags: [Work]\n---\n#work and #WORK/sub\n")
    #expect(cased.uniqueTags == ["Work", "WORK/sub"])
  }
}
