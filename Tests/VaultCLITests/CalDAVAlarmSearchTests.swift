import Foundation
import TestSupport
import Testing
import VaultCore

/// A search by alarm time (a calendar-query with a time-range on VALARM, RFC 4791 9.9) finds the
/// events whose alarms go off in the span, as `recurring-ical-events` finds them in the events the
/// server gives (Fixtures/Oracles/time-ranges): 60 events, some repeating (some with a changed
/// occurrence that has alarms of its own, or none), with alarms before their start, after their
/// end, at a fixed moment and repeated, put by a client, then asked 60 spans of 10 minutes to 3
/// days.
@Suite struct CalDAVAlarmSearchTests {
  static func event(_ number: Int, from first: LocalDate, random: inout SeededRandom) -> String {
    let day = 1 + random.below(40)
    let start = ICalendarExport.date(first.adding(days: day))
    let (startHour, startMinute) = (6 + random.below(14), [0, 15, 30, 45][random.below(4)])
    let hour = String(format: "%02d%02d00", startHour, startMinute)
    var lines = [
      "BEGIN:VEVENT", "UID:alarm-\(number)", "DTSTAMP:20261120T120000Z", "DTSTART:\(start)T\(hour)Z",
      "DURATION:PT\(1 + random.below(3))H", "SUMMARY:Alarm \(number)",
    ]
    let rule = random.below(3) == 0 ? ["RRULE:FREQ=DAILY;COUNT=5", "RRULE:FREQ=WEEKLY"][random.below(2)] : nil
    if let rule { lines.append(rule) }
    func alarms(_ count: Int) -> [String] {
      (0..<count).flatMap { _ in
        var alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Alarm \(number)"]
        switch random.below(4) {
        case 0: alarm.append("TRIGGER:-PT\([5, 15, 30, 90][random.below(4)])M")
        case 1: alarm.append("TRIGGER:-P\(1 + random.below(2))D")
        case 2: alarm.append("TRIGGER;RELATED=END:PT\(random.below(30))M")
        default: alarm.append("TRIGGER;VALUE=DATE-TIME:\(start)T050000Z")
        }
        if random.below(4) == 0 { alarm += ["REPEAT:2", "DURATION:PT10M"] }
        return alarm + ["END:VALARM"]
      }
    }
    lines += alarms(1 + random.below(2)) + ["END:VEVENT"]
    // A changed occurrence (the second, two hours later) has alarms of its own, or none: they
    // are its alone, as the series' are not its.
    if rule != nil, random.below(2) == 0 {
      let second = ICalendarExport.date(first.adding(days: day + (rule?.contains("DAILY") == true ? 1 : 7)))
      let later = String(format: "%02d%02d00", startHour + 2, startMinute)
      lines += [
        "BEGIN:VEVENT", "UID:alarm-\(number)", "DTSTAMP:20261120T120000Z", "RECURRENCE-ID:\(second)T\(hour)Z",
        "DTSTART:\(second)T\(later)Z", "DURATION:PT1H", "SUMMARY:Alarm \(number), moved",
      ]
      lines += alarms(random.below(2)) + ["END:VEVENT"]
    }
    return (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN"] + lines + ["END:VCALENDAR"])
      .joined(separator: "\r\n") + "\r\n"
  }

  @Test func aSearchByAlarmTimeFindsTheEventsWhoseAlarmsGoOffThen() throws {
    let folder = try Fixture.copy("ExampleVault").deletingLastPathComponent().appendingPathComponent("Alarms")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    var random = SeededRandom(seed: 20_261_201)
    let first = try #require(LocalDate(year: 2026, month: 11, day: 25))
    for number in 0..<60 {
      let put = try HTTP.request(
        server.base + "/dav/calendars/events/alarm-\(number).ics", method: "PUT",
        headers: ["Content-Type": "text/calendar"], body: Self.event(number, from: first, random: &random))
      #expect(put.status == 201, "\(put.body)")
    }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/time-ranges").path
    let output = try Oracle.run(
      "python3", [oracle, "VALARM", server.base + "/dav/calendars/events/", "20261202", "60"])
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    #expect(seen["objects"] as? Int == 60, "\(output.prefix(500))")
    var found = 0
    for span in seen["spans"] as? [[String: Any]] ?? [] {
      let vault = Set(span["vault"] as? [String] ?? [])
      let oracle = Set(span["oracle"] as? [String] ?? [])
      found += oracle.count
      #expect(
        vault == oracle,
        "\(span["span"] ?? ""): vault missed \(oracle.subtracting(vault).sorted()), gave \(vault.subtracting(oracle).sorted())"
      )
    }
    print("alarm search: \(found) events found in 60 spans, as recurring-ical-events finds them")
    // The spans meet alarms, not only empty stretches.
    #expect(found > 60, "\(found)")
  }
}
