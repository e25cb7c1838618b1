import Foundation
import TestSupport
import Testing

/// Every occurrence of every event at the right moment, seen from any zone: generated recurring
/// events in zones of the tz database (half-hour and 45-minute offsets, southern hemisphere,
/// times in the night the clocks change) with daily, weekly, monthly and yearly rules, BYDAY,
/// COUNT, UNTIL and skipped days are written as notes, and `vault agenda --json` run with `TZ`
/// set to each of several viewer zones must list exactly the occurrences — day, start and end
/// with their offsets — that Python's `recurring-ical-events` and `zoneinfo` find for the same
/// events written as an .ics file, over two years that cross every change of daylight saving
/// time. A failure names the seed, the event and what each side found.
@Suite struct OccurrencesAcrossZonesTests {
  static let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/ics-zone-occurrences").path

  /// Zones events are kept in: both hemispheres, offsets of half and three quarters of an hour,
  /// a zone that changes by half an hour (Lord Howe), ones without daylight saving time.
  static let ownZones = [
    "America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu",
    "Australia/Sydney", "Australia/Adelaide", "Australia/Lord_Howe", "America/Santiago", "Pacific/Auckland",
    "America/St_Johns", "Asia/Tokyo", "Pacific/Chatham", "America/Sao_Paulo", "Africa/Cairo", "UTC",
  ]
  /// Zones they are seen from.
  static let viewers = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"]
  static let first = "2026-01-01"
  static let last = "2027-12-31"

  struct Generated {
    var title: String
    var note: String
    var ics: String
  }

