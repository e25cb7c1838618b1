import Foundation
import TestSupport
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

/// Every moment.js token Obsidian's templates fill, in the `en` locale moment uses
/// there (expected values as moment 2.30 gives them for 2026-11-23 09:05:07, Monday, UTC+1).
@Suite struct MomentTokenTests {
  static let day = DateParsing.validDate("2026-11-23") ?? LocalDate(dayNumber: 0)
  static let time = LocalTime(hour: 9, minute: 5, second: 7) ?? .midnight

  @Test(arguments: [
    ("YYYY-MM-DD HH:mm", "2026-11-23 09:05"), ("YYYYYY", "+002026"), ("Y", "2026"), ("YY", "26"),
    ("Q Qo", "4 4th"), ("M Mo MM MMM MMMM", "11 11th 11 Nov November"), ("D Do DD", "23 23rd 23"),
    ("DDD DDDo DDDD", "327 327th 327"), ("d do dd ddd dddd", "1 1st Mo Mon Monday"), ("e E", "1 1"),
    ("w wo ww", "48 48th 48"), ("W Wo WW", "48 48th 48"), ("gg gggg GG GGGG", "26 2026 26 2026"),
    ("H HH h hh k kk", "9 09 9 09 9 09"), ("m mm s ss", "5 05 7 07"), ("A a", "AM am"), ("S SS SSS", "0 00 000"),
    ("Z ZZ", "+01:00 +0100"), ("X", "1795421107"), ("x", "1795421107000"), ("N NNNN", "AD Anno Domini"),
    ("LT", "9:05 AM"), ("LTS", "9:05:07 AM"), ("L", "11/23/2026"), ("l", "11/23/2026"),
    ("LL", "November 23, 2026"), ("ll", "Nov 23, 2026"), ("LLL", "November 23, 2026 9:05 AM"),
    ("lll", "Nov 23, 2026 9:05 AM"), ("LLLL", "Monday, November 23, 2026 9:05 AM"),
    ("llll", "Mon, Nov 23, 2026 9:05 AM"), ("[Week] W [of] YYYY", "Week 48 of 2026"),
  ])
  func tokens(format: String, expected: String) {
    #expect(MomentFormat(format).format(Self.day, time: Self.time, utcOffset: 3600) == expected)
  }

  @Test func afternoonAndMidnightHours() {
    let late = LocalTime(hour: 23, minute: 0)!
    #expect(MomentFormat("h A k").format(Self.day, time: late) == "11 PM 23")
    #expect(MomentFormat("h a k kk").format(Self.day, time: .midnight) == "12 am 24 24")
  }

  @Test func templateVariables() {
    let template = """
      {{title}} {{date}} {{time}} {{ date:dddd, MMMM Do YYYY }} {{time:h:mm A}}
      {{date:YYYY-MM-DD HH:mm}} {{DATE+1d:YYYY-MM-DD}} {{date-1w}} {{time+2h:HH:mm}} {{time+15h}}
      {{yesterday}} {{tomorrow}} {{date+1y:YYYY}} {{date+1q:MM}} <% tp.date.now() %> {{unknown}} {{date+1x}}
      """
    let filled = TemplateFiller.fill(
      template, title: "Plan", date: Self.day, time: Self.time, dateFormat: "YYYY/MM/DD", utcOffset: 3600)
    #expect(
      filled == """
        Plan 2026/11/23 09:05 Monday, November 23rd 2026 9:05 AM
        2026-11-23 09:05 2026-11-24 2026/11/16 11:05 00:05
        2026/11/22 2026/11/24 2027 02 <% tp.date.now() %> {{unknown}} {{date+1x}}
        """)
  }
}

