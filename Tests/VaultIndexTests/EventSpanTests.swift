import Foundation
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// A span of days reads only the events that can fall in it (`IndexStore.events(from:through:)`
/// leaves out the yearly events whose day of the year is elsewhere): what it reads must hold
/// every occurrence that reading all events gives.
@Suite struct EventSpanTests {
  /// Yearly events in each way a rule is written, on days around the year's end, a leap day,
  /// several days long, in another time zone; and other rules beside them.
  static let files: [String: String] = {
    var files: [String: String] = [:]
    let days = ["1990-01-01", "1985-12-31", "2000-02-29", "1979-03-01", "2010-06-15", "1999-12-30", "2020-01-02"]
    let rules = [
      "repeat: yearly", "repeat: Annually", "repeat: every year", "repeat: every 2 years",
      "type: rrule\nrrule: FREQ=YEARLY", "type: rrule\nrrule: FREQ=YEARLY;BYMONTH=7", "repeat: monthly",
    ]
    for (number, day) in days.enumerated() {
      for (kind, rule) in rules.enumerated() {
        var text = "---\ntitle: Event \(number)-\(kind)\ndate: \(day)\n\(rule)\n"
        if kind == 1 { text += "endDate: \(DateParsing.validDate(day)?.adding(days: 3).description ?? day)\n" }
        if kind == 2 && number % 2 == 0 { text += "startTime: \"23:30\"\ntimeZone: Pacific/Auckland\n" }
        files["Events/\(number)-\(kind).md"] = text + "---\n"
      }
    }
    return files
  }()

  @Test func aSpansEventsHoldEveryOccurrenceInIt() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let all = try store.events()
    #expect(all.count == 49)
    // Four years at once read every event (a span of a year or more leaves none out).
    let wide = try #require(DateParsing.validDate("2026-01-01"))...(try #require(DateParsing.validDate("2029-12-31")))
    let everyDay = try vault.agenda(in: store, from: wide.lowerBound, through: wide.upperBound)
    let expected = Dictionary(uniqueKeysWithValues: everyDay.map { ($0.date, Self.shown($0)) })
    let starts = ["2026-12-20", "2026-12-31", "2027-01-01", "2028-02-27", "2027-02-28", "2026-06-15", "2026-11-22"]
    for start in starts {
      let from = try #require(DateParsing.validDate(start))
      for length in [1, 3, 12, 30, 364, 365, 366, 500] {
        let through = from.adding(days: length - 1)
        for day in try vault.agenda(in: store, from: from, through: through) {
          #expect(Self.shown(day) == expected[day.date], "\(start), \(length) days: \(day.date)")
        }
        let read = try store.events(from: from, through: through)
        if length <= 30 { #expect(read.count < all.count, "\(start), \(length) days: nothing left out") }
      }
    }
  }

  /// The dashboard reads the yearly events whose day comes soon, not all: its countdowns
  /// must be the first of those that all events give, ties by title included.
  @Test func theDashboardsCountdownsAreTheFirstOfAllEvents() throws {
    var files = Self.files
    // Many birthdays on a few days (ties), some ended, skipped or begun later.
    for number in 0..<40 {
      let day = String(format: "19%02d-%02d-%02d", 50 + number, 1 + number % 12, 1 + number * 7 % 28)
      var text = "---\ntitle: Birthday \(number % 7)\ndate: \(day)\nrepeat: yearly\n"
      if number % 9 == 0 { text += "endRecur: 2026-06-01\n" }
      if number % 11 == 0 { text += "skipDates: [2027-\(day.dropFirst(5))]\n" }
      files["Events/Birthday \(number).md"] = text + "---\n"
    }
    files["Events/Later.md"] = "---\ntitle: Later\ndate: 2030-01-05\nrepeat: yearly\n---\n"
    // Called-off one-off events, the first eight to come after 19 December: no countdown, so
    // the dashboard looks past them for the concert.
    for day in 20...27 {
      files["Events/Called off \(day).md"] = "---\ntitle: Called off\ndate: 2026-12-\(day)\nstatus: cancelled\n---\n"
    }
    files["Events/Concert.md"] = "---\ntitle: Concert\ndate: 2026-12-28\n---\n"
    // Just before the year's end: yearly events that ended, and ones whose day this year is
    // skipped; none comes, so the next ones are further on.
    for day in 21...24 {
      files["Events/Ended \(day).md"] =
        "---\ntitle: Ended\ndate: 2001-12-\(day)\nrepeat: yearly\nendRecur: 2020-01-01\n---\n"
      files["Events/Skipped \(day).md"] =
        "---\ntitle: Skipped\ndate: 2001-12-\(day)\nrepeat: yearly\nskipDates: [2026-12-\(day)]\n---\n"
    }
    let folder = try TemporaryVault(files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let all = try vault.events(in: store)
    for start in ["2026-12-19", "2026-12-20", "2026-12-31", "2027-02-27", "2027-06-15", "2027-10-02"] {
      let today = try #require(DateParsing.validDate(start))
      for limit in [1, 3, 5, 12] {
        let expected = Countdown.upcoming(all, today: today, routine: false).prefix(limit)
          .map { "\($0.occurrence.event.path) \($0.occurrence.start)" }
        let shown = try vault.dashboard(in: store, today: today, limit: limit).countdowns
          .map { "\($0.occurrence.event.path) \($0.occurrence.start)" }
        #expect(shown == expected, "\(start), limit \(limit)")
      }
      let read = try store.events(around: today, upcoming: 3)
      #expect(read.count < all.count, "\(start): nothing left out")
    }
  }

  /// A day's events as the agenda shows them: which, from when.
  static func shown(_ day: Agenda.Day) -> [String] {
    day.events.map { "\($0.event.path) \($0.start) \($0.startTime.map { "\($0)" } ?? "")" }
  }
}
