import Foundation
import TestSupport
import Testing

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
}
