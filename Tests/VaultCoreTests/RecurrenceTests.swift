import Testing

@testable import VaultCore

/// Expected dates come from python-dateutil's rrule (an independent RFC 5545 implementation);
/// the script that printed them is in the comment of `rruleCases`.
@Suite struct RecurrenceTests {
  // from dateutil.rrule import rrulestr
  // r = rrulestr("DTSTART:<start>T000000\nRRULE:<rule>"); r.between(<from>, <through 23:59:59>, inc=True)
  static let rruleCases: [(String, String, String, String, String, String)] = [
    (
      "weekly-mo-we-fr", "20260105", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "20261201", "20261214",
      "2026-12-02 2026-12-04 2026-12-07 2026-12-09 2026-12-11 2026-12-14"
    ),
    (
      "monthly-2nd-monday", "20260112", "FREQ=MONTHLY;BYDAY=2MO", "20260101", "20261231",
      "2026-01-12 2026-02-09 2026-03-09 2026-04-13 2026-05-11 2026-06-08 2026-07-13 2026-08-10 2026-09-14 2026-10-12 2026-11-09 2026-12-14"
    ),
    (
      "monthly-last-friday", "20260130", "FREQ=MONTHLY;BYDAY=-1FR", "20260101", "20260630",
      "2026-01-30 2026-02-27 2026-03-27 2026-04-24 2026-05-29 2026-06-26"
    ),
    (
      "monthly-negative-monthday", "20260131", "FREQ=MONTHLY;BYMONTHDAY=-1", "20260101", "20260531",
      "2026-01-31 2026-02-28 2026-03-31 2026-04-30 2026-05-31"
    ),
    (
      "monthly-31st-skips", "20260131", "FREQ=MONTHLY", "20260101", "20260831",
      "2026-01-31 2026-03-31 2026-05-31 2026-07-31 2026-08-31"
    ),
    ("yearly-feb-29", "20240229", "FREQ=YEARLY", "20240101", "20321231", "2024-02-29 2028-02-29 2032-02-29"),
    (
      "yearly-bymonth-byday", "20261126", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "20260101", "20291231",
      "2026-11-26 2027-11-25 2028-11-23 2029-11-22"
    ),
    (
      "last-workday-setpos", "20260130", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "20260101", "20260630",
      "2026-01-30 2026-02-27 2026-03-31 2026-04-30 2026-05-29 2026-06-30"
    ),
    (
      "count", "20261201", "FREQ=DAILY;INTERVAL=3;COUNT=4", "20261101", "20270131",
      "2026-12-01 2026-12-04 2026-12-07 2026-12-10"
    ),
    (
      "until", "20261201", "FREQ=WEEKLY;UNTIL=20261222", "20261101", "20270131",
      "2026-12-01 2026-12-08 2026-12-15 2026-12-22"
    ),
    (
      "biweekly-tu-fr", "20261103", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR", "20261101", "20261231",
      "2026-11-03 2026-11-06 2026-11-17 2026-11-20 2026-12-01 2026-12-04 2026-12-15 2026-12-18 2026-12-29"
    ),
    (
      "yearly-bymonth-multi", "20260115", "FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=15", "20260101", "20271231",
      "2026-01-15 2026-07-15 2027-01-15 2027-07-15"
    ),
    (
      "yearly-byday-ordinal-in-year", "20260101", "FREQ=YEARLY;BYDAY=20MO", "20260101", "20281231",
      "2026-05-18 2027-05-17 2028-05-15"
    ),
    (
      "monthly-bymonthday-byday", "20260101", "FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", "20260101", "20271231",
      "2026-02-13 2026-03-13 2026-11-13 2027-08-13"
    ),
    (
      "wkst-su-interval2", "19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", "19970101", "19971231",
      "1997-08-05 1997-08-17 1997-08-19 1997-08-31"
    ),
    (
      "wkst-mo-interval2", "19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", "19970101", "19971231",
      "1997-08-05 1997-08-10 1997-08-19 1997-08-24"
    ),
    (
      "dtstart-not-matching", "20261103", "FREQ=MONTHLY;BYMONTHDAY=1", "20261101", "20270301",
      "2026-12-01 2027-01-01 2027-02-01 2027-03-01"
    ),
    ("yearly-in-range-after-many-years", "19660314", "FREQ=YEARLY", "20261101", "20271231", "2027-03-14"),
  ]

  @Test(arguments: rruleCases)
  func rruleExpandsAsDateutil(
    _ name: String, _ start: String, _ rule: String, _ from: String, _ through: String, _ expected: String
  ) throws {
    let parsed = try RecurrenceRule.parse(rrule: rule).get()
    let dates = parsed.occurrences(
      start: try Self.compact(start), in: try Self.compact(from)...(try Self.compact(through)))
    #expect(dates.map(\.description).joined(separator: " ") == expected, "\(name)")
  }

  static func compact(_ text: String) throws -> LocalDate {
    let number = try #require(Int(text))
    return try #require(LocalDate(year: number / 10000, month: number / 100 % 100, day: number % 100))
  }

