import Foundation
import TestSupport
import Testing

/// CalDAV never answers success for what it cannot keep: an object whose note would be too large
/// to read back (a 630 KB title) is refused with `max-resource-size`, one whose rule vault cannot
/// expand (every second, every minute, an interval of 0) with `valid-calendar-object-resource`,
/// each with the reason and before anything is written; what it accepts, GET returns.
@Suite struct CalDAVRefusalTests {
  static func event(uid: String, summary: String, rule: String? = nil) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vault tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
      + "DTSTAMP:20261122T000000Z\r\nDTSTART:20261130T090000Z\r\nDTEND:20261130T100000Z\r\nSUMMARY:\(summary)\r\n"
      + (rule.map { "RRULE:\($0)\r\n" } ?? "") + "END:VEVENT\r\nEND:VCALENDAR\r\n"
  }

  @Test func whatANoteCannotKeepIsRefusedAndNothingIsWritten() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Events").path)
    let calendar = server.base + "/dav/calendars/events/"
    let cases: [(String, String, String)] = [
      ("huge", Self.event(uid: "huge", summary: String(repeating: "Long title ", count: 58_000)), "max-resource-size"),
      ("secondly", Self.event(uid: "secondly", summary: "Every second", rule: "FREQ=SECONDLY"), "valid-calendar"),
      (
        "minutely", Self.event(uid: "minutely", summary: "Every minute", rule: "FREQ=MINUTELY;COUNT=5"),
        "valid-calendar"
      ),
      ("interval", Self.event(uid: "interval", summary: "Never", rule: "FREQ=DAILY;INTERVAL=0"), "valid-calendar"),
    ]
    for (name, body, precondition) in cases {
      let put = try HTTP.request(
        calendar + name + ".ics", method: "PUT", headers: ["Content-Type": "text/calendar; charset=utf-8"], body: body)
      #expect(put.status == 403, "\(name): \(put.status) \(put.body.prefix(300))")
      #expect(put.body.contains(precondition), "\(name): \(put.body.prefix(300))")
      let get = try HTTP.request(calendar + name + ".ics")
      #expect(get.status == 404, "\(name): GET after a refused PUT answered \(get.status)")
    }
    let after = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Events").path)
    #expect(after.sorted() == before.sorted())
    // A rule vault keeps is accepted, and GET gives it back.
    let weekly = Self.event(uid: "weekly", summary: "Every week", rule: "FREQ=WEEKLY;COUNT=5")
    let put = try HTTP.request(
      calendar + "weekly.ics", method: "PUT", headers: ["Content-Type": "text/calendar"], body: weekly)
    #expect(put.status == 201, "\(put.status) \(put.body)")
    let get = try HTTP.request(calendar + "weekly.ics")
    #expect(get.status == 200 && get.body.contains("RRULE:FREQ=WEEKLY;COUNT=5"), "\(get.status) \(get.body)")
  }

  /// A to-do whose rule a task line cannot say (twice a day, every minute): refused, with why,
  /// not kept as another rule. (COUNT and UNTIL are kept: CalDAVToDoRepetitionTests.)
  @Test func aToDoWhoseRuleNoTaskLineSaysIsRefused() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    for (name, rule, said) in [
      ("twice", "FREQ=DAILY;BYHOUR=6,18", "FREQ=DAILY;BYHOUR=6,18"), ("minutes", "FREQ=MINUTELY", "FREQ=MINUTELY"),
    ] {
      let body =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vault tests//EN\r\nBEGIN:VTODO\r\nUID:\(name)\r\n"
        + "DTSTAMP:20261122T000000Z\r\nDUE;VALUE=DATE:20261201\r\nSUMMARY:Stretch\r\nRRULE:\(rule)\r\n"
        + "END:VTODO\r\nEND:VCALENDAR\r\n"
      let url = server.base + "/dav/calendars/tasks/\(name).ics"
      let put = try HTTP.request(url, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body)
      #expect(put.status == 403 && put.body.contains(said), "\(name): \(put.status) \(put.body.prefix(300))")
      #expect(try HTTP.request(url).status == 404)
    }
    // (Reading the list gives its tasks ids; the refused to-do is in no note.)
    let notes = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
    for note in notes {
      let text = try String(contentsOf: folder.appendingPathComponent(note), encoding: .utf8)
      #expect(!text.contains("Stretch"), "\(note)")
    }
  }
}
