import Foundation
import TestSupport
import Testing
import VaultCore

/// A to-do a phone makes to repeat a number of times (COUNT) or until a day (UNTIL) is kept, and
/// counted: its line repeats until the day of its last time, ticking it off that many times
/// leaves no open one, and the phone gets back the rule it sent.
@Suite struct CalDAVToDoRepetitionTests {
  static func todo(_ uid: String, rule: String) -> String {
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20261120T120000Z", "DTSTART:20261201T065500Z", "DUE;VALUE=DATE:20261201", "SUMMARY:Take the pills",
      "RRULE:\(rule)", "END:VTODO", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"
  }

  func lines(_ folder: URL) throws -> [String] {
    try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8).split(separator: "\n")
      .filter { $0.contains("Take the pills") }.map(String.init)
  }

  @Test func aToDoRepeatedThreeTimesIsTickedOffThreeTimes() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let url = server.base + "/dav/calendars/tasks/pills.ics"
    // BYHOUR and BYMINUTE only say the time of DTSTART again: a task line has days.
    let sent = Self.todo("pills", rule: "FREQ=DAILY;BYHOUR=6;BYMINUTE=55;COUNT=3")
    let put = try HTTP.request(url, method: "PUT", headers: ["Content-Type": "text/calendar"], body: sent)
    #expect(put.status == 201, "\(put.body)")
    #expect(
      try lines(folder) == ["- [ ] Take the pills 🆔 pills 🔁 every day until December 3, 2026 🛫 2026-12-01 📅 2026-12-01"]
    )
    let back = try HTTP.request(url)
    #expect(back.body.contains("RRULE:FREQ=DAILY;BYHOUR=6;BYMINUTE=55;COUNT=3\r\n"), "\(back.body)")

    for day in ["2026-12-01", "2026-12-02", "2026-12-03"] {
      let done = try CLI.run(
        ["done", "Take the pills"], inVault: folder, today: day, extra: ["VAULT_INDEX": folder.path + "-index.sqlite"])
      #expect(done.status == 0, "\(done.stderr)")
    }
    let after = try lines(folder)
    #expect(after.count == 3 && after.allSatisfy { $0.hasPrefix("- [x] ") }, "\(after)")
    #expect(after.contains { $0.contains("📅 2026-12-03 ✅ 2026-12-03") })
  }

  @Test func anEndDayComesBackAsTheRuleSent() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let url = server.base + "/dav/calendars/tasks/pills-until.ics"
    let sent = Self.todo("pills-until", rule: "FREQ=WEEKLY;UNTIL=20261229T235959Z")
    let put = try HTTP.request(url, method: "PUT", headers: ["Content-Type": "text/calendar"], body: sent)
    #expect(put.status == 201, "\(put.body)")
    #expect(try lines(folder).first?.contains("🔁 every week until December 29, 2026") == true)
    #expect(try HTTP.request(url).body.contains("RRULE:FREQ=WEEKLY;UNTIL=20261229T235959Z\r\n"))
  }

  /// The to-dos a time-range query finds (RFC 4791 9.9) are those `recurring-ical-events` finds
  /// in the to-dos the server gives, each repetition of a repeating one included
  /// (Fixtures/Oracles/time-ranges): 120 tasks with the Tasks plugin's rules, start and due
  /// days, asked 50 spans of 1 to 60 days from 2026 to 2029. vault reads a span by days, a day
  /// wider either side (for zones), and a due day as the whole day (RFC 5545's DUE date ends as
  /// the day begins), so it may also give a to-do a day or two from the span, never one further
  /// away, and never misses one.
  @Test func aTimeRangeFindsEachRepetitionOfARepeatingToDo() throws {
    let folder = try Fixture.copy("ExampleVault").deletingLastPathComponent().appendingPathComponent("Repeating")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    let rules = [
      "every day", "every 3 days", "every weekday", "every week", "every week on Sunday",
      "every week on Tuesday, Friday", "every 2 weeks", "every 2 weeks on Tuesday, Friday", "every Monday and Thursday",
      "every month", "every 2 months", "every month on the 1st", "every month on the last",
      "every month on the last Friday", "every 6 months on the 2nd Wednesday", "every January on the 15th",
      "every April and December on the 1st and 24th", "every year", "every day until December 3, 2028", "",
    ]
    var random = SeededRandom(seed: 20_261_201)
    let first = try #require(LocalDate(year: 2025, month: 10, day: 1))
    var lines: [String] = []
    for number in 0..<120 {
      let due = first.adding(days: random.below(900))
      var line = "- [ ] Chore \(number) 🆔 chore\(number)"
      let rule = rules[random.below(rules.count)]
      if !rule.isEmpty { line += " 🔁 \(rule)" }
      switch random.below(3) {
      case 0: line += " 🛫 \(due.adding(days: -random.below(20))) 📅 \(due)"
      case 1: line += " 🛫 \(due)"
      default: line += " 📅 \(due)"
      }
      lines.append(line)
    }
    try ("# Tasks\n\n" + lines.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("Tasks.md"), atomically: true, encoding: .utf8)
    // In UTC: a task's days are floating dates, which vault reads in its zone (RFC 4791 7.3) and
    // the oracle compares with the span's UTC moments as they are; in UTC the two readings agree.
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment.merging(["TZ": "UTC"]) { $1 })
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/time-ranges").path
    let output = try Oracle.run("python3", [oracle, "VTODO", server.base + "/dav/calendars/tasks/", "20261201", "50"])
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    #expect(seen["objects"] as? Int == 120, "\(output.prefix(500))")
    let spans = seen["spans"] as? [[String: Any]] ?? []
    #expect(spans.count == 50)
    var found = 0
    for span in spans {
      let vault = Set(span["vault"] as? [String] ?? [])
      let oracle = Set(span["oracle"] as? [String] ?? [])
      let widened = Set(span["widened"] as? [String] ?? [])
      found += oracle.count
      let missed = oracle.subtracting(vault).sorted()
      let further = vault.subtracting(widened).sorted()
      #expect(missed.isEmpty, "\(span["span"] ?? ""): vault missed \(missed)")
      #expect(further.isEmpty, "\(span["span"] ?? ""): vault gave \(further)")
    }
    // Most spans meet repetitions, not only the tasks' own days.
    #expect(found > 50 * 15, "\(found)")
  }
}

