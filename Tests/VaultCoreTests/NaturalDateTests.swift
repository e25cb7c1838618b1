import Testing

@testable import VaultCore

/// Dates and times as typed on a command line. Today is Sunday 22 November 2026.
@Suite struct NaturalDateTests {
  static let today = DateParsing.validDate("2026-11-22") ?? LocalDate(dayNumber: 0)

  @Test(arguments: [
    ("today", "2026-11-22"), ("Tomorrow", "2026-11-23"), ("yesterday", "2026-11-21"),
    ("fri", "2026-11-27"), ("Friday", "2026-11-27"), ("sun", "2026-11-22"), ("next sunday", "2026-11-29"),
    ("next fri", "2026-11-27"), ("in 3 days", "2026-11-25"), ("in 2 weeks", "2026-12-06"),
    ("in 1 month", "2026-12-22"), ("+3d", "2026-11-25"), ("+2w", "2026-12-06"), ("+1m", "2026-12-22"),
    ("-1d", "2026-11-21"), ("dec 5", "2026-12-05"), ("5 dec", "2026-12-05"), ("December 5", "2026-12-05"),
    ("nov 1", "2027-11-01"), ("feb 29", "2028-02-29"), ("2026-12-05", "2026-12-05"), ("5th dec", "2026-12-05"),
  ])
  func dates(text: String, expected: String) throws {
    #expect(try NaturalDate.date(text, today: Self.today).get().description == expected)
  }

  /// Looking back (`journal list --from`, `insights --since`): the last such day, today included;
  /// what names one day exactly stays as it is.
  @Test(arguments: [
    ("dec 5", "2025-12-05"), ("nov 22", "2026-11-22"), ("nov 1", "2026-11-01"), ("1 nov", "2026-11-01"),
    ("feb 29", "2024-02-29"), ("fri", "2026-11-20"), ("sun", "2026-11-22"), ("mon", "2026-11-16"),
    ("yesterday", "2026-11-21"), ("2027-01-03", "2027-01-03"), ("next fri", "2026-11-27"), ("-1d", "2026-11-21"),
  ])
  func datesLookingBack(text: String, expected: String) throws {
    #expect(try NaturalDate.date(text, today: Self.today, past: true).get().description == expected)
  }

  @Test(arguments: [
    ("someday", "'someday' is not a date vault understands: use \(NaturalDate.forms)"),
    ("2026-02-30", "'2026-02-30' is not a day of the calendar"),
    ("dec 32", "dec 32 is not a day of the calendar"),
    ("in many days", "'in many days' is not a date vault understands: use \(NaturalDate.forms)"),
  ])
  func wrongDatesSayWhatWorks(text: String, message: String) {
    guard case .failure(let problem) = NaturalDate.date(text, today: Self.today) else {
      Issue.record("\(text) should fail")
      return
    }
    #expect(problem.description == message)
  }

  @Test(arguments: [
    ("19:30", "19:30"), ("7pm", "19:00"), ("7:30 pm", "19:30"), ("12am", "00:00"), ("12pm", "12:00"),
    ("noon", "12:00"), ("09:05", "09:05"),
  ])
  func times(text: String, expected: String) throws {
    let time = try NaturalDate.time(text).get()
    #expect(String(format2: time.hour) + ":" + String(format2: time.minute) == expected)
  }

  @Test(arguments: ["7", "25:00", "13pm", "7:3", "half past"])
  func wrongTimes(text: String) {
    guard case .failure = NaturalDate.time(text) else {
      Issue.record("\(text) should fail")
      return
    }
  }
}

extension String {
  init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