  static func date(_ text: String) throws -> LocalDate { try #require(DateParsing.validDate(text)) }

  @Test func excludedDatesAreLeftOut() throws {
    let rule = try RecurrenceRule.parse(rrule: "FREQ=WEEKLY;BYDAY=TU").get()
    let dates = rule.occurrences(
      start: try Self.date("2026-12-01"), in: try Self.date("2026-12-01")...(try Self.date("2026-12-31")),
      excluding: [try Self.date("2026-12-22"), try Self.date("2026-12-29")])
    #expect(dates.map(\.description) == ["2026-12-01", "2026-12-08", "2026-12-15"])
  }

  @Test func countIncludesExcludedDays() throws {
    // RFC 5545: EXDATE removes instances after COUNT has generated them.
    let rule = try RecurrenceRule.parse(rrule: "RRULE:FREQ=DAILY;COUNT=3").get()
    let start = try Self.date("2026-12-01")
    let dates = rule.occurrences(
      start: start, in: start...(try Self.date("2026-12-31")), excluding: [try Self.date("2026-12-02")])
    #expect(dates.map(\.description) == ["2026-12-01", "2026-12-03"])
  }

  @Test(arguments: [
    ("FREQ=HOURLY", "FREQ=HOURLY is not supported: use DAILY, WEEKLY, MONTHLY or YEARLY"),
    ("FREQ=WEEKLY;BYHOUR=9", "BYHOUR is not supported (vault repeats whole days)"),
    ("BYDAY=MO", "a rule needs FREQ, such as FREQ=WEEKLY"),
    ("FREQ=WEEKLY;BYDAY=XX", "BYDAY 'XX' is not a day such as MO, 2TU or -1FR"),
    ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY must be days 1 to 31 or -1 to -31, not '32'"),
    ("FREQ=WEEKLY;BYDAY=2MO", "a numbered BYDAY such as 2MO needs FREQ=MONTHLY or FREQ=YEARLY"),
    ("FREQ=DAILY;INTERVAL=0", "INTERVAL must be a positive number, not '0'"),
    ("FREQ=DAILY;UNTIL=soon", "UNTIL must be a date such as 20271231, not 'SOON'"),
  ])
  func badRulesSayWhy(rule: String, message: String) {
    guard case .failure(let error) = RecurrenceRule.parse(rrule: rule) else {
      Issue.record("\(rule) should fail")
      return
    }
    #expect(error.description == message)
  }

  @Test(arguments: [
    ("daily", "FREQ=DAILY"),
    ("Yearly", "FREQ=YEARLY"),
    ("every day", "FREQ=DAILY"),
    ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
    ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    ("every week on Sunday", "FREQ=WEEKLY;BYDAY=SU"),
    ("every week on Tuesday, Friday", "FREQ=WEEKLY;BYDAY=TU,FR"),
    ("every 2 weeks on Tuesday, Friday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR"),
    ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
    ("every Monday and Thursday", "FREQ=WEEKLY;BYDAY=MO,TH"),
    ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1"),
    ("every month on the last", "FREQ=MONTHLY;BYMONTHDAY=-1"),
    ("every month on the last Friday", "FREQ=MONTHLY;BYDAY=-1FR"),
    ("every 6 months on the 2nd Wednesday", "FREQ=MONTHLY;INTERVAL=6;BYDAY=2WE"),
    ("every January on the 15th", "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15"),
    ("every April and December on the 1st and 24th", "FREQ=YEARLY;BYMONTH=4,12;BYMONTHDAY=1,24"),
    ("every year", "FREQ=YEARLY"),
    ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
  ])
  func tasksPhrases(phrase: String, rrule: String) throws {
    let rule = try #require(RecurrenceRule.parse(phrase: phrase))
    #expect(rule.rruleText == rrule)
    #expect(!rule.whenDone)
  }

  @Test func whenDoneIsKept() throws {
    let rule = try #require(RecurrenceRule.parse(phrase: "every 2 weeks when done"))
    #expect(rule.rruleText == "FREQ=WEEKLY;INTERVAL=2")
    #expect(rule.whenDone)
  }

  /// rrule.js's `until` clause (the Tasks plugin reads it, obsidian-tasks#2897): read, and
  /// written back as rrule.js's `toText` writes it, before `when done`.
  @Test(arguments: [
    ("every day until December 3, 2026", "FREQ=DAILY;UNTIL=20261203", "every day until December 3, 2026"),
    (
      "every week on Monday until jan 5 2027 when done", "FREQ=WEEKLY;UNTIL=20270105;BYDAY=MO",
      "every week on Monday until January 5, 2027 when done"
    ),
  ])
  func anEndDayIsReadAndWrittenAsRruleJsWritesIt(phrase: String, rrule: String, text: String) throws {
    let rule = try #require(RecurrenceRule.parse(tasksRule: phrase))
    #expect(rule.rruleText == rrule)
    #expect(rule.tasksText == text)
    #expect(RecurrenceRule.parse(tasksRule: rule.tasksText) == rule)
  }

  @Test(arguments: [
    "every", "every fortnight-ish", "sometimes", "every week on the 1st", "every year on the 15th",
    "every day until February 30, 2026", "every day until tomorrow", "every day until December 2026",
  ])
  func notPhrases(phrase: String) {
    #expect(RecurrenceRule.parse(phrase: phrase) == nil)
  }

  @Test func fullCalendarWeekdaysAndMonthDays() throws {
    #expect(try Recurrence.weekdays([.tuesday]).rule.get().rruleText == "FREQ=WEEKLY;BYDAY=TU")
    #expect(try Recurrence.monthDay(day: 15, month: nil).rule.get().rruleText == "FREQ=MONTHLY;BYMONTHDAY=15")
    #expect(
      try Recurrence.monthDay(day: 29, month: 2).rule.get().rruleText == "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29")
  }

  @Test func nextOccurrence() throws {
    let rule = try #require(RecurrenceRule.parse(phrase: "every month on the last Friday"))
    let next = rule.next(after: try Self.date("2026-11-27"), start: try Self.date("2026-01-01"))
    #expect(next?.description == "2026-12-25")
  }
}