  /// One random event, as a note and as a VEVENT.
  static func event(_ index: Int, _ random: inout SeededRandom) throws -> Generated {
    let title = "Event \(index)"
    let floating = random.below(10) == 0
    let zone = ownZones[random.below(ownZones.count)]
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var startDay = try #require(calendar.date(from: DateComponents(year: 2026, month: 1, day: 1)))
      .addingTimeInterval(Double(random.below(400)) * 86_400)
    // Often in the night the clocks change (01:00-03:00), else any time.
    let hour = random.below(3) == 0 ? 1 + random.below(2) : random.below(24)
    let minute = [0, 15, 30, 45][random.below(4)]
    let length = [30, 60, 90, 120, 180][random.below(5)]
    let endMinutes = hour * 60 + minute + length
    let (endHour, endMinute) = (endMinutes / 60 % 24, endMinutes % 60)
    let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    var rule: String
    switch random.below(6) {
    case 0: rule = "FREQ=DAILY;INTERVAL=\(3 + random.below(8))"
    case 1: rule = "FREQ=WEEKLY"
    case 2:
      let own = weekdays[calendar.component(.weekday, from: startDay) - 1]
      let other = weekdays[random.below(7)]
      rule = "FREQ=WEEKLY;BYDAY=" + Set([own, other]).sorted().joined(separator: ",")
    case 3: rule = "FREQ=MONTHLY"
    case 4:
      // The first day is one the rule gives (RFC 5545 leaves the set undefined otherwise).
      let (ordinal, weekday) = ([1, 2, -1][random.below(3)], random.below(7))
      rule = "FREQ=MONTHLY;BYDAY=\(ordinal)\(weekdays[weekday])"
      startDay = try Self.nth(ordinal, weekday: weekday + 1, inMonthOf: startDay, calendar)
    default: rule = "FREQ=YEARLY"
    }
    let day = calendar.dateComponents([.year, .month, .day, .weekday], from: startDay)
    var noteRule = rule
    var icsRule = rule
    switch random.below(4) {
    case 0:
      let count = 2 + random.below(30)
      noteRule += ";COUNT=\(count)"
      icsRule += ";COUNT=\(count)"
    case 1:
      // The last day on its own clock; the .ics says it as RFC 5545 wants beside a TZID: the
      // last second of that day, in UTC.
      let until = calendar.dateComponents(
        [.year, .month, .day], from: startDay.addingTimeInterval(Double(20 + random.below(300)) * 86_400))
      noteRule += ";UNTIL=" + compact(until)
      if floating {
        icsRule += ";UNTIL=" + compact(until) + "T235959"
      } else {
        var own = Calendar(identifier: .gregorian)
        own.timeZone = try #require(TimeZone(identifier: zone))
        var lastSecond = until
        (lastSecond.hour, lastSecond.minute, lastSecond.second) = (23, 59, 59)
        let instant = try #require(own.date(from: lastSecond))
        let utc = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        icsRule += ";UNTIL=" + compact(utc) + "T" + two(utc.hour) + two(utc.minute) + two(utc.second) + "Z"
      }
    default: break
    }
    // Skipped days: the first day's time a whole number of weeks later (weekly rules hit them).
    var skipped: [DateComponents] = []
    for _ in 0..<random.below(3) {
      skipped.append(
        calendar.dateComponents(
          [.year, .month, .day], from: startDay.addingTimeInterval(Double(7 * (1 + random.below(20))) * 86_400)))
    }
    let time = two(hour) + ":" + two(minute)
    let endTime = two(endHour) + ":" + two(endMinute)
    var note = """
      ---
      title: \(title)
      date: \(dashed(day))
      startTime: "\(time)"
      endTime: "\(endTime)"
      rrule: \(noteRule)

      """
    note += floating ? "floating: true\n" : "timezone: \(zone)\n"
    if !skipped.isEmpty { note += "skipDates: [" + skipped.map(dashed).joined(separator: ", ") + "]\n" }
    note += "---\n"
    let tzid = floating ? "" : ";TZID=\(zone)"
    let startText = compact(day) + "T" + two(hour) + two(minute) + "00"
    var endDay = day
    if endMinutes >= 24 * 60 {
      endDay = calendar.dateComponents([.year, .month, .day], from: startDay.addingTimeInterval(86_400))
    }
    var ics = """
      BEGIN:VEVENT\r
      UID:event-\(index)@zones.test\r
      DTSTAMP:20260101T000000Z\r
      SUMMARY:\(title)\r
      DTSTART\(tzid):\(startText)\r
      DTEND\(tzid):\(compact(endDay))T\(two(endHour))\(two(endMinute))00\r
      RRULE:\(icsRule)\r

      """
    for day in skipped { ics += "EXDATE\(tzid):\(compact(day))T\(two(hour))\(two(minute))00\r\n" }
    ics += "END:VEVENT\r\n"
    return Generated(title: title, note: note, ics: ics)
  }

  /// The `ordinal`th (from the end when negative) `weekday` (1 is Sunday) of `day`'s month.
  static func nth(_ ordinal: Int, weekday: Int, inMonthOf day: Date, _ calendar: Calendar) throws -> Date {
    let month = try #require(calendar.dateInterval(of: .month, for: day))
    let days = (0..<31).map { month.start.addingTimeInterval(Double($0) * 86_400) }.filter {
      $0 < month.end && calendar.component(.weekday, from: $0) == weekday
    }
    return ordinal > 0 ? days[ordinal - 1] : days[days.count + ordinal]
  }

  static func two(_ number: Int?) -> String { (number ?? 0) < 10 ? "0\(number ?? 0)" : "\(number ?? 0)" }
  static func compact(_ day: DateComponents) -> String { "\(day.year ?? 0)" + two(day.month) + two(day.day) }
  static func dashed(_ day: DateComponents) -> String { "\(day.year ?? 0)-" + two(day.month) + "-" + two(day.day) }

  struct AgendaDay: Decodable {
    struct Occurrence: Decodable {
      struct Item: Decodable { var title: String }
      struct Located: Decodable { var item: Item }
      var start: String
      var startsAt: String?
      var endsAt: String?
      var event: Located
    }
    var date: String
    var events: [Occurrence]
  }

