import Testing

@testable import VaultCore

@Suite struct DateTests {
  @Test(arguments: [
    ("2026-11-22", "2026-11-22"), ("2024-02-29", "2024-02-29"), ("2000-02-29", "2000-02-29"),
  ])
  func validDates(text: String, expected: String) {
    #expect(DateParsing.validDate(text)?.description == expected)
  }

  @Test(arguments: ["2026-02-30", "2026-13-01", "2026-04-31", "1900-02-29", "2026-00-10"])
  func impossibleDates(text: String) {
    guard case .impossible = DateParsing.date(text) else {
      Issue.record("\(text) should be impossible")
      return
    }
  }

  @Test(arguments: ["26-11-22", "2026/11/22", "2026-11-2", "tomorrow", "", "2026-11-22x"])
  func notDates(text: String) {
    guard case .notADate = DateParsing.date(text) else {
      Issue.record("\(text) should not be a date")
      return
    }
  }

  @Test func dayNumbersRoundTrip() {
    for number in stride(from: -800_000, through: 800_000, by: 997) {
      #expect(LocalDate(dayNumber: number).dayNumber == number)
    }
    #expect(LocalDate(year: 1970, month: 1, day: 1)?.dayNumber == 0)
    #expect(LocalDate(year: 2026, month: 11, day: 22)?.weekday == .sunday)
    #expect(LocalDate(year: 2026, month: 2, day: 28)?.adding(days: 1).description == "2026-03-01")
    #expect(LocalDate(year: 2028, month: 2, day: 28)?.adding(days: 1).description == "2028-02-29")
  }

  @Test(arguments: [
    ("2026-11-22T19:30", "2026-11-22T19:30"), ("2026-11-22 19:30:15", "2026-11-22T19:30:15"),
    ("2026-11-22T19:30:00Z", "2026-11-22T19:30Z"), ("2026-11-22T19:30:00.250+01:00", "2026-11-22T19:30+01:00"),
    ("2026-11-22T07:05-0530", "2026-11-22T07:05-05:30"),
  ])
  func dateTimes(text: String, expected: String) {
    guard case .value(let value) = DateParsing.dateTime(text) else {
      Issue.record("\(text) should parse")
      return
    }
    #expect(value.description == expected)
  }

  @Test(arguments: [
    ("19:30", "19:30"), ("7:05", "07:05"), ("7:30 pm", "19:30"), ("7:30PM", "19:30"), ("12:00 am", "00:00"),
    ("12:15 pm", "12:15"), ("7pm", "19:00"), ("09:00:30", "09:00:30"),
  ])
  func times(text: String, expected: String) {
    #expect(DateParsing.time(text)?.description == expected)
  }

  @Test(arguments: ["25:00", "19:60", "13:00 pm", "7", "19.30", "", "noon"])
  func notTimes(text: String) {
    #expect(DateParsing.time(text) == nil)
  }
}

@Suite struct MomentFormatTests {
  static let day = LocalDate(dayNumber: 20_456)

  @Test(arguments: [
    ("YYYY-MM-DD", "2026-01-03"), ("YYYY/MM/YYYY-MM-DD", "2026/01/2026-01-03"),
    ("YYYY/MMMM/YYYY-MMM-DD", "2026/January/2026-Jan-03"), ("dddd, MMMM Do YYYY", "Saturday, January 3rd 2026"),
    ("DD.MM.YY", "03.01.26"), ("[Week] ww, YYYY", "Week 01, 2026"), ("GGGG-[W]WW", "2026-W01"),
    ("YYYYMMDD", "20260103"), ("D MMM YYYY ddd", "3 Jan 2026 Sat"),
  ])
  func formatsAndParsesBack(format: String, expected: String) {
    let moment = MomentFormat(format)
    #expect(moment.format(Self.day) == expected)
    if format.contains("D") {
      #expect(moment.parseDate(expected) == Self.day)
    }
  }

  @Test func rejectsWhatDoesNotRoundTrip() {
    #expect(MomentFormat("YYYY-MM-DD").parseDate("2026-1-3") == nil)
    #expect(MomentFormat("YYYY-MM-DD").parseDate("2026-02-30") == nil)
    #expect(MomentFormat("dddd YYYY-MM-DD").parseDate("Monday 2026-01-03") == nil)
    #expect(MomentFormat("YYYY-MM-DD").parseDate("2026-01-03 notes") == nil)
  }

  @Test(arguments: [
    ("2026-12-28", 2026, 53), ("2027-01-01", 2026, 53), ("2027-01-04", 2027, 1), ("2024-12-30", 2025, 1),
  ])
  func isoWeeks(date: String, year: Int, week: Int) throws {
    let day = try #require(DateParsing.validDate(date))
    let result = MomentFormat.week(day, firstDay: 1, minDaysInFirstWeek: 4)
    #expect(result.year == year && result.week == week)
  }

  @Test func dailyNotePaths() {
    let settings = DailyNoteSettings(folder: "Journal", format: "YYYY/MM/YYYY-MM-DD")
    #expect(settings.date(forPath: "Journal/2026/11/2026-11-22.md")?.description == "2026-11-22")
    #expect(settings.date(forPath: "Journal/2026/12/2026-11-22.md") == nil)
    #expect(settings.date(forPath: "Other/2026/11/2026-11-22.md") == nil)
    #expect(settings.path(for: Self.day) == "Journal/2026/01/2026-01-03.md")
    #expect(DailyNoteSettings().date(forPath: "2026-11-22.md")?.description == "2026-11-22")
    #expect(DailyNoteSettings().date(forPath: "Notes/2026-11-22.md") == nil)
  }
}