extension CalDAVToDoRepetitionTests {
  /// `<expand>` of a repeating to-do (RFC 4791 9.6.5): one VTODO for each repetition in the span,
  /// its DTSTART and DUE on the repetition's day at the times the client sent, with RECURRENCE-ID
  /// and no rule; a to-do that does not repeat comes as it is.
  @Test func anExpandedRepeatingToDoIsItsRepetitionsInTheSpan() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let body = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN", "BEGIN:VTODO", "UID:rent-1",
      "DTSTAMP:20261120T120000Z", "DTSTART:20261212T120000Z", "DUE:20261212T170000Z", "SUMMARY:Pay the rent",
      "RRULE:FREQ=MONTHLY", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let put = try HTTP.request(
      server.base + "/dav/calendars/tasks/rent-1.ics", method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: body)
    #expect(put.status == 201, "\(put.body)")
    let query = """
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data>\
      <c:expand start="20270101T000000Z" end="20270401T000000Z"/></c:calendar-data></d:prop><c:filter>\
      <c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="20270101T000000Z" \
      end="20270401T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
      """
    let answer = try HTTP.request(
      server.base + "/dav/calendars/tasks/", method: "REPORT", headers: ["Depth": "1"], body: query)
    #expect(answer.status == 207)
    let unfolded = answer.body.replacingOccurrences(of: "&#13;", with: "\r").replacingOccurrences(of: "\r\n ", with: "")
    let rent = unfolded.components(separatedBy: "<d:response>").first { $0.contains("UID:rent-1") } ?? ""
    let starts = rent.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") }.map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(starts == ["DTSTART:20270112T120000Z", "DTSTART:20270212T120000Z", "DTSTART:20270312T120000Z"], "\(rent)")
    #expect(rent.contains("RECURRENCE-ID:20270212T120000Z") && rent.contains("DUE:20270212T170000Z"), "\(rent)")
    #expect(!rent.contains("RRULE"), "\(rent)")
  }
}