  /// What zoneinfo shows from each viewer zone for the events of `calendar` that start from
  /// `first` through `last`: `title start end` for each occurrence.
  static func reference(_ calendar: String, from first: String, to last: String) throws -> [String: [String]] {
    let request: [String: Any] = ["path": calendar, "from": first, "to": last, "viewers": viewers]
    let input = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
    let rows = try JSONDecoder().decode(
      [String: [[String?]]].self, from: Data(try Oracle.run(oracle, [], input: input).utf8))
    return rows.mapValues { $0.map { $0.map { $0 ?? "" }.joined(separator: " ") } }
  }

  /// What `vault agenda --json` shows from `viewer` (`TZ`) in the same form, each occurrence on
  /// its first day, in the order listed (so one listed twice shows).
  static func shown(
    _ vault: URL, from viewer: String, _ first: String, _ last: String, index: String
  ) throws -> [String] {
    let result = try CLI.run(
      ["agenda", "--json", "--from", first, "--to", last], in: vault,
      environment: ["TZ": viewer, "VAULT_TODAY": first, "VAULT_INDEX": index])
    #expect(result.status == 0, "\(viewer): \(result.stderr)")
    let days = try JSONDecoder().decode([AgendaDay].self, from: Data(result.stdout.utf8))
    return days.flatMap { day in
      day.events.filter { $0.start == day.date }.map {
        [$0.event.item.title, $0.startsAt ?? "", $0.endsAt ?? ""].joined(separator: " ")
      }
    }
  }

  /// An index of its own for each viewer zone (a zone's views are kept in the index).
  static func index(in scratch: URL, for viewer: String) -> String {
    scratch.appendingPathComponent("index-\(viewer.replacingOccurrences(of: "/", with: "-")).sqlite").path
  }

  @Test(arguments: [UInt64(20_261_129), 7, 58])
  func everyOccurrenceIsWhereZoneinfoPutsItForEveryViewer(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let events = try (0..<40).map { try Self.event($0, &random) }
    let scratch = try ScratchFolder.make("zones-\(seed)")
    let vault = scratch.appendingPathComponent("vault")
    let folder = vault.appendingPathComponent("Events")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for event in events {
      try Data(event.note.utf8).write(to: folder.appendingPathComponent(event.title + ".md"))
    }
    let ics = scratch.appendingPathComponent("events.ics")
    let calendar =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vault tests//zones//EN\r\n" + events.map(\.ics).joined()
      + "END:VCALENDAR\r\n"
    try Data(calendar.utf8).write(to: ics)
    let expected = try Self.reference(ics.path, from: Self.first, to: Self.last)
    var compared = 0
    for viewer in Self.viewers {
      let found = try Self.shown(
        vault, from: viewer, Self.first, Self.last, index: Self.index(in: scratch, for: viewer))
      let mine = Set(found)
      let theirs = Set(expected[viewer] ?? [])
      compared += theirs.count
      let missing = theirs.subtracting(mine).sorted()
      let extra = mine.subtracting(theirs).sorted()
      if !missing.isEmpty || !extra.isEmpty {
        let names = Set((missing + extra).compactMap { $0.split(separator: " ").prefix(2).joined(separator: " ") })
        let notes = events.filter { names.contains($0.title) }.prefix(3).map { $0.note + $0.ics }.joined(
          separator: "\n")
        Issue.record(
          """
          seed \(seed), seen from \(viewer): \(missing.count) occurrences only in zoneinfo, \(extra.count) only in vault
          only zoneinfo: \(missing.prefix(8))
          only vault: \(extra.prefix(8))
          \(notes)
          """)
      }
      #expect(found.count == mine.count, "\(viewer): an occurrence was listed twice")
    }
    #expect(compared > 2_000, "too few occurrences compared: \(compared)")
    print("seed \(seed): \(compared) occurrences compared with zoneinfo across \(Self.viewers.count) viewer zones")
  }