/// The real moment.js (Debian's node-moment, installed by `make test`) formats a
/// year of days and times in every token the same way vault does.
@Suite struct MomentOracleTests {
  static let formats = [
    "YYYY-MM-DD HH:mm:ss", "YYYYYY Y YY", "Q Qo", "M Mo MM MMM MMMM", "D Do DD", "DDD DDDo DDDD", "d do dd ddd dddd",
    "e E", "w wo ww", "W Wo WW", "gg gggg GG GGGG", "H HH h hh k kk", "m mm s ss", "A a", "S SS SSS", "Z ZZ", "X x",
    "N NN NNN NNNN NNNNN", "LT LTS", "L l", "LL ll", "LLL lll", "LLLL llll", "[Week] W [of] GGGG, [day] E",
    "gggg-[W]ww", "YYYY-[Q]Q", "dddd, MMMM Do YYYY",
  ]

  @Test func agreesWithMomentJS() throws {
    // Days across year ends (ISO and US weeks differ there), leap days, times around noon.
    var cases: [(LocalDate, LocalTime, Int)] = []
    let times = [(0, 0, 0), (0, 30, 5), (11, 59, 59), (12, 0, 0), (13, 7, 9), (23, 59, 1)]
    let offsets = [0, 3600, -18_000, 19_800]
    var day = LocalDate(year: 2020, month: 12, day: 24)!
    var index = 0
    while day < LocalDate(year: 2029, month: 1, day: 8)! {
      let (hour, minute, second) = times[index % times.count]
      cases.append((day, LocalTime(hour: hour, minute: minute, second: second)!, offsets[index % offsets.count]))
      day = day.adding(days: index % 3 == 0 ? 1 : 11)
      index += 1
    }
    let inputs = cases.map { date, time, offset in
      let sign = offset < 0 ? "-" : "+"
      let zone = sign + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) % 3600 / 60, 2)
      return "\"\(date)T\(time.hourMinute):\(pad(time.second, 2))\(zone)\""
    }
    let script = """
      const moment = require('moment');
      const formats = \(try String(decoding: JSONSerialization.data(withJSONObject: Self.formats), as: UTF8.self));
      const out = [];
      for (const text of [\(inputs.joined(separator: ","))]) {
        const m = moment.parseZone(text);
        out.push(formats.map(f => m.format(f)));
      }
      console.log(JSON.stringify(out));
      """
    let output = try Oracle.run("node", ["-e", script], environment: ["NODE_PATH": "/usr/share/nodejs"])
    let expected = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String]])
    #expect(expected.count == cases.count)
    var mismatches = 0
    for ((date, time, offset), row) in zip(cases, expected) {
      for (format, want) in zip(Self.formats, row) {
        let got = MomentFormat(format).format(date, time: time, utcOffset: offset)
        if got != want, mismatches < 10 {
          Issue.record("\(date) \(time) \(offset) '\(format)': moment '\(want)', vault '\(got)'")
          mismatches += 1
        }
      }
    }
  }
}

/// Days split from seconds in one place: whole days round down, before 1970 too, and moving a
/// moment by seconds crosses midnight both ways.
@Suite struct SecondsSinceEpochTests {
  @Test(arguments: [
    (0, "1970-01-01T00:00:00"), (-1, "1969-12-31T23:59:59"), (86_399, "1970-01-01T23:59:59"),
    (-86_400, "1969-12-31T00:00:00"), (-86_401, "1969-12-30T23:59:59"), (1_795_000_000, "2026-11-18T11:06:40"),
  ])
  func secondsSplitIntoDaysRoundingDown(seconds: Int, expected: String) {
    let moment = LocalDateTime(secondsSinceEpoch: seconds)
    #expect("\(moment.date)T\(moment.time.hourMinute):\(pad(moment.time.second, 2))" == expected)
    #expect(moment.secondsSinceEpoch == seconds)
  }

  @Test func addingSecondsCrossesMidnight() throws {
    let late = LocalDateTime(
      date: try #require(LocalDate(year: 2026, month: 12, day: 31)), time: try #require(LocalTime(hour: 23, minute: 30))
    )
    #expect(late.adding(seconds: 3600).description == "2027-01-01T00:30")
    #expect(late.adding(seconds: -86_400 - 1800).description == "2026-12-30T23:00")
  }
}