  /// The case a person meets first: weekly calls kept in seven zones, seen from five, over thirty
  /// weeks that cross both hemispheres' changes of clock (the autumn of 2026 in the north, the
  /// spring in the south, March 2027 in the north): 1,050 occurrences, each on zoneinfo's day at
  /// zoneinfo's time.
  @Test func weeklyCallsInSevenZonesSeenFromFiveAreAllAtTheRightMoment() throws {
    let zones = [
      "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "America/Santiago", "Asia/Tokyo",
      "Pacific/Auckland",
    ]
    let scratch = try ScratchFolder.make("weekly-calls")
    let vault = scratch.appendingPathComponent("vault")
    let folder = vault.appendingPathComponent("Events")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vault tests//calls//EN\r\n"
    for (index, zone) in zones.enumerated() {
      let title = "Call \(index)"
      try Data(
        """
        ---
        title: \(title)
        date: 2026-09-07
        startTime: "09:00"
        endTime: "10:00"
        repeat: weekly
        until: 2027-03-29
        timezone: \(zone)
        ---

        """.utf8
      ).write(to: folder.appendingPathComponent(title + ".md"))
      ics += """
        BEGIN:VEVENT\r
        UID:call-\(index)@zones.test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:\(title)\r
        DTSTART;TZID=\(zone):20260907T090000\r
        DTEND;TZID=\(zone):20260907T100000\r
        RRULE:FREQ=WEEKLY;COUNT=30\r
        END:VEVENT\r

        """
    }
    ics += "END:VCALENDAR\r\n"
    let file = scratch.appendingPathComponent("calls.ics")
    try Data(ics.utf8).write(to: file)
    let expected = try Self.reference(file.path, from: "2026-09-01", to: "2027-04-10")
    var right = 0
    var total = 0
    for viewer in Self.viewers {
      let found = Set(
        try Self.shown(vault, from: viewer, "2026-09-01", "2027-04-10", index: Self.index(in: scratch, for: viewer)))
      let reference = expected[viewer] ?? []
      total += reference.count
      right += reference.filter(found.contains).count
      #expect(found.count == reference.count, "\(viewer): vault lists \(found.count), zoneinfo \(reference.count)")
    }
    print("weekly calls in seven zones seen from five: \(right) of \(total) occurrences at zoneinfo's moment")
    #expect(total == 1_050)
    #expect(right == 1_050)
  }

  /// Shapes of real calendars, imported and then seen from each viewer zone, as
  /// `recurring-ical-events` expands the file itself: Windows zone names in TZID (Outlook), a
  /// zoned DTSTART with a floating DTEND, EXDATE in UTC on a zoned and on a floating series, an
  /// override (RECURRENCE-ID) in another zone than its series, an UNTIL before DTSTART (no
  /// occurrence), and two VEVENTs sharing one UID without RECURRENCE-ID (the first stands).
  @Test func realWorldZoneShapesImportAsTheReferenceExpandsThem() throws {
    let file = Fixture.testsFolder.appendingPathComponent("Fixtures/Calendars/zone-shapes.ics")
    let scratch = try ScratchFolder.make("zone-shapes")
    let vault = scratch.appendingPathComponent("vault")
    try FileManager.default.createDirectory(
      at: vault.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    let index = scratch.appendingPathComponent("index.sqlite").path
    let imported = try CLI.run(
      ["import", "ics", file.path], in: vault,
      environment: ["TZ": "UTC", "VAULT_TODAY": "2026-01-01", "VAULT_INDEX": index])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(!imported.stderr.contains("unknown time zone"), "\(imported.stderr)")
    let expected = try Self.reference(file.path, from: "2026-01-01", to: "2026-12-31")
    for viewer in Self.viewers {
      let found = Set(try Self.shown(vault, from: viewer, "2026-01-01", "2026-12-31", index: index))
      let reference = Set(expected[viewer] ?? [])
      #expect(reference.count >= 75)
      #expect(
        found == reference,
        "\(viewer): only the reference \(reference.subtracting(found).sorted()); only vault \(found.subtracting(reference).sorted())"
      )
    }
  }
}
